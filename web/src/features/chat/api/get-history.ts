import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api } from '../../../lib/api/client';
import type { ChatMessage } from '../../../lib/api/types';
import { chatKeys } from './keys';

/** HISTORY_SIZE is how many of a group's newest messages are read when the group is found. */
export const HISTORY_SIZE = 20;

/** getHistory reads a chat group's newest messages, oldest first (POST /message/history). */
export function getHistory(groupId: string): Promise<ChatMessage[]> {
  return api
    .request<ChatMessage[] | null>('/message/history', { method: 'POST', body: { GroupId: groupId, Count: HISTORY_SIZE }, scope: null })
    .then((r) => r.data ?? []);
}

export function chatHistoryQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: chatKeys.history(groupId),
    queryFn: () => getHistory(groupId),
    meta: { silent: true },
    staleTime: 0,
  });
}

/** useChatHistory reads a chat group's last messages; nothing while there is no group. Reading
 * them marks the chat read, so the recent chats' unread marks are read again after. */
export function useChatHistory(groupId: string | undefined) {
  const client = useQueryClient();
  const history = useQuery({ ...chatHistoryQueryOptions(groupId ?? ''), enabled: Boolean(groupId) });
  const read = history.isSuccess ? history.dataUpdatedAt : 0;
  useEffect(() => {
    if (read) void client.invalidateQueries({ queryKey: chatKeys.recent() });
  }, [client, read]);
  return history;
}
