import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { ChangeLogEntry } from '../../../lib/api/types';
import { mariaGonzalez, salesUser, staff } from '../../../testing/fixtures';
import { contactPermission, contactStore, currentUser, staffUsers, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

function entry(seq: number, overrides: Partial<ChangeLogEntry> = {}): ChangeLogEntry {
  return {
    contactId: 5001,
    seq,
    at: new Date(Date.UTC(2026, 2, 1, 9, seq)).toISOString(),
    userId: 'u-sales',
    kind: 'updated',
    changes: [{ field: `nickName`, oldValue: `n${seq - 1}`, newValue: `n${seq}`, masked: false }],
    ...overrides,
  };
}

/** changeLog plays a log of 26 saves, 25 to a page, newest first, and records the requests. */
function changeLog() {
  const requests: { filter?: { field?: string }; pageNumber?: number; pageSize?: number }[] = [];
  const all = Array.from({ length: 26 }, (_, i) => entry(26 - i));
  all[0] = entry(26, {
    userId: 'u-manager',
    changes: [
      { field: 'firstName', oldValue: 'Maria', newValue: 'Mariela', masked: false },
      { field: 'ssn', oldValue: '***-**-6789', newValue: '***-**-1120', masked: true },
    ],
  });
  all[1] = entry(25, {
    kind: 'lead',
    leadId: 77,
    changes: [
      { field: 'leads[77].status', oldValue: 'Active', newValue: 'Lost', masked: false },
      { field: 'leads[77].salesPerson', oldValue: '', newValue: 'u-manager', masked: false },
    ],
  });
  all[25] = entry(1, { kind: 'created', userId: 'adf-intake' });
  const handler = http.post('*/crm/contacts/:id/change_log', async ({ request }) => {
    const body = (await request.json()) as (typeof requests)[number];
    requests.push(body);
    const field = body.filter?.field;
    const matching = field ? all.filter((e) => e.changes?.some((c) => c.field.startsWith(field))) : all;
    const page = body.pageNumber ?? 1;
    const size = body.pageSize ?? 25;
    return HttpResponse.json({
      successful: true,
      data: matching.slice((page - 1) * size, page * size),
      pageData: { pageNumber: page, pageSize: size, pageTotal: Math.ceil(matching.length / size), totalRecords: matching.length },
    });
  });
  return { handler, requests };
}

describe('Change log', () => {
  it('shows the newest saves first at the bottom of the Profile tab, and pages', async () => {
    const log = changeLog();
    server.use(
      currentUser(salesUser),
      ...userSettings().handlers,
      contactPermission({}),
      ...contactStore(mariaGonzalez).handlers,
      log.handler,
      staffUsers(staff),
    );
    renderApp('/app/contact/5001?tab=profile');

    // The first render loads the profile's code: give it room on a busy machine.
    const section = await screen.findByRole('region', { name: 'Change log' }, { timeout: 15_000 });
    const table = await within(section).findByRole('table', { name: 'Changes' });
    await within(table).findAllByText('Morgan Reyes');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Morgan Reyes');
    expect(rows[1]).toHaveTextContent('First name');
    expect(rows[1]).toHaveTextContent('Mariela');
    expect(rows[2]).toHaveTextContent('SSN');
    expect(rows[2]).toHaveTextContent('Masked');
    expect(rows[2]).toHaveTextContent('***-**-1120');
    expect(log.requests[0]).toEqual({ filter: {}, pageNumber: 1, pageSize: 25 });
    // A lead's change reads with its lead's number, and who holds it by name.
    expect(rows[3]).toHaveTextContent('Lead');
    expect(rows[3]).toHaveTextContent('Lead #77 · status');
    expect(rows[3]).toHaveTextContent('Lost');
    expect(rows[4]).toHaveTextContent('Lead #77 · sales person');
    expect(rows[4]).toHaveTextContent('Morgan Reyes');

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(2));
    expect(within(section).getAllByRole('row')[1]).toHaveTextContent('Created');
    expect(within(section).getAllByRole('row')[1]).toHaveTextContent('Lead intake');
    expect(log.requests.at(-1)).toEqual({ filter: {}, pageNumber: 2, pageSize: 25 });

    await user.type(within(section).getByLabelText('Field'), 'ssn');
    await waitFor(() => expect(log.requests.at(-1)).toEqual({ filter: { field: 'ssn' }, pageNumber: 1, pageSize: 25 }));
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(3));
    expect(within(section).queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();
  }, 30_000);

  it('says when nothing was recorded, and shows a failure', async () => {
    server.use(currentUser(salesUser), ...userSettings().handlers, contactPermission({}), ...contactStore(mariaGonzalez).handlers);
    const { unmount } = renderApp('/app/contact/5001?tab=profile');
    const section = await screen.findByRole('region', { name: 'Change log' });
    expect(await within(section).findByText('No changes recorded.')).toBeInTheDocument();
    unmount();

    server.use(
      http.post('*/crm/contacts/:id/change_log', () =>
        HttpResponse.json({ successful: false, errorMessages: ['The customer does not exist.'] }, { status: 404 }),
      ),
    );
    renderApp('/app/contact/5001?tab=profile');
    const failed = await screen.findByRole('region', { name: 'Change log' });
    expect(await within(failed).findByRole('alert')).toHaveTextContent('The customer does not exist.');
  });
});
