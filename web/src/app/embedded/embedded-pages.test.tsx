import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { ActivityEntry, AppUser, MergeSession } from '../../lib/api/types';
import { managerUser, mariaGonzalez, salesUser, unsignedJwt } from '../../testing/fixtures';
import { contactPermission, contactStore, contactSummaries, currentUser, userSettings } from '../../testing/handlers';
import { fakeAuthService, renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { customerIdOf, embeddedContactId, embeddedStoreId } from './embedded-params';

function partnerToken(secondsLeft: number): string {
  const now = Math.floor(Date.now() / 1000);
  return unsignedJwt({ sub: 'u-sales', iat: now, exp: now + secondsLeft });
}

/** openEmbedded opens path with a partner's token, as a partner's frame does. */
function openEmbedded(path: string, token = partnerToken(600)) {
  const withToken = `${path}${path.includes('?') ? '&' : '?'}ssoToken=${token}`;
  window.location.hash = `#${withToken}`;
  return renderApp(withToken, { authService: fakeAuthService({ hasSession: async () => false }) });
}

/** customer plays the calls a customer page makes: the user, the customer, access, summaries and activity. */
function customer(signedInAs: AppUser = salesUser) {
  const entries: ActivityEntry[] = [];
  const authorizations: (string | null)[] = [];
  server.use(
    currentUser(signedInAs),
    ...userSettings().handlers,
    ...contactSummaries().handlers,
    contactPermission({}),
    ...contactStore(mariaGonzalez).handlers,
    http.post('*/crm/contacts/:id/actions/log_note', async ({ request }) => {
      authorizations.push(request.headers.get('authorization'));
      const body = (await request.json()) as { text: string };
      if (!body.text.trim()) {
        return HttpResponse.json({ successful: false, errorMessages: ['The request is not valid.'], fieldErrors: { text: "Enter the note's text." } }, { status: 400 });
      }
      const entry: ActivityEntry = {
        id: 900 + entries.length, contactId: 5001, accountPlatformId: 101, kind: 'note', category: 'note', text: body.text,
        userId: 'u-sales', userName: 'Sam Ortega', at: '2026-11-20T16:00:00Z',
      };
      entries.unshift(entry);
      return HttpResponse.json({ successful: true, data: entry });
    }),
    http.post('*/crm/contacts/:id/activity/feed/paged', () =>
      HttpResponse.json({
        successful: true,
        data: { entries, nextCursor: '' },
        pageData: { pageNumber: 1, pageSize: 25, totalRecords: entries.length, pageTotal: 1 },
      }),
    ),
    http.post('*/crm/contacts/:id/activity/counts', () =>
      HttpResponse.json({ successful: true, data: { total: entries.length, categories: [{ category: 'note', count: entries.length }], channels: [] } }),
    ),
  );
  return { entries, authorizations };
}

describe('the parameters of embedded customer pages', () => {
  it.each([
    ['5001', '', '5001'],
    ['101/5001', '', '5001'.replace('5001', '101')],
    ['', '?contactId=5001', '5001'],
    [undefined, '', ''],
  ])('reads the customer of %s%s', (rest, search, want) => {
    expect(embeddedContactId(rest, search)).toBe(want);
  });

  it('takes only whole positive ids', () => {
    expect(customerIdOf('5001')).toBe(5001);
    expect(customerIdOf('0')).toBeNull();
    expect(customerIdOf('5e3')).toBeNull();
    expect(customerIdOf('')).toBeNull();
    expect(embeddedStoreId('?platformId=101')).toBe(101);
    expect(embeddedStoreId('?accountPlatformId=102')).toBe(102);
    expect(embeddedStoreId('?contactId=1')).toBeNull();
  });
});

describe('embedded customer pages', { timeout: 30_000 }, () => {
  it.each([
    ['/embedded/customerdashboard/5001'],
    ['/embedded/customerdashboard?contactId=5001'],
    ['/mobile/customerdashboard/5001'],
  ])("%s shows the customer's profile without the shell", async (path) => {
    customer();

    openEmbedded(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Elena Gonzalez' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toContain('Activity');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Skip to content' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Customer Profile'));
  });

  it('says so when the address names no customer', async () => {
    customer();

    openEmbedded('/embedded/customerlognote');

    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such customer. Check the link that opened this window.');
  });

  it('logs a note with the partner token, shows it in the activity and starts afresh', async () => {
    const user = userEvent.setup();
    const { authorizations } = customer();
    const token = partnerToken(600);

    openEmbedded('/embedded/customerlognote?contactId=5001', token);

    expect(await screen.findByRole('heading', { level: 1, name: 'Log note' })).toBeInTheDocument();
    expect(await screen.findByText('Maria Elena Gonzalez')).toBeInTheDocument();
    const form = within(await screen.findByRole('region', { name: 'Log note' }));
    await user.click(await form.findByRole('button', { name: 'Log note' }));
    expect(await form.findByText("Enter the note's text.")).toBeInTheDocument();

    await user.type(form.getByLabelText(/Note text/), 'Called from the DMS about the lease end');
    await user.click(form.getByRole('button', { name: 'Log note' }));

    const activity = await screen.findByRole('list', { name: 'Activity' });
    expect(await within(activity).findByText('Called from the DMS about the lease end')).toBeInTheDocument();
    expect(authorizations.at(-1)).toBe(`Bearer ${token}`);
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Log note' })).getByLabelText(/Note text/)).toHaveValue(''));
    await waitFor(() => expect(document.title).toBe('Customer Log Note'));
  });

  it('offers the Log call form for the customer', async () => {
    customer();

    openEmbedded('/mobile/customerlogcall?contactId=5001');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log call' })).toBeInTheDocument();
    const form = within(await screen.findByRole('region', { name: 'Log call' }));
    expect(await form.findByRole('button', { name: 'Log call' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Customer Log Call'));
  });

  it("opens the customer's appointments at customerappointment, under #/embedded and #/mobile", async () => {
    customer();
    const searched: unknown[] = [];
    server.use(
      http.post('*/pando/calendarevent', async ({ request }) => {
        searched.push(await request.json());
        return HttpResponse.json({
          successful: true,
          data: {
            events: [
              {
                appointmentId: 'AP-5001-000000000001', contactId: 5001, accountPlatformId: 101, assignedUserId: 'u-sales', assignedUserName: 'Sam Ortega',
                appointmentType: 'Delivery', note: '', startUtc: '2030-01-15T17:00:00Z', endUtc: '2030-01-15T18:00:00Z', localStart: '2030-01-15T09:00',
                localEnd: '2030-01-15T10:00', status: 'Confirmed', statusId: 3, createdAt: '2026-11-01T00:00:00Z', createdBy: 'u-sales',
                updatedAt: '2026-11-01T00:00:00Z', updatedBy: 'u-sales', overlaps: false, version: 2, contactName: 'Maria Elena Gonzalez',
                storeName: 'Northwind Toyota', timeZone: 'America/Los_Angeles', canChange: true, moves: ['Rescheduled', 'NoShow', 'Completed', 'Cancelled'],
              },
            ],
            windowStartUtc: '2026-11-20T08:00:00Z', windowEndUtc: '2027-11-20T08:00:00Z', from: 0, size: 100, hasMore: false,
          },
        });
      }),
    );

    for (const base of ['/embedded', '/mobile']) {
      const view = openEmbedded(`${base}/customerappointment?contactId=5001`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Appointments' })).toBeInTheDocument();
      expect(await screen.findByText('Maria Elena Gonzalez')).toBeInTheDocument();
      const list = await screen.findByRole('list', { name: 'Upcoming appointments' });
      expect(within(list).getByRole('listitem', { name: /^Delivery appointment/ })).toHaveTextContent('Tue, Jan 15, 2030, 9:00 AM – 10:00 AM PST');
      expect(screen.getByRole('button', { name: 'Set appointment' })).toBeInTheDocument();
      view.unmount();
    }
    expect(searched).toContainEqual({ ContactId: 5001 });
  });

  it('adds the customer to the merge and finds the other record', async () => {
    const user = userEvent.setup();
    customer(managerUser);
    let session: MergeSession | null = null;
    const ops: string[] = [];
    server.use(
      http.post('*/api/contact/merge/:op', async ({ params, request }) => {
        ops.push(String(params.op));
        if (params.op === 'get_current_session') {
          return session ? HttpResponse.json({ successful: true, data: session }) : HttpResponse.json({ successful: false, errorMessages: ['No session.'] }, { status: 404 });
        }
        const body = (await request.json()) as { contactId: number; accountPlatformId: number };
        session = {
          id: 's1', userId: 'u-sales', accountPlatformId: body.accountPlatformId,
          contacts: [{ contactId: body.contactId, added: '2026-11-20T16:00:00Z', details: null }], created: '2026-11-20T16:00:00Z', updated: '2026-11-20T16:00:00Z',
        };
        return HttpResponse.json({ successful: true, data: session });
      }),
    );

    openEmbedded('/embedded/customermerge?contactId=5001&platformId=101');

    const candidate = within(await screen.findByRole('region', { name: 'Customer to merge' }));
    expect(await candidate.findByText('Maria Elena Gonzalez')).toBeInTheDocument();
    await user.click(candidate.getByRole('button', { name: 'Add Maria Elena Gonzalez to merge' }));

    expect(await candidate.findByText('In the merge')).toBeInTheDocument();
    expect(ops).toContain('create_session');
    expect(await screen.findByRole('region', { name: 'Customer merge' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search customers')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Customer Merge'));
  });

  it('shows the expiry message on a customer page once the token has lapsed', async () => {
    customer();

    openEmbedded('/embedded/customerlognote?contactId=5001', partnerToken(-1));

    expect(await screen.findByText('This session has expired! Please close this window.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Log note' })).not.toBeInTheDocument();
  });
});
