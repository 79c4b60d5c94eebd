import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { NotificationCount } from '../../../lib/api/types';

/** How often the unread count is read again while the app is open. */
export const UNREAD_REFRESH_MS = 60_000;

/** getUnreadCount reads how many of the user's notifications are unread. */
export function getUnreadCount(): Promise<NotificationCount> {
  return api.get<NotificationCount>('/users/notifications/unread_count', { scope: null });
}

/**
 * unreadCountQueryOptions: read on an interval and whenever the window regains focus. A failed
 * background read raises no toast: the bell keeps its last count and tries again.
 */
export function unreadCountQueryOptions(refreshMs: number = UNREAD_REFRESH_MS) {
  return queryOptions({
    queryKey: ['notifications', 'unread-count'],
    queryFn: getUnreadCount,
    refetchInterval: refreshMs,
    refetchOnWindowFocus: 'always',
    meta: { silent: true },
  });
}

/** useUnreadCount reads the user's unread notification count. */
export function useUnreadCount(refreshMs?: number) {
  return useQuery(unreadCountQueryOptions(refreshMs));
}
