import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { ActivityEntry, Contact } from '../../../lib/api/types';
import { MSG_CALL_OUTCOME } from '../../../lib/validation';
import { mariaGonzalez, salesUser } from '../../../testing/fixtures';
import { contactPermission, contactStore, currentUser, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { DO_NOT_CALL_REASON } from './activity-actions';

type FeedRequest = { category?: string; cursor?: string; pageSize?: number; pageNumber?: number };

const CATEGORY_OF: Record<string, string> = { phone_call: 'phone', outbound_call: 'phone', note: 'note', customer_note: 'note' };

/**
 * activityStore plays a customer's activity as the server keeps it: the logging calls add
 * entries (refusing an empty note or a call without an outcome with field errors), and the feed
 * pages them newest first by cursor, per category, with the counts.
 */
function activityStore(initial: ActivityEntry[] = []) {
  const entries = [...initial];
  const feeds: FeedRequest[] = [];
  let nextId = 1000;
  const add = (kind: string, text: string, extra: Partial<ActivityEntry> = {}) => {
    const e: ActivityEntry = {
      id: nextId++, contactId: 5001, accountPlatformId: 101, kind, category: CATEGORY_OF[kind] ?? 'system', text,
      userId: 'u-sales', userName: 'Sam Ortega', at: new Date(Date.UTC(2026, 2, 1, 9, entries.length)).toISOString(), ...extra,
    };
    entries.unshift(e);
    return e;
  };
  const invalid = (fields: Record<string, string>) =>
    HttpResponse.json({ successful: false, errorMessages: ['The request is not valid.'], fieldErrors: fields }, { status: 400 });
  const handlers = [
    http.post('*/crm/contacts/:id/activity/feed/paged', async ({ request }) => {
      const body = ((await request.json()) ?? {}) as FeedRequest;
      feeds.push(body);
      const size = body.pageSize ?? 25;
      const list = entries.filter((e) => !body.category || e.category === body.category);
      const start = Number(body.cursor || 0);
      const page = list.slice(start, start + size);
      const next = start + size < list.length ? String(start + size) : '';
      return HttpResponse.json({
        successful: true,
        data: { entries: page, nextCursor: next },
        pageData: { pageNumber: body.pageNumber ?? 1, pageSize: size, totalRecords: list.length, pageTotal: Math.ceil(list.length / size) },
      });
    }),
    http.post('*/crm/contacts/:id/activity/counts', () => {
      const categories = ['phone', 'note', 'text', 'email', 'task', 'lead', 'visit', 'desking', 'view', 'system'].map((category) => ({
        category,
        count: entries.filter((e) => e.category === category).length,
      }));
      return HttpResponse.json({ successful: true, data: { total: entries.length, categories, channels: [] } });
    }),
    http.post('*/crm/contacts/:id/actions/log_note', async ({ request }) => {
      const body = (await request.json()) as { text: string };
      if (!body.text.trim()) return invalid({ text: 'Enter the note\'s text.' });
      return HttpResponse.json({ successful: true, data: add('note', body.text) });
    }),
    http.post('*/crm/contacts/:id/log_customer_note', async ({ request }) => {
      const body = (await request.json()) as { text: string };
      return HttpResponse.json({ successful: true, data: add('customer_note', body.text) });
    }),
    http.post('*/crm/contacts/:id/actions/log_phone_call', async ({ request }) => {
      const body = (await request.json()) as { direction: string; outcome: string; notes: string; durationSeconds: number };
      if (!body.outcome) return invalid({ outcome: "Choose the call's outcome." });
      return HttpResponse.json({
        successful: true,
        data: add('phone_call', body.notes, { direction: body.direction, details: { outcome: body.outcome, durationSeconds: String(body.durationSeconds) } }),
      });
    }),
  ];
  return { handlers, feeds, entries };
}

function open(contact: Contact = mariaGonzalez, store = activityStore()) {
  server.use(currentUser(salesUser), ...userSettings().handlers, contactPermission({}), ...contactStore(contact).handlers, ...store.handlers);
  const { router } = renderApp('/app/contact/5001?tab=activity');
  return { ...store, router };
}

// The dialogs take many interactions; on a loaded machine they outlast the default 5 s budget.
describe('Activity tab', { timeout: 30_000 }, () => {
  it('shows the feed newest first with the counts, and filters by category', async () => {
    const store = activityStore();
    store.entries.push(
      { id: 2, contactId: 5001, accountPlatformId: 101, kind: 'note', category: 'note', text: 'Wants a red one', userId: 'u', userName: 'Sam Ortega', at: '2026-03-01T10:00:00Z' },
      { id: 1, contactId: 5001, accountPlatformId: 101, kind: 'phone_call', category: 'phone', direction: 'inbound', details: { outcome: 'contacted' }, text: 'Asked about trade-in', userId: 'u', userName: 'Sam Ortega', at: '2026-03-01T09:00:00Z' },
    );
    open(mariaGonzalez, store);
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Wants a red one');
    expect(items[1]).toHaveTextContent('Inbound · Contacted');
    expect(await screen.findByRole('radio', { name: 'All (2)' })).toBeChecked();

    await user.click(await screen.findByRole('radio', { name: 'Calls (1)' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('listitem')).toHaveLength(1));
    expect(store.feeds.at(-1)).toMatchObject({ category: 'phone', pageSize: 25 });
    expect(screen.getByRole('list', { name: 'Activity' })).toHaveTextContent('Asked about trade-in');
  });

  it('pages through the feed by cursor', async () => {
    const store = activityStore();
    for (let i = 29; i >= 0; i--) {
      store.entries.push({ id: i + 1, contactId: 5001, accountPlatformId: 101, kind: 'note', category: 'note', text: `note ${i}`, userId: 'u', userName: 'Sam Ortega', at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() });
    }
    const { router } = open(mariaGonzalez, store);
    const user = userEvent.setup();

    expect(await screen.findByText('Page 1 of 2 · 30 entries')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('listitem')).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2 · 30 entries')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('listitem')).toHaveLength(5);
    expect(store.feeds.at(-1)).toMatchObject({ cursor: '25', pageNumber: 2 });
    expect(router.state.location.search).toBe('?tab=activity&activityCursor=25');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Page 1 of 2 · 30 entries')).toBeInTheDocument();
  });

  it('logs a note from the header and the feed and counts update', async () => {
    open();
    const user = userEvent.setup();
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log note' });
    await user.click(within(dialog).getByRole('button', { name: 'Log note' }));
    expect(await within(dialog).findByText("Enter the note's text.")).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Note text/ })).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('textbox', { name: /Note text/ }));
    await user.paste('Prefers evening calls');
    await user.click(within(dialog).getByRole('button', { name: 'Log note' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log note' })).not.toBeInTheDocument());
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(list).toHaveTextContent('Prefers evening calls');
    expect(await screen.findByRole('radio', { name: 'Notes (1)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All (1)' })).toBeInTheDocument();
  });

  it('logs a call, naming the outcomes by their labels when none is chosen', async () => {
    const store = activityStore();
    open(mariaGonzalez, store);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log call' });
    // The form loads when the dialog first opens.
    await user.click(await within(dialog).findByRole('button', { name: 'Log call' }));
    // The browser asks for the outcome in the server's words, with labels, not codes.
    expect(await within(dialog).findByText(MSG_CALL_OUTCOME)).toBeInTheDocument();
    expect(within(dialog).queryByText(/left_message|no_answer/)).not.toBeInTheDocument();
    expect(store.entries).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /^Outcome/ }));
    await user.click(await screen.findByRole('option', { name: 'Left message' }));
    await user.type(within(dialog).getByLabelText('Duration (minutes)'), '2');
    await user.click(within(dialog).getByLabelText('Notes'));
    await user.paste('Voicemail about the Camry');
    await user.click(within(dialog).getByRole('button', { name: 'Log call' }));

    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(list).toHaveTextContent('Outbound · Left message · 2m 00s');
    expect(list).toHaveTextContent('Voicemail about the Camry');
    expect(await screen.findByRole('radio', { name: 'Calls (1)' })).toBeInTheDocument();
  });

  it('says so when click-to-call is not configured for the store, and logs nothing', async () => {
    const notConfigured = "Click-to-call is not configured for this store. Ask your dealer administrator to set up the store's call-tracking account.";
    const store = activityStore();
    const starts: unknown[] = [];
    server.use(
      http.post('*/crm/contacts/:id/actions/start_outbound_call', async ({ request }) => {
        starts.push(await request.json());
        return HttpResponse.json({ successful: false, errorMessages: [notConfigured] }, { status: 409 });
      }),
    );
    open(mariaGonzalez, store);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call customer' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Your phone/ }), '5035550134');
    await user.click(within(dialog).getByRole('button', { name: 'Start call' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(notConfigured);
    expect(starts).toHaveLength(1);
    expect(store.entries).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Call customer' })).toBeInTheDocument();
  });

  it('disables Call with the reason for a do-not-call customer, and offers desking where enabled', async () => {
    open({ ...mariaGonzalez, isDoNotCall: true });
    const call = await screen.findByRole('button', { name: 'Call' });
    expect(call).toBeDisabled();
    expect(call).toHaveAccessibleDescription(DO_NOT_CALL_REASON);
    expect(await screen.findByRole('button', { name: 'Send to desking' })).toBeInTheDocument();
  });
});
