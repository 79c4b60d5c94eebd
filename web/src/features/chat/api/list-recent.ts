import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { RecentChat } from '../../../lib/api/types';
import { chatKeys } from './keys';

/** listRecentChats reads the signed-in user's chats, the last written first (GET /message/groups). */
export function listRecentChats(): Promise<RecentChat[]> {
  return api.get<RecentChat[] | null>('/message/groups', { scope: null }).then((r) => r ?? []);
}

export function recentChatsQueryOptions() {
  return queryOptions({ queryKey: chatKeys.recent(), queryFn: listRecentChats, meta: { silent: true }, staleTime: 0 });
}

/** useRecentChats reads the signed-in user's chats with their last message. */
export function useRecentChats() {
  return useQuery(recentChatsQueryOptions());
}
