import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { AppointmentView } from '../../../lib/api/types';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { CustomerAppointments } from './customer-appointments';

const CONTACT = 5001;
const ALL_MOVES = ['Rescheduled', 'Confirmed', 'ConfirmationSent', 'NoShow', 'Completed', 'Cancelled'];

function appointment(over: Partial<AppointmentView>): AppointmentView {
  return {
    appointmentId: 'AP-5001-000000000001', contactId: CONTACT, accountPlatformId: 101, assignedUserId: 'u-sales', assignedUserName: 'Sam Ortega',
    appointmentType: 'Sales', note: 'RAV4 test drive', startUtc: '2030-01-15T17:00:00Z', endUtc: '2030-01-15T18:00:00Z',
    localStart: '2030-01-15T09:00', localEnd: '2030-01-15T10:00', status: 'Scheduled', statusId: 1, previousStatus: '',
    createdAt: '2026-11-01T00:00:00Z', createdBy: 'u-sales', updatedAt: '2026-11-01T00:00:00Z', updatedBy: 'u-sales',
    overlaps: false, version: 1, contactName: 'Maria Gonzalez', storeName: 'Northwind Toyota', timeZone: 'America/Los_Angeles',
    canChange: true, moves: ALL_MOVES,
    ...over,
  };
}

type Sent = { method: string; path: string; body: unknown };

/** wall is a local time at the store (PST, UTC-8 in winter) as an instant. */
const wall = (local: string) => new Date(`${local}:00-08:00`).toISOString().replace('.000', '');

/**
 * calendarServer plays a customer's appointments as the server keeps them: the upcoming and past
 * searches, each change checked against the version (409), moves computed from the status, the
 * store's users, and new appointments flagged when they overlap the same user's.
 */
function calendarServer(initial: AppointmentView[]) {
  let list = [...initial];
  const sent: Sent[] = [];
  const moves = (status: string) =>
    ({ Scheduled: ALL_MOVES, Rescheduled: ALL_MOVES, ConfirmationSent: ALL_MOVES, Confirmed: ['Rescheduled', 'NoShow', 'Completed', 'Cancelled'], NoShow: ['Rescheduled', 'Completed'] })[status] ?? [];
  const save = (a: AppointmentView, status: string, more: Partial<AppointmentView> = {}) => {
    const next = { ...a, ...more, previousStatus: a.status, status: status as AppointmentView['status'], version: a.version + 1, moves: moves(status) };
    list = list.map((x) => (x.appointmentId === a.appointmentId ? next : x));
    return HttpResponse.json({ successful: true, data: next });
  };
  const find = (id: string, version: number) => {
    const a = list.find((x) => x.appointmentId === id);
    if (!a) return HttpResponse.json({ successful: false, errorMessages: ['The appointment does not exist.'] }, { status: 404 });
    if (a.version !== version) return HttpResponse.json({ successful: false, errorMessages: ['The appointment was changed by someone else. Reload the appointments and try again.'] }, { status: 409 });
    return a;
  };
  const handlers = [
    http.post('*/pando/calendarevent', async ({ request }) => {
      const body = (await request.json()) as { event?: Record<string, unknown>; Start?: string; End?: string };
      if (body.event) {
        sent.push({ method: 'POST', path: 'set', body: body.event });
        const e = body.event;
        const start = wall(String(e.localStart));
        const end = new Date(new Date(start).getTime() + Number(e.durationMinutes) * 60_000).toISOString().replace('.000', '');
        const created = appointment({
          appointmentId: 'AP-5001-00000000000n', appointmentType: String(e.appointmentType), note: String(e.note ?? ''), startUtc: start, endUtc: end,
          localStart: String(e.localStart), assignedUserId: String(e.assignedUserId),
          overlaps: list.some((a) => a.assignedUserId === e.assignedUserId && a.status !== 'Cancelled' && a.startUtc < end && a.endUtc > start),
        });
        list = [...list, created];
        return HttpResponse.json({ successful: true, data: { events: [created], windowStartUtc: start, windowEndUtc: end, from: 0, size: 1, hasMore: false } });
      }
      const past = Boolean(body.End);
      const events = list.filter((a) => (a.startUtc < '2026-11-20T00:00:00Z') === past);
      return HttpResponse.json({ successful: true, data: { events, windowStartUtc: '2026-11-20T08:00:00Z', windowEndUtc: '2027-11-20T08:00:00Z', from: 0, size: 100, hasMore: false } });
    }),
    http.put('*/pando/calendarevent/:id/update_show_status/:status', async ({ params, request }) => {
      const body = (await request.json()) as { version: number };
      sent.push({ method: 'PUT', path: `show/${String(params.status)}`, body });
      const a = find(String(params.id), body.version);
      return a instanceof Response ? a : save(a, params.status === '5' ? 'Completed' : 'NoShow');
    }),
    http.put('*/pando/calendarevent/:id/:path', async ({ params, request }) => {
      const body = (await request.json()) as { version: number; localStart?: string; durationMinutes?: number };
      sent.push({ method: 'PUT', path: String(params.path), body });
      const a = find(String(params.id), body.version);
      if (a instanceof Response) return a;
      if (params.path === 'confirm') return save(a, 'Confirmed');
      if (params.path === 'confirmation_sent') return save(a, 'ConfirmationSent');
      const start = wall(String(body.localStart));
      const end = new Date(new Date(start).getTime() + Number(body.durationMinutes) * 60_000).toISOString().replace('.000', '');
      return save(a, 'Rescheduled', { startUtc: start, endUtc: end, localStart: String(body.localStart) });
    }),
    http.delete('*/pando/calendarevent/:id', ({ params, request }) => {
      const q = new URL(request.url).searchParams;
      sent.push({ method: 'DELETE', path: `cancel?confirm=${q.get('confirm')}`, body: Number(q.get('version')) });
      const a = find(String(params.id), Number(q.get('version')));
      return a instanceof Response ? a : save(a, 'Cancelled');
    }),
    http.get('*/pando/pandox/task/assignees', () =>
      HttpResponse.json({
        successful: true,
        data: {
          accountPlatformId: 101, storeName: 'Northwind Toyota', timeZone: 'America/Los_Angeles',
          users: [
            { userId: 'u-sales', name: 'Sam Ortega', roles: ['SalesPerson'] },
            { userId: 'u-bdc', name: 'Bailey Chen', roles: ['BDCAgent'] },
          ],
        },
      }),
    ),
  ];
  return { handlers, sent, set: (next: AppointmentView[]) => (list = next) };
}

function renderSection(store: ReturnType<typeof calendarServer>, props: { canEdit?: boolean } = {}) {
  server.use(...store.handlers);
  return renderWithProviders(<CustomerAppointments contactId={CONTACT} storeId={101} canEdit={props.canEdit ?? true} userId="u-sales" />);
}

async function rowOf(list: 'Upcoming appointments' | 'Past appointments', name: RegExp) {
  const ul = await screen.findByRole('list', { name: list });
  return within(ul).getByRole('listitem', { name });
}

const upcoming = appointment({});
const overlapping = appointment({
  appointmentId: 'AP-5001-000000000002', appointmentType: 'Delivery', note: '', startUtc: '2030-01-15T17:30:00Z', endUtc: '2030-01-15T18:00:00Z',
  localStart: '2030-01-15T09:30', localEnd: '2030-01-15T10:00', overlaps: true, status: 'Confirmed', moves: ['Rescheduled', 'NoShow', 'Completed', 'Cancelled'],
});
const missed = appointment({
  appointmentId: 'AP-5001-000000000003', appointmentType: 'Service', note: '', startUtc: '2026-11-07T19:00:00Z', endUtc: '2026-11-07T19:30:00Z',
  status: 'NoShow', moves: ['Rescheduled', 'Completed'],
});

describe('CustomerAppointments', () => {
  it('lists upcoming appointments at the store, with status badges and the overlap flag, and the past ones on request', async () => {
    const user = userEvent.setup();
    renderSection(calendarServer([upcoming, overlapping, missed]));

    const sales = await rowOf('Upcoming appointments', /^Sales appointment/);
    expect(sales).toHaveTextContent('Tue, Jan 15, 2030, 9:00 AM – 10:00 AM PST');
    expect(sales).toHaveTextContent('Scheduled');
    expect(sales).toHaveTextContent('With Sam Ortega · Northwind Toyota');
    expect(sales).toHaveTextContent('RAV4 test drive');
    expect(within(sales).queryByText('Overlaps')).not.toBeInTheDocument();
    const delivery = await rowOf('Upcoming appointments', /^Delivery appointment/);
    expect(within(delivery).getByText('Overlaps')).toBeInTheDocument();
    expect(within(delivery).getByText('Confirmed')).toBeInTheDocument();
    // A confirmed appointment offers no confirmation; one not started yet no no-show.
    expect(within(delivery).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(within(delivery).queryByRole('button', { name: 'No-show' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Past' }));
    const past = await rowOf('Past appointments', /^Service appointment/);
    expect(past).toHaveTextContent('No-show');
    expect(within(past).getByRole('button', { name: 'Shown' })).toBeInTheDocument();
    expect(within(past).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('records a sent confirmation, confirms, then marks shown, sending the version read each time', async () => {
    const user = userEvent.setup();
    const store = calendarServer([upcoming]);
    renderSection(store);

    await user.click(within(await rowOf('Upcoming appointments', /^Sales/)).getByRole('button', { name: 'Confirmation sent' }));
    await waitFor(async () => expect(await rowOf('Upcoming appointments', /^Sales/)).toHaveTextContent('Confirmation sent'));
    expect(within(await rowOf('Upcoming appointments', /^Sales/)).queryByRole('button', { name: 'Confirmation sent' })).not.toBeInTheDocument();
    await user.click(within(await rowOf('Upcoming appointments', /^Sales/)).getByRole('button', { name: 'Confirm' }));
    await waitFor(async () => expect(await rowOf('Upcoming appointments', /^Sales/)).toHaveTextContent('Confirmed'));
    await user.click(within(await rowOf('Upcoming appointments', /^Sales/)).getByRole('button', { name: 'Shown' }));
    await waitFor(async () => expect(await rowOf('Upcoming appointments', /^Sales/)).toHaveTextContent('Shown'));
    expect(store.sent).toEqual([
      { method: 'PUT', path: 'confirmation_sent', body: { version: 1 } },
      { method: 'PUT', path: 'confirm', body: { version: 2 } },
      { method: 'PUT', path: 'show/5', body: { version: 3 } },
    ]);
    expect(within(await rowOf('Upcoming appointments', /^Sales/)).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says why a change made on a stale appointment was refused', async () => {
    const user = userEvent.setup();
    const store = calendarServer([upcoming]);
    renderSection(store);
    const row = await rowOf('Upcoming appointments', /^Sales/);
    store.set([{ ...upcoming, version: 2 }]);

    await user.click(within(row).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('The appointment was changed by someone else. Reload the appointments and try again.')).toBeInTheDocument();
  });

  it('reschedules to a time at the store, refusing a past time before sending', async () => {
    const user = userEvent.setup();
    const store = calendarServer([upcoming]);
    renderSection(store);
    await user.click(within(await rowOf('Upcoming appointments', /^Sales/)).getByRole('button', { name: 'Reschedule' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    const start = within(dialog).getByLabelText(/New start/);
    expect(start).toHaveValue('2030-01-15T09:00');
    expect(within(dialog).getByText(/In the store's time zone \(Los Angeles time, P[SD]T\)/)).toBeInTheDocument();
    fireEvent.change(start, { target: { value: '2020-03-01T10:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByText('Choose a time from now on.')).toBeInTheDocument();
    expect(store.sent).toEqual([]);

    fireEvent.change(start, { target: { value: '2030-02-03T10:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reschedule appointment' })).not.toBeInTheDocument());
    expect(store.sent).toEqual([{ method: 'PUT', path: 'reschedule', body: { version: 1, localStart: '2030-02-03T10:30', durationMinutes: 60 } }]);
    const row = await rowOf('Upcoming appointments', /^Sales/);
    await waitFor(() => expect(row).toHaveTextContent('Sun, Feb 3, 2030, 10:30 AM – 11:30 AM PST'));
    expect(row).toHaveTextContent('Rescheduled');
  });

  it('cancels an appointment only after asking, and keeps it when told to', async () => {
    const user = userEvent.setup();
    const store = calendarServer([upcoming]);
    renderSection(store);
    const cancel = within(await rowOf('Upcoming appointments', /^Sales/)).getByRole('button', { name: 'Cancel' });

    await user.click(cancel);
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel appointment' })).getByRole('button', { name: 'Keep appointment' }));
    expect(store.sent).toEqual([]);

    await user.click(cancel);
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel appointment' })).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(async () => expect(await rowOf('Upcoming appointments', /^Sales/)).toHaveTextContent('Cancelled'));
    expect(store.sent).toEqual([{ method: 'DELETE', path: 'cancel?confirm=true', body: 1 }]);
  });

  it('sets an appointment with a type, time, length, user and note, and flags an overlap', async () => {
    const user = userEvent.setup();
    const store = calendarServer([upcoming]);
    renderSection(store);
    await rowOf('Upcoming appointments', /^Sales/);

    await user.click(screen.getByRole('button', { name: 'Set appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set appointment' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /With/ })).toHaveValue('Sam Ortega (me)'));
    await user.click(within(dialog).getByRole('button', { name: 'Set appointment' }));
    expect(await within(dialog).findByText('Enter the date and time of the appointment.')).toBeInTheDocument();
    expect(store.sent).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Delivery' }));
    fireEvent.change(within(dialog).getByLabelText(/^Starts/), { target: { value: '2030-01-15T09:30' } });
    await user.click(within(dialog).getByRole('combobox', { name: /^Length/ }));
    await user.click(await screen.findByRole('option', { name: '30 minutes' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Plates and paperwork');
    await user.click(within(dialog).getByRole('button', { name: 'Set appointment' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set appointment' })).not.toBeInTheDocument());
    expect(store.sent).toEqual([
      {
        method: 'POST', path: 'set',
        body: { contactId: CONTACT, accountPlatformId: 101, appointmentType: 'Delivery', localStart: '2030-01-15T09:30', durationMinutes: 30, assignedUserId: 'u-sales', note: 'Plates and paperwork' },
      },
    ]);
    const row = await rowOf('Upcoming appointments', /^Delivery/);
    expect(within(row).getByText('Overlaps')).toBeInTheDocument();
    expect(await screen.findByText('Sam Ortega has another appointment at that time.')).toBeInTheDocument();
  });

  it('offers no actions the user may not take, and no Set appointment without edit rights', async () => {
    renderSection(calendarServer([appointment({ canChange: false, moves: [] })]), { canEdit: false });
    const row = await rowOf('Upcoming appointments', /^Sales/);
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set appointment' })).not.toBeInTheDocument();
  });
});
