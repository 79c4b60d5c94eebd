import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ChatGroup } from '../../../lib/api/types';
import { chatKeys } from './keys';

/**
 * checkForGroup finds the direct chat group of the signed-in user and a colleague
 * (GET /group/CheckForGroup); null when they have not chatted yet.
 */
export function checkForGroup(userId: string): Promise<ChatGroup | null> {
  return api.get<ChatGroup | null>(`/group/CheckForGroup?${new URLSearchParams({ staffids: userId })}`, { scope: null });
}

export function chatGroupQueryOptions(userId: string) {
  return queryOptions({
    queryKey: chatKeys.group(userId),
    queryFn: () => checkForGroup(userId),
    meta: { silent: true },
  });
}

/** useChatGroup reads the chat group with a colleague. */
export function useChatGroup(userId: string | null) {
  return useQuery({ ...chatGroupQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
