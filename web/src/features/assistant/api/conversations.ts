import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import { activityKeys } from '../../activity';
import { assistantKeys } from './keys';
import type { Conversation, ConversationStatus, NewConversationBody } from './types';

/** customerConversations reads a customer's assistant conversations in full (POST /api/auto_assistant/full_conversation). */
export async function customerConversations(contactId: number): Promise<Conversation[]> {
  return (await api.post<Conversation[] | null>('/api/auto_assistant/full_conversation', { contactId })) ?? [];
}

export function customerConversationsQueryOptions(contactId: number) {
  return queryOptions({
    queryKey: assistantKeys.conversations(contactId),
    queryFn: () => customerConversations(contactId),
    meta: { silent: true },
  });
}

/** useCustomerConversations reads a customer's assistant conversations. */
export function useCustomerConversations(contactId: number) {
  return useQuery(customerConversationsQueryOptions(contactId));
}

/** useConversationStatuses reads every status a conversation can be in. */
export function useConversationStatuses() {
  return useQuery({
    queryKey: assistantKeys.statuses(),
    queryFn: async () => (await api.post<ConversationStatus[] | null>('/api/auto_assistant/conversica_conversation_statuses', {})) ?? [],
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/** ConversationChange is one change a user makes to a conversation. */
export type ConversationChange =
  | { action: 'rename'; conversation: Conversation; name: string }
  | { action: 'end'; conversation: Conversation };

/** changeConversation renames or ends a conversation and returns it as changed. */
export function changeConversation(change: ConversationChange): Promise<Conversation> {
  const ref = { contactId: change.conversation.contactId, conversationId: change.conversation.conversationId, version: change.conversation.version };
  if (change.action === 'rename') {
    return api.post<Conversation>('/api/auto_assistant/conversation_name', { ...ref, name: change.name });
  }
  return api.post<Conversation>('/api/auto_assistant/end_conversation', ref);
}

function useRefresh() {
  const client = useQueryClient();
  return (contactId: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: assistantKeys.conversations(contactId) }),
      client.invalidateQueries({ queryKey: activityKeys.all(contactId) }),
    ]);
}

/** useChangeConversation renames or ends a conversation of the customer contactId. */
export function useChangeConversation(contactId: number) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: changeConversation, onSettled: () => refresh(contactId), meta: { silent: true } });
}

/** useStartConversation hands the customer to the assistant (POST /api/auto_assistant/new_request). */
export function useStartConversation(contactId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: NewConversationBody) => api.post<Conversation>('/api/auto_assistant/new_request', body),
    onSettled: () => refresh(contactId),
    meta: { silent: true },
  });
}
