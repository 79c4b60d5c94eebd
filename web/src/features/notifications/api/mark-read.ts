import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { NotificationCount, UserNotification } from '../../../lib/api/types';

/** markNotificationRead marks one of the user's notifications read. */
export function markNotificationRead(id: string): Promise<UserNotification> {
  return api.post<UserNotification>(`/users/notifications/${encodeURIComponent(id)}/read`, undefined, { scope: null });
}

/** markAllNotificationsRead marks every notification of the user read. */
export function markAllNotificationsRead(): Promise<NotificationCount> {
  return api.post<NotificationCount>('/users/notifications/read_all', undefined, { scope: null });
}

/** useMarkNotificationRead marks a notification read and reloads the list and the count. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/** useMarkAllNotificationsRead marks every notification read and reloads the list and count. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
