import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { CallLogRow } from '../../../lib/api/types';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { CallLog } from './call-log';

function call(id: string, extra: Partial<CallLogRow> = {}): CallLogRow {
  return {
    id, accountPlatformId: 2001, storeName: 'Northwind Toyota', direction: 'inbound', customerPhone: '+15035550842', customerName: 'MARTINEZ ELENA',
    trackingPhone: '+15035553001', businessPhone: '', source: 'Google Ads', answered: true, voicemail: false, durationSeconds: 125,
    recordingUrl: 'https://app.callrail.com/calls/x/recording', startedAt: '2026-11-20T15:00:00Z', receivedAt: '2026-11-20T15:03:00Z',
    contactId: 0, contactName: '', matchedBy: '', activityId: 0, loggedByUserId: '', loggedByName: '', hidden: false, archived: false, version: 1, ...extra,
  };
}

/** callServer plays the Call Log's calls over a list of calls and records the changes asked for. */
function callServer(initial: CallLogRow[]) {
  const calls = [...initial];
  const changes: string[] = [];
  const visible = () => calls.filter((c) => !c.hidden);
  server.use(
    http.post('*/api/calltracking/dashboard/search', () =>
      HttpResponse.json({ successful: true, data: visible(), pageData: { pageNumber: 1, pageSize: 25, totalRecords: visible().length, pageTotal: 1 } }),
    ),
    http.post('*/api/calltracking/dashboard/get_call_tracking_counts', () =>
      HttpResponse.json({
        successful: true,
        data: { total: visible().length, answered: visible().filter((c) => c.answered).length, missed: 0, voicemail: 0, matched: visible().filter((c) => c.contactId > 0).length,
          unmatched: visible().filter((c) => c.contactId === 0).length, inbound: visible().length, outbound: 0, hidden: 0, archived: 0, sources: [{ source: 'Google Ads', count: visible().length }] },
      }),
    ),
    http.post('*/api/calltracking/dashboard/get_unmatched_calls_data', () => HttpResponse.json({ successful: true, data: visible().filter((c) => c.contactId === 0) })),
    http.post('*/crm/contacts/search', () =>
      HttpResponse.json({ successful: true, data: { results: [{ contactId: 77, fullName: 'Marcus Reed', businessName: '', phone: '(503) 555-0134' }], matchedOn: 'name' } }),
    ),
    http.post('*/api/calltracking/dashboard/match_call_log_entry', async ({ request }) => {
      const b = (await request.json()) as { callId: string; contactId: number };
      changes.push(`match ${b.callId} ${b.contactId}`);
      const c = calls.find((x) => x.id === b.callId)!;
      Object.assign(c, { contactId: b.contactId, contactName: 'Marcus Reed', version: c.version + 1 });
      return HttpResponse.json({ successful: true, data: c });
    }),
    http.post('*/api/calltracking/dashboard/hide_or_show_call', async ({ request }) => {
      const b = (await request.json()) as { callId: string; hidden: boolean };
      changes.push(`hide ${b.callId} ${b.hidden}`);
      const c = calls.find((x) => x.id === b.callId)!;
      Object.assign(c, { hidden: b.hidden, version: c.version + 1 });
      return HttpResponse.json({ successful: true, data: c });
    }),
    http.get('*/api/calltracking/get_current_user_provider_phones', () => HttpResponse.json({ successful: true, data: [] })),
    http.post('*/core/users/withpermissions', () => HttpResponse.json({ successful: true, data: [{ Id: '100001', Name: 'Sam Ortega' }] })),
    http.post('*/api/calltracking/dashboard/assign_logged_by_user', async ({ request }) => {
      const b = (await request.json()) as { callId: string; userId: string };
      changes.push(`assign ${b.callId} ${b.userId}`);
      const c = calls.find((x) => x.id === b.callId)!;
      Object.assign(c, { loggedByUserId: b.userId, loggedByName: 'Sam Ortega', version: c.version + 1 });
      return HttpResponse.json({ successful: true, data: c });
    }),
    http.get('*/api/calltracking/dashboard/get_auto_archive_settings', () =>
      HttpResponse.json({ successful: true, data: { accountPlatformId: 2001, enabled: false, days: 90, version: 0 } }),
    ),
  );
  return changes;
}

function renderLog() {
  return renderWithProviders(
    <MemoryRouter>
      <CallLog stores={[{ AccountPlatformID: 2001, Name: 'Northwind Toyota' }]} profilePath={(id) => `/app/contact/${id}`} now={new Date('2026-11-29T10:00:00Z')} />
    </MemoryRouter>,
  );
}

describe('CallLog', () => {
  it('lists the calls with their counts and matches an unmatched call to a customer', async () => {
    const changes = callServer([call('CAL1'), call('CAL2', { contactId: 9, contactName: 'Una Known', answered: false, voicemail: true })]);
    const user = userEvent.setup();
    renderLog();
    const table = await screen.findByRole('table', { name: 'Calls' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('Una Known')).toBeInTheDocument();
    expect(within(table).getByText('Voicemail')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Unmatched' })).getByText('1')).toBeInTheDocument());

    await user.click(within(table).getByRole('button', { name: 'Match call from (503) 555-0842' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match call to a customer' });
    await user.type(within(dialog).getByLabelText('Find the customer'), 'Reed');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Match to Marcus Reed' }));
    await waitFor(() => expect(changes).toEqual(['match CAL1 77']));
    expect(await within(table).findByRole('link', { name: 'Marcus Reed' })).toHaveAttribute('href', '/app/contact/77');
  });

  it('hides a call from the log', async () => {
    const changes = callServer([call('CAL3')]);
    const user = userEvent.setup();
    renderLog();
    const table = await screen.findByRole('table', { name: 'Calls' });
    await user.click(await within(table).findByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(changes).toEqual(['hide CAL3 true']));
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Hide' })).not.toBeInTheDocument());
  });

  it('assigns the user who took a call in the assign call logging modal', async () => {
    const changes = callServer([call('CAL4')]);
    const user = userEvent.setup();
    renderLog();
    const table = await screen.findByRole('table', { name: 'Calls' });
    await user.click(await within(table).findByRole('button', { name: 'Assign who took the call from (503) 555-0842' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign call logging' });
    await user.click(within(dialog).getAllByLabelText('Logged by')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Sam Ortega' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(changes).toEqual(['assign CAL4 100001']));
    expect(await within(table).findByRole('button', { name: /Assign who took the call/ })).toHaveTextContent('Sam Ortega');
  });
});
