import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { api } from '../../../lib/api/client';
import type { ContactSnapshot, TaskView } from '../../../lib/api/types';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { contactKeys } from '../../contacts';
import { CustomerTasks } from './customer-tasks';

/** SnapshotCount reads the customer's snapshot under the key the profile's snapshot uses. */
function SnapshotCount({ contactId }: { contactId: number }) {
  const snapshot = useQuery({
    queryKey: contactKeys.snapshot(contactId),
    queryFn: () => api.post<ContactSnapshot>(`/crm/contacts/${contactId}/snapshot`, { entityIds: [] }),
  });
  return (
    <div role="group" aria-label="Active lead tasks">
      {snapshot.data?.activeLeadTasks ?? ''}
    </div>
  );
}

const CONTACT = 5001;

function task(over: Partial<TaskView>): TaskView {
  return {
    taskId: 'T-1', contactId: CONTACT, entityId: 7001, accountPlatformId: 101, assignedPandoUserId: 'u-sales', assignedUserName: 'Sam Ortega',
    taskType: 'Call', taskName: 'Follow up on the RAV4 test drive', taskDescription: '', taskDueDt: '2030-01-15T17:00:00Z', taskStatus: 'Pending',
    createdAt: '2026-11-01T00:00:00Z', version: 1, storeName: 'Northwind Toyota', timeZone: 'America/Los_Angeles',
    lead: { crmLeadId: 7001, leadStatusId: 1, vehicle: '2026 Toyota RAV4 XLE' }, canChange: true,
    ...over,
  };
}

type Sent = { path: string; body: Record<string, unknown> };

/**
 * taskServer plays a customer's tasks as the server keeps them: the list (open ones only on
 * request), each change checked against the task's state and version (409s), the store's
 * assignees, new tasks, and the snapshot counting open lead tasks.
 */
function taskServer(initial: TaskView[]) {
  let tasks = [...initial];
  const sent: Sent[] = [];
  const conflict = (msg: string) => HttpResponse.json({ successful: false, errorMessages: [msg] }, { status: 409 });
  const invalid = (fields: Record<string, string>) =>
    HttpResponse.json({ successful: false, errorMessages: ['The request is not valid.'], fieldErrors: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])) }, { status: 400 });
  const open = (t: TaskView) => ['Pending', 'InProgress', 'Overdue', 'OnHold'].includes(t.taskStatus);
  const change = (action: string, apply: (t: TaskView, body: Record<string, unknown>) => TaskView | Response) =>
    http.post(`*/pando/pandox/task/${action}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ path: action, body });
      const i = tasks.findIndex((t) => t.taskId === body.taskId);
      const t = tasks[i];
      if (!t) return HttpResponse.json({ successful: false, errorMessages: ['The task does not exist.'] }, { status: 404 });
      if (!open(t)) return conflict(`The task is ${t.taskStatus === 'Completed' ? 'completed already' : 'cancelled'}: it cannot be ${action}d.`);
      if (t.version !== body.version) return conflict('The task was changed by someone else. Reload the tasks and try again.');
      const next = apply(t, body);
      if (next instanceof Response) return next;
      const saved = { ...next, version: t.version + 1 };
      tasks[i] = saved;
      return HttpResponse.json({ successful: true, data: saved });
    });
  const handlers = [
    http.post('*/crm/contacts/:id/task/search', async ({ request }) => {
      const body = ((await request.json()) ?? {}) as { openOnly?: boolean };
      return HttpResponse.json({ successful: true, data: tasks.filter((t) => !body.openOnly || open(t)) });
    }),
    http.post('*/crm/contacts/:id/snapshot', () =>
      HttpResponse.json({
        successful: true,
        data: { activeLeadTasks: tasks.filter((t) => open(t) && t.entityId > 0).length, activeProcesses: 0, lastContact: null, lastCustomerEngagement: null, nextScheduledActivity: null, lastServiceVisit: null },
      }),
    ),
    http.get('*/pando/pandox/task/assignees', () =>
      HttpResponse.json({
        successful: true,
        data: {
          accountPlatformId: 101, storeName: 'Northwind Toyota', timeZone: 'America/Los_Angeles',
          users: [
            { userId: 'u-sales', name: 'Sam Ortega', roles: ['SalesPerson'] },
            { userId: 'u-bdc', name: 'Bailey Chen', roles: ['BDCAgent'] },
            { userId: 'u-gone', name: 'Gone User', roles: ['SalesPerson'] },
          ],
        },
      }),
    ),
    http.post('*/api/Lead/getLeads', () =>
      HttpResponse.json({ successful: true, data: [{ crmLeadId: 7001, accountPlatformId: 101, leadStatusName: 'Active', vehiclesOfInterest: [{ isPrimary: true, year: 2026, make: 'Toyota', model: 'RAV4' }] }] }),
    ),
    change('complete', (t) => ({ ...t, taskStatus: 'Completed', canChange: false })),
    change('cancel', (t) => ({ ...t, taskStatus: 'Cancelled', canChange: false })),
    change('reschedule', (t, body) => ({ ...t, taskStatus: 'Pending', taskDueDt: `${String(body.localDueDt)}:00-08:00` })),
    change('reassign', (t, body) => {
      if (body.assignedPandoUserId === 'u-gone') return invalid({ assignedPandoUserId: 'Gone User is not an active user.' });
      return { ...t, assignedPandoUserId: String(body.assignedPandoUserId), assignedUserName: 'Bailey Chen' };
    }),
    http.post('*/pando/pandox/task', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ path: 'create', body });
      const created = task({
        taskId: 'T-new', taskType: String(body.taskType), taskName: String(body.taskName ?? body.taskType), entityId: Number(body.entityId ?? 0),
        lead: null, taskDueDt: `${String(body.localDueDt)}:00-08:00`, assignedPandoUserId: String(body.assignedPandoUserId),
      });
      tasks = [...tasks, created];
      return HttpResponse.json({ successful: true, data: created });
    }),
  ];
  return { handlers, sent, tasks: () => tasks, set: (next: TaskView[]) => (tasks = next) };
}

const overdue = task({ taskId: 'T-2', taskName: 'Send the RAV4 lease quote', taskType: 'Email', taskStatus: 'Overdue', taskDueDt: '2026-11-10T17:00:00Z' });
const upcoming = task({});
const done = task({ taskId: 'T-3', taskName: 'Thank-you call after the first visit', taskStatus: 'Completed', canChange: false, assignedUserName: 'Bailey Chen' });

function renderTasks(store: ReturnType<typeof taskServer>, props: { canEdit?: boolean } = {}) {
  server.use(...store.handlers);
  return renderWithProviders(
    <>
      <SnapshotCount contactId={CONTACT} />
      <CustomerTasks contactId={CONTACT} storeId={101} canEdit={props.canEdit ?? true} userId="u-sales" />
    </>,
  );
}

async function rowOf(name: string) {
  const list = await screen.findByRole('list', { name: 'Customer tasks' });
  return within(list).getByRole('listitem', { name });
}

describe('CustomerTasks', () => {
  it('lists the open tasks with due times at the store, overdue ones marked, and the finished ones on request', async () => {
    const user = userEvent.setup();
    renderTasks(taskServer([done, overdue, upcoming]));

    const late = await rowOf('Send the RAV4 lease quote');
    expect(late).toHaveTextContent('Overdue since Tue, Nov 10, 2026, 9:00 AM PST');
    expect(within(late).getByText('Overdue')).toBeInTheDocument();
    expect(late).toHaveTextContent('Assigned to Sam Ortega · Lead #7001: 2026 Toyota RAV4 XLE · Northwind Toyota');
    expect(await rowOf('Follow up on the RAV4 test drive')).toHaveTextContent('Due Tue, Jan 15, 2030, 9:00 AM PST');
    expect(screen.queryByRole('listitem', { name: 'Thank-you call after the first visit' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Show completed and cancelled' }));
    const finished = await rowOf('Thank-you call after the first visit');
    expect(finished).toHaveTextContent('Completed');
    expect(within(finished).queryByRole('button', { name: /Complete/ })).not.toBeInTheDocument();
  });

  it('completes a task: the version read is sent, it leaves the open list and the open lead task count drops', async () => {
    const user = userEvent.setup();
    const store = taskServer([overdue, upcoming]);
    renderTasks(store);
    const count = await screen.findByRole('group', { name: 'Active lead tasks' });
    await waitFor(() => expect(count).toHaveTextContent('2'));

    await user.click(within(await rowOf('Send the RAV4 lease quote')).getByRole('button', { name: 'Complete Send the RAV4 lease quote' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Send the RAV4 lease quote' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('group', { name: 'Active lead tasks' })).toHaveTextContent('1'));
    expect(store.sent).toEqual([{ path: 'complete', body: { contactId: CONTACT, taskId: 'T-2', version: 1 } }]);
    expect(await screen.findByText('Task completed: Send the RAV4 lease quote.')).toBeInTheDocument();
  });

  it('says why a task someone else finished meanwhile cannot be completed, and shows it as it is now', async () => {
    const user = userEvent.setup();
    const store = taskServer([overdue]);
    renderTasks(store);
    const row = await rowOf('Send the RAV4 lease quote');
    store.set([{ ...overdue, taskStatus: 'Completed', canChange: false, version: 2 }]);

    await user.click(within(row).getByRole('button', { name: 'Complete Send the RAV4 lease quote' }));

    expect(await screen.findByText('The task is completed already: it cannot be completed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No open tasks.')).toBeInTheDocument());
  });

  it('reschedules to a time at the store, refusing a past time before sending', async () => {
    const user = userEvent.setup();
    const store = taskServer([upcoming]);
    renderTasks(store);
    await user.click(within(await rowOf('Follow up on the RAV4 test drive')).getByRole('button', { name: 'Reschedule Follow up on the RAV4 test drive' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reschedule task' });
    const due = within(dialog).getByLabelText(/New due time/);
    expect(due).toHaveValue('2030-01-15T09:00');
    expect(within(dialog).getByText(/In the store's time zone \(Los Angeles time, P[SD]T\)/)).toBeInTheDocument();
    fireEvent.change(due, { target: { value: '2020-03-01T10:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByText('Choose a due time from now on.')).toBeInTheDocument();
    expect(store.sent).toEqual([]);

    fireEvent.change(due, { target: { value: '2030-02-03T10:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reschedule task' })).not.toBeInTheDocument());
    expect(store.sent).toEqual([{ path: 'reschedule', body: { contactId: CONTACT, taskId: 'T-1', version: 1, localDueDt: '2030-02-03T10:30' } }]);
    await waitFor(async () => expect(await rowOf('Follow up on the RAV4 test drive')).toHaveTextContent('Due Sun, Feb 3, 2030, 10:30 AM PST'));
  });

  it('reassigns only to the users who may hold the task, showing the server field message', async () => {
    const user = userEvent.setup();
    const store = taskServer([upcoming]);
    renderTasks(store);
    await user.click(within(await rowOf('Follow up on the RAV4 test drive')).getByRole('button', { name: 'Reassign Follow up on the RAV4 test drive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign task' });

    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await within(dialog).findByText('Choose the user to assign the task to.')).toBeInTheDocument();

    const picker = within(dialog).getByRole('combobox', { name: /Assign to/ });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Bailey Chen', 'Gone User']);

    await user.click(screen.getByRole('option', { name: 'Gone User' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await within(dialog).findByText('Gone User is not an active user.')).toBeInTheDocument();

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Bailey Chen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reassign task' })).not.toBeInTheDocument());
    await waitFor(async () => expect(await rowOf('Follow up on the RAV4 test drive')).toHaveTextContent('Assigned to Bailey Chen'));
    expect(store.sent.at(-1)).toEqual({ path: 'reassign', body: { contactId: CONTACT, taskId: 'T-1', version: 1, assignedPandoUserId: 'u-bdc' } });
  });

  it('cancels a task after asking, and keeps it when told to', async () => {
    const user = userEvent.setup();
    const store = taskServer([upcoming]);
    renderTasks(store);
    const cancel = within(await rowOf('Follow up on the RAV4 test drive')).getByRole('button', { name: 'Cancel Follow up on the RAV4 test drive' });

    await user.click(cancel);
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel task' })).getByRole('button', { name: 'Keep task' }));
    expect(store.sent).toEqual([]);

    await user.click(cancel);
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel task' })).getByRole('button', { name: 'Cancel task' }));
    await waitFor(() => expect(screen.getByText('No open tasks.')).toBeInTheDocument());
    expect(store.sent).toEqual([{ path: 'cancel', body: { contactId: CONTACT, taskId: 'T-1', version: 1 } }]);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Active lead tasks' })).toHaveTextContent('0'));
  });

  it('adds a task about a lead for the signed-in user, checking what the browser can first', async () => {
    const user = userEvent.setup();
    const store = taskServer([]);
    renderTasks(store);
    expect(await screen.findByText('No open tasks.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add task' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Assigned to/ })).toHaveValue('Sam Ortega (me)'));
    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));
    expect(await within(dialog).findByText('Enter the due date and time.')).toBeInTheDocument();
    expect(store.sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Task' }), 'Call about the trade appraisal');
    await user.click(within(dialog).getByRole('combobox', { name: 'About lead' }));
    await user.click(await screen.findByRole('option', { name: 'Lead #7001 · 2026 Toyota RAV4 · Active' }));
    fireEvent.change(within(dialog).getByLabelText(/^Due/), { target: { value: '2030-03-04T15:45' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add task' })).not.toBeInTheDocument());
    expect(store.sent).toEqual([
      {
        path: 'create',
        body: { contactId: CONTACT, taskType: 'Call', taskName: 'Call about the trade appraisal', localDueDt: '2030-03-04T15:45', assignedPandoUserId: 'u-sales', entityId: 7001 },
      },
    ]);
    expect(await rowOf('Call about the trade appraisal')).toHaveTextContent('Due Mon, Mar 4, 2030, 3:45 PM PST');
    await waitFor(() => expect(screen.getByRole('group', { name: 'Active lead tasks' })).toHaveTextContent('1'));
  });

  it('offers no actions on a task the user may not change, and no Add task without edit rights', async () => {
    renderTasks(taskServer([task({ canChange: false, assignedUserName: 'Bailey Chen' })]), { canEdit: false });
    const row = await rowOf('Follow up on the RAV4 test drive');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add task' })).not.toBeInTheDocument();
  });
});
