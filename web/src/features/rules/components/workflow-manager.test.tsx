import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { AppUser, RuleGroup, TriggerSet } from '../../../lib/api/types';
import { adminUser, managerUser } from '../../../testing/fixtures';
import { currentUser, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

const SLOW = 60_000;

const lookups = {
  actionTypes: [
    { id: 1, name: 'Call', activityTypeId: 4 },
    { id: 2, name: 'Email', activityTypeId: 0 },
  ],
  activityTypes: [
    { id: 1, name: 'New Lead', event: 'LeadCreated' },
    { id: 13, name: 'Lead Lost', event: 'LeadStatusChanged' },
  ],
  filterTypes: [
    { filterId: 1, name: 'Lead type', kind: 'int' },
    { filterId: 3, name: 'New vehicle of interest', kind: 'bool' },
  ],
  ruleGroupTypes: [{ value: 1, name: 'General' }],
};

/**
 * rulesServer plays the rules calls over a list of rules: the grouped list, load, save (new
 * rules disabled, ids assigned, a rule without a name refused with its field), activation,
 * the deactivation counts (or their failure) and the deactivation, copies and the change log.
 */
type Rule = TriggerSet & { enabled?: boolean };

function rulesServer(initial: TriggerSet[], options: { countsFail?: boolean } = {}) {
  const rules: Rule[] = [...initial];
  const calls: string[] = [];
  const saved: TriggerSet[] = [];
  const groups: RuleGroup[] = [];
  const handlers = [
    http.get('*/pando/pandox/rulelist/grouped', () =>
      HttpResponse.json({ successful: true, data: rules.length ? [{ ruleGroupId: 0, ruleGroupName: 'Ungrouped', ruleGroupTypeId: 0, rules }] : [] }),
    ),
    http.get('*/pando/pandox/actiontypes', () => HttpResponse.json({ successful: true, data: lookups })),
    http.post('*/api/RuleGroup/search', () => HttpResponse.json({ successful: true, data: groups })),
    http.get('*/api/rulegroup/account_platform/:store/:kind', () => HttpResponse.json({ successful: true, data: { seedStatus: 0, canReseed: true } })),
    http.get('*/api/triggerset/:id/rule_status_counts', () =>
      options.countsFail
        ? HttpResponse.json({ successful: false, errorMessages: ['Counts are not available.'] }, { status: 500 })
        : HttpResponse.json({ successful: true, data: { distinctCustomers: 3, open: 4, overdue: 2 } }),
    ),
    http.get('*/api/triggerset/:id', ({ params }) => HttpResponse.json({ successful: true, data: rules.find((r) => r.id === Number(params.id)) })),
    http.post('*/api/TriggerSet', async ({ request }) => {
      const body = (await request.json()) as TriggerSet;
      saved.push(body);
      if (!body.name) return HttpResponse.json({ successful: false, errorMessages: ['The rule is not valid.'], fieldErrors: { name: "Enter the rule's name." } }, { status: 400 });
      const rule = { ...body, id: (body.id ?? 0) > 0 ? body.id : 900 + rules.length, enabled: false, updateuser: 'u-admin' };
      const i = rules.findIndex((r) => r.id === rule.id);
      if (i >= 0) rules[i] = rule;
      else rules.push(rule);
      return HttpResponse.json({ successful: true, data: rule });
    }),
    http.put('*/pando/pandox/triggers/activate/:id', ({ params }) => {
      calls.push(`activate ${params.id}`);
      const r = rules.find((x) => x.id === Number(params.id))!;
      Object.assign(r, { enabled: true });
      return HttpResponse.json({ successful: true, data: r });
    }),
    http.post('*/pando/pandox/triggers/deactivate/', async ({ request }) => {
      const body = (await request.json()) as { triggerSetId: number; stopWorkflows: boolean };
      calls.push(`deactivate ${body.triggerSetId} stop=${body.stopWorkflows}`);
      const r = rules.find((x) => x.id === body.triggerSetId)!;
      Object.assign(r, { enabled: false });
      return HttpResponse.json({ successful: true, data: r });
    }),
    http.post('*/pando/pandox/triggers/copy_trigger_set/:id', async ({ params, request }) => {
      calls.push(`copy ${params.id} ${JSON.stringify(await request.json())}`);
      return HttpResponse.json({ successful: true, data: { queued: 1 } });
    }),
    http.post('*/api/Audit/changelog_by_table', async ({ request }) => {
      const body = (await request.json()) as { pageNumber: number; pageSize: number };
      calls.push(`changelog page ${body.pageNumber} size ${body.pageSize}`);
      return HttpResponse.json({
        successful: true,
        data: [{ changeLogId: 1, tableName: 'TriggerSet', recordId: 7, fieldName: 'enabled', oldValue: 'false', newValue: 'true', changedBy: 'u-admin', changedDt: '2026-11-20T16:00:00Z' }],
        pageData: { pageNumber: 1, pageSize: 25, totalRecords: 1, pageTotal: 1 },
      });
    }),
  ];
  return { rules, calls, saved, handlers };
}

function rule(id: number, name: string, extra: Partial<TriggerSet> = {}): TriggerSet {
  return {
    id, name, accountPlatformIds: [101], ruleGroupId: 0, leadTypeId: 1, description: '', enabled: false, deleted: false, rank: 0,
    triggers: [{ activityTypeId: 1 }], terminators: [], triggerSetNotifications: [], triggerSetFilters: [], vehicles: [], version: 1,
    triggerSetTasks: [{ triggerSetTaskId: 11, name: 'Call the customer', actionTypeId: 1, dueUnit: 1, dueDuration: 15, automatedTask: false, useWorkSchedule: false, terminators: [], triggerSetTaskNotifications: [] }],
    ...extra,
  } as TriggerSet;
}

function open(store: ReturnType<typeof rulesServer>, user: AppUser = adminUser) {
  server.use(currentUser(user), ...userSettings().handlers, ...store.handlers);
  return renderApp('/app/workflowmanager');
}

describe('Workflow Manager', () => {
  it(
    'creates a rule with a trigger and a 15-minute call task, refusing it first without a name, then activates it',
    async () => {
      const store = rulesServer([]);
      const user = userEvent.setup();
      open(store);
      await user.click(await screen.findByRole('button', { name: 'New rule' }));
      const dialog = await screen.findByRole('dialog', { name: 'New rule' });
      await user.click(within(dialog).getByRole('button', { name: 'Add task' }));
      await user.type(within(dialog).getByLabelText('Task name'), 'Call the customer');
      await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
      expect(await within(dialog).findByText("Enter the rule's name.")).toBeInTheDocument();

      await user.type(within(dialog).getByLabelText(/^Name/), 'New internet lead');
      await user.click(within(dialog).getAllByLabelText('Triggers')[0]!);
      await user.click(await screen.findByRole('option', { name: 'New Lead' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New rule' })).not.toBeInTheDocument());
      const sent = store.saved.at(-1)!;
      expect(sent).toMatchObject({ name: 'New internet lead', accountPlatformIds: [101], triggers: [{ activityTypeId: 1 }] });
      expect(sent.id).toBeLessThan(0);
      expect(sent.triggerSetTasks?.[0]).toMatchObject({ name: 'Call the customer', dueUnit: 1, dueDuration: 15, actionTypeId: 1 });

      const table = await screen.findByRole('table', { name: 'Rules of Ungrouped' });
      const row = within(table).getByRole('row', { name: /New internet lead/ });
      expect(within(row).getByText('Inactive')).toBeInTheDocument();
      await user.click(within(row).getByRole('button', { name: 'Activate' }));
      await waitFor(() => expect(within(row).getByText('Active')).toBeInTheDocument());
      expect(store.calls).toEqual(['activate 900']);
    },
    SLOW,
  );

  it(
    'deactivates after showing the counts of running workflows, stopping them when asked',
    async () => {
      const store = rulesServer([rule(7, 'Sold follow-up call', { enabled: true })]);
      const user = userEvent.setup();
      open(store);
      await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
      const dialog = await screen.findByRole('dialog', { name: 'Deactivate rule' });
      const counts = await within(dialog).findByRole('table', { name: 'Running workflows' });
      expect(within(counts).getByRole('row', { name: /Customers with a running workflow 3/ })).toBeInTheDocument();
      expect(within(counts).getByRole('row', { name: /Overdue tasks 2/ })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('checkbox', { name: /Also stop the running workflows/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
      await waitFor(() => expect(store.calls).toEqual(['deactivate 7 stop=true']));
    },
    SLOW,
  );

  it(
    'opens the deactivation modal without counts when they fail',
    async () => {
      const store = rulesServer([rule(7, 'Sold follow-up call', { enabled: true })], { countsFail: true });
      const user = userEvent.setup();
      open(store);
      await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
      const dialog = await screen.findByRole('dialog', { name: 'Deactivate rule' });
      expect(await within(dialog).findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('table', { name: 'Running workflows' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'asks before closing the editor with unsaved changes',
    async () => {
      const store = rulesServer([rule(7, 'Welcome call')]);
      const user = userEvent.setup();
      open(store);
      await user.click(await screen.findByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit rule' });
      await user.type(within(dialog).getByLabelText(/^Name/), ' now');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
      await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
      expect(screen.getByRole('dialog', { name: 'Edit rule' })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit rule' })).not.toBeInTheDocument());
      expect(store.saved).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'copies a rule to another store and shows its change log, 25 a page',
    async () => {
      const store = rulesServer([rule(7, 'Welcome call')]);
      const user = userEvent.setup();
      open(store);
      await user.click(await screen.findByRole('button', { name: 'More for Welcome call' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Change log' }));
      const log = await screen.findByRole('table', { name: 'Changes' });
      expect(within(log).getByRole('row', { name: /u-admin enabled false true/ })).toBeInTheDocument();
      expect(store.calls).toContain('changelog page 1 size 25');
      await user.keyboard('{Escape}');

      await user.click(await screen.findByRole('button', { name: 'More for Welcome call' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Copy to stores' }));
      const dialog = await screen.findByRole('dialog', { name: 'Copy Welcome call' });
      await user.click(within(dialog).getAllByLabelText('Copy to stores')[0]!);
      await user.click((await screen.findAllByRole('option'))[0]!);
      await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
      await waitFor(() => expect(store.calls.some((c) => c.startsWith('copy 7 {"accountPlatformIds":['))).toBe(true));
    },
    SLOW,
  );

  it(
    'lets a view-only user see the rules and change nothing',
    async () => {
      const store = rulesServer([rule(7, 'Welcome call', { enabled: true })]);
      const user = userEvent.setup();
      open(store, { ...managerUser, Permissions: ['pando.cxm.rules.viewonly'] });
      expect(await screen.findByText('You can view the rules. Only rules administrators change them.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'New rule' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'View' }));
      const dialog = await screen.findByRole('dialog', { name: 'View rule' });
      expect(within(dialog).queryByRole('button', { name: 'Save rule' })).not.toBeInTheDocument();
    },
    SLOW,
  );
});
