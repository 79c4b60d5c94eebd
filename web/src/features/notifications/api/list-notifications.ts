import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { NotificationPage } from '../../../lib/api/types';

/** NOTIFICATIONS_PAGE_SIZE is how many notifications one page lists. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** listNotifications reads a page of the user's notifications, newest first. */
export function listNotifications(cursor: string): Promise<NotificationPage> {
  const params = new URLSearchParams({ size: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<NotificationPage>(`/users/notifications?${params.toString()}`, { scope: null });
}

/** notificationsQueryOptions pages through the user's notifications by their cursors. */
export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['notifications', 'list'],
    queryFn: ({ pageParam }) => listNotifications(pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor || undefined,
    refetchOnWindowFocus: 'always',
  });
}

/** useNotifications reads the user's notifications while enabled (the list is open). */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQueryOptions(), enabled });
}
