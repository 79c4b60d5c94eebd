import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { GeneratedReply } from './types';

/** ReplyChannel is what a reply is drafted for. */
export type ReplyChannel = 'email' | 'text';

/** SuggestReplyRequest asks for a drafted reply to a customer. */
export type SuggestReplyRequest = { channel: ReplyChannel; contactId: number; accountPlatformId?: number; instructions?: string };

/** suggestReply drafts a reply (POST /generate/email/response or /generate/sms/response); nothing is sent. */
export function suggestReply({ channel, ...body }: SuggestReplyRequest): Promise<GeneratedReply> {
  return api.post<GeneratedReply>(channel === 'email' ? '/generate/email/response' : '/generate/sms/response', body);
}

/** useSuggestReply drafts a reply. */
export function useSuggestReply() {
  return useMutation({ mutationFn: suggestReply, meta: { silent: true } });
}
