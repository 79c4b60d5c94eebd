import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { UserNotification } from '../../../lib/api/types';
import { server } from '../../../testing/server';
import { renderWithProviders } from '../../../testing/render';
import { bellLabel, NotificationBell } from './notification-bell';

function notification(n: number, overrides: Partial<UserNotification> = {}): UserNotification {
  return {
    NotificationId: `17640000000${String(n).padStart(2, '0')}-00112233aabbcc${String(n).padStart(2, '0')}`,
    UserId: '100013',
    FromUserId: '100001',
    Title: `Title ${n}`,
    Message: `Message ${n}`,
    Link: '',
    CreatedAt: `2026-03-02T09:${String(n).padStart(2, '0')}:00Z`,
    Read: false,
    ...overrides,
  };
}

/**
 * inbox serves the notification calls over a list kept newest first, two a page, recording the
 * calls it receives.
 */
function inbox(initial: UserNotification[]) {
  const state = { items: [...initial], calls: [] as string[] };
  const unread = () => state.items.filter((n) => !n.Read).length;
  server.use(
    http.get('*/users/notifications/unread_count', () => {
      state.calls.push('count');
      return HttpResponse.json({ successful: true, data: { count: unread() } });
    }),
    http.get('*/users/notifications', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor') ?? '';
      state.calls.push(`list ${cursor}`);
      const start = cursor ? Number(cursor) : 0;
      const page = state.items.slice(start, start + 2);
      const next = start + 2 < state.items.length ? String(start + 2) : '';
      return HttpResponse.json({ successful: true, data: { notifications: page, nextCursor: next } });
    }),
    http.post('*/users/notifications/read_all', () => {
      state.calls.push('read all');
      const n = unread();
      state.items = state.items.map((i) => ({ ...i, Read: true }));
      return HttpResponse.json({ successful: true, data: { count: n } });
    }),
    http.post('*/users/notifications/:id/read', ({ params }) => {
      state.calls.push(`read ${String(params.id)}`);
      const found = state.items.find((i) => i.NotificationId === params.id);
      if (!found) return HttpResponse.json({ successful: false, errorMessages: ['The notification does not exist.'] }, { status: 404 });
      found.Read = true;
      return HttpResponse.json({ successful: true, data: found });
    }),
  );
  return state;
}

describe('bellLabel', () => {
  it.each([
    [undefined, 'Notifications, none unread'],
    [0, 'Notifications, none unread'],
    [1, 'Notifications, 1 unread'],
    [120, 'Notifications, 120 unread'],
  ])('%s → %s', (count, want) => {
    expect(bellLabel(count)).toBe(want);
  });
});

describe('NotificationBell', () => {
  it('names the unread count, lists notifications newest first and marks one read', async () => {
    const user = userEvent.setup();
    const state = inbox([notification(3), notification(2, { Link: '#/app/leads' }), notification(1, { Read: true })]);
    renderWithProviders(<NotificationBell />);

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Title 3, unread', 'Title 2, unread']);
    expect(within(dialog).getByRole('link', { name: 'Title 2' })).toHaveAttribute('href', '#/app/leads');

    await user.click(within(dialog).getByRole('button', { name: 'Mark "Title 3" read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(state.calls).toContain(`read ${notification(3).NotificationId}`);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Mark "Title 3" read' })).not.toBeInTheDocument());

    // Older notifications load by the list's cursor.
    await user.click(within(dialog).getByRole('button', { name: 'Show older notifications' }));
    expect(await within(dialog).findByRole('listitem', { name: 'Title 1' })).toBeInTheDocument();
    expect(state.calls).toContain('list 2');

    // Following a notification's link marks it read and closes the list.
    await user.click(within(dialog).getByRole('link', { name: 'Title 2' }));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
    expect(state.calls).toContain(`read ${notification(2).NotificationId}`);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
  });

  it('marks all read', async () => {
    const user = userEvent.setup();
    const state = inbox([notification(2), notification(1)]);
    renderWithProviders(<NotificationBell />);

    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(dialog).findByRole('listitem', { name: 'Title 2, unread' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark all read' }));

    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('listitem', { name: 'Title 2' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(state.calls).toContain('read all');
  });

  it('says so when there are no notifications', async () => {
    const user = userEvent.setup();
    inbox([]);
    renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, none unread' }));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
  });

  it('reads the count again when the window regains focus', async () => {
    const state = inbox([notification(1)]);
    renderWithProviders(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    state.items.unshift(notification(2));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('reads the count again on its interval', async () => {
    const state = inbox([]);
    renderWithProviders(<NotificationBell refreshMs={20} />);
    await screen.findByRole('button', { name: 'Notifications, none unread' });

    state.items.unshift(notification(1));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});
