import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ActivityEntry, ActivityFeed } from '../../../lib/api/types';
import { messageKeys } from './keys';

/** How many texts and e-mails of each kind the conversation shows. */
export const CONVERSATION_SIZE = 100;

function feed(contactId: number, category: 'text' | 'email'): Promise<ActivityEntry[]> {
  return api
    .request<ActivityFeed>(`/crm/contacts/${contactId}/activity/feed/paged`, {
      method: 'POST',
      body: { pageSize: CONVERSATION_SIZE, pageNumber: 1, category },
    })
    .then((r) => r.data.entries ?? []);
}

/**
 * getConversation reads a customer's texts and e-mails from their activity (the activity
 * feed's text and email categories) as one conversation, oldest first.
 */
export async function getConversation(contactId: number): Promise<ActivityEntry[]> {
  const [texts, emails] = await Promise.all([feed(contactId, 'text'), feed(contactId, 'email')]);
  return [...texts, ...emails].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
}

export function conversationQueryOptions(contactId: number) {
  return queryOptions({ queryKey: messageKeys.conversation(contactId), queryFn: () => getConversation(contactId), meta: { silent: true } });
}

/** useConversation reads a customer's texts and e-mails as one conversation. */
export function useConversation(contactId: number) {
  return useQuery(conversationQueryOptions(contactId));
}
