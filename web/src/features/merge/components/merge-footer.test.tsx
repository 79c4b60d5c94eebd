import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Contact, MergeContact, MergeMemberDetails, MergeSession } from '../../../lib/api/types';
import { mariaGonzalez, salesUser } from '../../../testing/fixtures';
import { contactPermission, contactSummaries, currentUser, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

const mariaDuplicate: Contact = { ...mariaGonzalez, id: 5002, middleName: '', phones: [{ id: 1, phone: '5035550199', phoneTypeId: 3 }] };
const otherStoreCustomer: Contact = { ...mariaGonzalez, id: 7001, accountPlatformId: 102, firstName: 'Omar', lastName: 'Haddad' };

const customers = new Map<number, Contact>([mariaGonzalez, mariaDuplicate, otherStoreCustomer].map((c) => [c.id ?? 0, c]));

/** What the session tells of each customer: the two Marias differ by everything but their names. */
const details = new Map<number, MergeMemberDetails>([
  [
    5001,
    {
      name: 'Maria Gonzalez', storeName: 'Northwind Ford', phones: ['(503) 555-0134', '(503) 555-0178 x12'], emails: ['maria.gonzalez@example.com'],
      address: '1420 SE Hawthorne Blvd, Portland, OR 97214', created: '2024-05-14T17:00:00Z', createdBy: 'Sam Ortega',
      lastActivity: '2026-02-20T18:30:00Z', openLeads: 1, leads: 2,
    },
  ],
  [
    5002,
    {
      name: 'Maria Gonzalez', storeName: 'Northwind Ford', phones: ['(503) 555-0199'], emails: [], address: '',
      created: '2026-02-27T17:00:00Z', createdBy: '', lastActivity: null, openLeads: 0, leads: 0,
    },
  ],
  [
    7001,
    {
      name: 'Omar Haddad', storeName: 'Northwind Toyota', phones: [], emails: [], address: '', created: '2025-01-02T17:00:00Z',
      createdBy: '', lastActivity: null, openLeads: 0, leads: 0,
    },
  ],
]);

function member(id: number) {
  return { contactId: id, added: '2026-03-01T09:00:00Z', details: details.get(id) ?? null };
}

function mergeContact(c: Contact, phones: string[]): MergeContact {
  return {
    contactId: c.id ?? 0,
    accountPlatformId: c.accountPlatformId ?? 0,
    firstName: c.firstName ?? '',
    lastName: c.lastName ?? '',
    emails: [],
    phones: phones.map((p) => ({ phone: p, phoneTypeId: 1, isMobile: false, isPreferred: false, optOut: false, optOutSms: false })),
    addresses: [],
    tags: [],
    isDoNotCall: false,
    isDoNotEmail: false,
    isDoNotText: false,
    isDoNotMail: false,
    optOutAll: false,
    smsOptedOut: false,
    isMarkedHot: false,
    vehicles: [],
    leads: [],
    notes: [],
    tasks: [],
    activities: [],
  };
}

type Call = { op: string; body: Record<string, unknown> };

/**
 * mergeServer plays the merge calls over a session held in memory, with the server's rules:
 * one store, two customers, no customer twice.
 */
function mergeServer(initial: number[] = [], store = 101) {
  let session: MergeSession | null = initial.length
    ? { id: 's1', userId: 'u-sales', accountPlatformId: store, contacts: initial.map(member), created: '2026-03-01T09:00:00Z', updated: '2026-03-01T09:00:00Z' }
    : null;
  const calls: Call[] = [];
  const refuse = (message: string, status = 409) => HttpResponse.json({ successful: false, errorMessages: [message] }, { status });
  const ok = (data: unknown) => HttpResponse.json({ successful: true, data });
  const handlers = [
    http.get('*/crm/contacts/:id', ({ params }) => {
      const c = customers.get(Number(params.id));
      return c ? ok(c) : refuse('The customer does not exist.', 404);
    }),
    http.post('*/api/contact/merge/:op', async ({ params, request }) => {
      const op = String(params.op);
      const text = await request.text();
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      calls.push({ op, body });
      const ids = (session?.contacts ?? []).map((c) => c.contactId);
      switch (op) {
        case 'get_current_session':
          return session ? ok(session) : refuse('There is no contact merge session in progress.', 404);
        case 'create_session':
        case 'add_contact_to_session': {
          const id = Number(body.contactId);
          const at = Number(body.accountPlatformId);
          if (session && session.accountPlatformId !== at) return refuse('Your user account already has a merge session in progress for another store.');
          if (ids.includes(id)) return refuse('Merge session already contains the same customer. Please try adding a new customer.');
          if (ids.length >= 2) return refuse('You have already selected two customers for merge');
          session = {
            id: 's1',
            userId: 'u-sales',
            accountPlatformId: at,
            contacts: [...(session?.contacts ?? []), member(id)],
            created: '2026-03-01T09:00:00Z',
            updated: '2026-03-01T09:00:00Z',
          };
          return ok(session);
        }
        case 'remove_contact_from_session': {
          if (!session) return refuse('There is no contact merge session in progress.', 404);
          session = { ...session, contacts: (session.contacts ?? []).filter((c) => c.contactId !== Number(body.contactId)) };
          const left = session;
          if ((session.contacts ?? []).length === 0) session = null;
          return ok(left);
        }
        case 'delete_session':
          if (!session) return refuse('There is no contact merge session in progress.', 404);
          session = null;
          return ok({ deleted: true, message: 'Contact merge session has been deleted successfully' });
        case 'simulate':
        case 'execute': {
          const survivor = Number(body.survivorContactId) || ids[0] || 0;
          const other = ids.find((id) => id !== survivor) ?? 0;
          const s = customers.get(survivor);
          const m = customers.get(other);
          if (!s || !m) return refuse('The customer does not exist.', 404);
          const phones = [...(s.phones ?? []), ...(m.phones ?? [])].map((p) => p.phone ?? '');
          if (op === 'execute') session = null;
          return ok({
            survivor: mergeContact(s, phones),
            merged: mergeContact(m, (m.phones ?? []).map((p) => p.phone ?? '')),
            moved: { vehicles: [], leads: [], notes: [], tasks: [], activities: [] },
            changes: [{ field: 'phones', oldValue: (s.phones ?? []).map((p) => p.phone).join('; '), newValue: phones.join('; ') }],
          });
        }
      }
      return refuse('Unknown call', 404);
    }),
  ];
  return { handlers, calls };
}

function signedIn(merge: ReturnType<typeof mergeServer>) {
  server.use(
    currentUser(salesUser),
    ...userSettings().handlers,
    contactPermission({}),
    ...contactSummaries().handlers,
    http.post('*/crm/contacts/actions/is_desking_enabled', () => HttpResponse.json({ successful: true, data: [] })),
    ...merge.handlers,
  );
}

describe('Contact merge', () => {
  it("adds the profile's customer, shows it in the footer, and refuses it twice", async () => {
    const merge = mergeServer();
    signedIn(merge);
    renderApp('/app/contact/5001');

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Maria Gonzalez to merge' }));

    const footer = await screen.findByRole('region', { name: 'Customer merge' });
    expect(await within(footer).findByText('Maria Gonzalez')).toBeInTheDocument();
    expect(within(footer).getByText('1 of 2 selected')).toBeInTheDocument();
    expect(footer).not.toHaveTextContent('5001');
    expect(within(footer).getByRole('button', { name: 'Merge' })).toBeDisabled();
    expect(merge.calls.filter((c) => c.op !== 'get_current_session')).toEqual([{ op: 'create_session', body: { contactId: 5001, accountPlatformId: 101 } }]);

    await user.click(screen.getByRole('button', { name: 'Add Maria Gonzalez to merge' }));
    expect(await screen.findByText('Merge session already contains the same customer. Please try adding a new customer.')).toBeInTheDocument();
    expect(merge.calls.at(-1)?.op).toBe('add_contact_to_session');
  }, 30_000);

  it('warns when two customers are selected already', async () => {
    const merge = mergeServer([5002, 7001]);
    signedIn(merge);
    renderApp('/app/contact/5001');

    const user = userEvent.setup();
    const footer = await screen.findByRole('region', { name: 'Customer merge' });
    expect(within(footer).getByText('2 of 2 selected')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add Maria Gonzalez to merge' }));
    expect(await screen.findByText('You have already selected two customers for merge')).toBeInTheDocument();
    expect(screen.getByText('Warning')).toBeInTheDocument();
  }, 30_000);

  it("replaces a session of another store only after 'Delete existing active session'", async () => {
    const merge = mergeServer([7001], 102);
    signedIn(merge);
    renderApp('/app/contact/5001');

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Maria Gonzalez to merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete existing active session' });
    expect(dialog).toHaveTextContent('Your user account already has a merge session in progress for another store.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete existing active session' }));

    const footer = await screen.findByRole('region', { name: 'Customer merge' });
    await waitFor(() => expect(within(footer).getByText('1 of 2 selected')).toBeInTheDocument());
    expect(await within(footer).findByText('Maria Gonzalez')).toBeInTheDocument();
    expect(merge.calls.map((c) => c.op).filter((op) => op !== 'get_current_session')).toEqual(['add_contact_to_session', 'delete_session', 'create_session']);
    // The deletion was silent: only the add is reported.
    expect(screen.queryByText('Contact merge session has been deleted successfully')).not.toBeInTheDocument();
  }, 30_000);

  it('removes a customer and deletes the session', async () => {
    const merge = mergeServer([5001, 5002]);
    signedIn(merge);
    renderApp('/app/contact/5001');

    const user = userEvent.setup();
    const footer = await screen.findByRole('region', { name: 'Customer merge' });
    // Two customers of the same name: each is named with what tells it apart.
    expect(within(footer).getByText('Maria Gonzalez, created May 14, 2024')).toBeInTheDocument();
    await user.click(within(footer).getByRole('button', { name: 'Remove Maria Gonzalez, created Feb 27, 2026 from the merge' }));
    await waitFor(() => expect(within(footer).getByText('1 of 2 selected')).toBeInTheDocument());
    expect(merge.calls.find((c) => c.op === 'remove_contact_from_session')).toBeDefined();

    await user.click(within(footer).getByRole('button', { name: 'Delete session' }));
    expect(await screen.findByText('Contact merge session has been deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Customer merge' })).not.toBeInTheDocument());
  }, 30_000);

  it('previews the merge with the chosen survivor, merges, and opens the survivor', async () => {
    const merge = mergeServer([5001, 5002]);
    signedIn(merge);
    const { router } = renderApp('/app/contact/5001');

    const user = userEvent.setup();
    const footer = await screen.findByRole('region', { name: 'Customer merge' });
    await user.click(within(footer).getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge customers' });
    const phones = await within(dialog).findByRole('list', { name: 'Merged phones' });
    expect(within(phones).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['(503) 555-0134', '(503) 555-0178', '(503) 555-0199']);
    expect(merge.calls.find((c) => c.op === 'simulate')?.body).toEqual({ survivorContactId: 5001 });

    // The two Marias are told apart by what differs, never by their ids.
    const older = within(dialog).getByRole('radio', { name: 'Keep Maria Gonzalez, created May 14, 2024' });
    const newer = within(dialog).getByRole('radio', { name: 'Keep Maria Gonzalez, created Feb 27, 2026' });
    expect(older).toBeChecked();
    const olderCard = older.closest('button') ?? older;
    expect(olderCard).toHaveTextContent('(503) 555-0134, (503) 555-0178 x12');
    expect(olderCard).toHaveTextContent('maria.gonzalez@example.com');
    expect(olderCard).toHaveTextContent('May 14, 2024 by Sam Ortega');
    expect(olderCard).toHaveTextContent('Last activityFeb 20, 2026');
    expect(olderCard).toHaveTextContent('Open leads1 of 2');
    const newerCard = newer.closest('button') ?? newer;
    expect(newerCard).toHaveTextContent('Last activityNone recorded');
    expect(newerCard).toHaveTextContent('Open leadsNone');
    expect(dialog).not.toHaveTextContent(/500[12]/);

    await user.click(newer);
    await waitFor(() => expect(merge.calls.filter((c) => c.op === 'simulate').at(-1)?.body).toEqual({ survivorContactId: 5002 }));
    await within(dialog).findByText('Maria Gonzalez, created Feb 27, 2026 is kept, with the details of Maria Gonzalez, created May 14, 2024');

    await user.click(within(dialog).getByRole('button', { name: 'Merge customers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/contact/5002'));
    expect(merge.calls.find((c) => c.op === 'execute')?.body).toEqual({ survivorContactId: 5002 });
    expect(await screen.findByText('The customers were merged.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Customer merge' })).not.toBeInTheDocument());
  }, 30_000);
});
