import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { RuleActionType, RuleGroup } from '../../../lib/api/types';
import { adminUser, salesUser } from '../../../testing/fixtures';
import { currentUser, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

const SLOW = 60_000;

function adminServer() {
  const groups: RuleGroup[] = [{ id: 5, name: 'Internet', ruleGroupTypeId: 1, ruleGroupTypeName: 'General', accountPlatformId: 101, seedStatus: 0 }];
  let actionTypes: RuleActionType[] = [
    { id: 1, name: 'Call', activityTypeId: 4 },
    { id: 2, name: 'Email', activityTypeId: 0 },
  ];
  const calls: string[] = [];
  const handlers = [
    http.get('*/pando/pandox/actiontypes', () =>
      HttpResponse.json({
        successful: true,
        data: {
          actionTypes,
          activityTypes: [
            { id: 4, name: 'Phone Call Logged', event: 'ActivityLogged' },
            { id: 5, name: 'Note Logged', event: 'ActivityLogged' },
          ],
          filterTypes: [],
          ruleGroupTypes: [
            { value: 1, name: 'General' },
            { value: 2, name: 'Sold Follow-up' },
          ],
        },
      }),
    ),
    http.post('*/api/RuleGroup/search', () => HttpResponse.json({ successful: true, data: groups })),
    http.post('*/api/RuleGroup', async ({ request }) => {
      const body = (await request.json()) as RuleGroup;
      calls.push(`create ${JSON.stringify(body)}`);
      if (groups.some((g) => g.name.toLowerCase() === body.name.toLowerCase()))
        return HttpResponse.json({ successful: false, errorMessages: ['The store has a rule group of that name already.'], fieldErrors: { name: 'The store has a rule group of that name already.' } }, { status: 409 });
      const g = { ...body, id: 6, ruleGroupTypeName: 'Sold Follow-up', seedStatus: 0 };
      groups.push(g);
      return HttpResponse.json({ successful: true, data: g });
    }),
    http.delete('*/api/RuleGroup/:id', ({ params }) => {
      calls.push(`delete ${params.id}`);
      return HttpResponse.json({ successful: false, errorMessages: ['The rule group still holds rules. Move or archive them first.'] }, { status: 409 });
    }),
    http.post('*/pando/pandox/saveactiontypes', async ({ request }) => {
      const body = (await request.json()) as { actionTypes: RuleActionType[] };
      calls.push(`save ${JSON.stringify(body.actionTypes)}`);
      if (body.actionTypes.some((t) => !t.name.trim())) return HttpResponse.json({ successful: false, errorMessages: ['There was a problem with the save'] }, { status: 400 });
      actionTypes = body.actionTypes;
      return HttpResponse.json({ successful: true, data: actionTypes });
    }),
  ];
  return { groups, calls, handlers };
}

describe('Rule Groups Management', () => {
  it(
    'lists the groups, adds one, shows a duplicate name on the field and a refused delete',
    async () => {
      const store = adminServer();
      const user = userEvent.setup();
      server.use(currentUser(adminUser), ...userSettings().handlers, ...store.handlers);
      renderApp('/app/productconfig/rulegroupsmanagement');
      const table = await screen.findByRole('table', { name: 'Rule groups' });
      expect(within(table).getByRole('row', { name: /Internet General/ })).toBeInTheDocument();

      await user.type(screen.getByRole('textbox', { name: 'Group name' }), 'internet');
      await user.click(screen.getByRole('button', { name: 'Add group' }));
      expect(await screen.findByText('The store has a rule group of that name already.')).toBeInTheDocument();

      await user.clear(screen.getByRole('textbox', { name: 'Group name' }));
      await user.type(screen.getByRole('textbox', { name: 'Group name' }), 'Sold');
      await user.click(screen.getByRole('button', { name: 'Add group' }));
      await waitFor(() => expect(within(screen.getByRole('table', { name: 'Rule groups' })).getByRole('row', { name: /Sold/ })).toBeInTheDocument());

      await user.click(screen.getByRole('button', { name: 'Delete Internet' }));
      expect(await screen.findByText('The rule group still holds rules. Move or archive them first.')).toBeInTheDocument();
      expect(store.calls).toContain('delete 5');
    },
    SLOW,
  );

  it(
    'tells a user without the rules permissions they have no access',
    async () => {
      const store = adminServer();
      server.use(currentUser(salesUser), ...userSettings().handlers, ...store.handlers);
      renderApp('/app/productconfig/rulegroupsmanagement');
      expect(await screen.findByText('You do not have access to the workflow rules.')).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('Activity Management', () => {
  it(
    'pairs an action type with an activity type, and shows the save failure message',
    async () => {
      const store = adminServer();
      const user = userEvent.setup();
      server.use(currentUser(adminUser), ...userSettings().handlers, ...store.handlers);
      renderApp('/app/private/activitymanagement');
      await screen.findByRole('table', { name: 'Action types' });
      await user.click(screen.getByRole('button', { name: 'Add action type' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('There was a problem with the save')).toBeInTheDocument();

      await user.type(screen.getByRole('textbox', { name: 'Name of action 3' }), 'Video');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(store.calls.at(-1)).toBe('save [{"id":1,"name":"Call","activityTypeId":4},{"id":2,"name":"Email","activityTypeId":0},{"id":3,"name":"Video","activityTypeId":0}]'));
    },
    SLOW,
  );
});
