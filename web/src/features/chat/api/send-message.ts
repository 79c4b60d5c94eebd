import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ChatSent } from '../../../lib/api/types';
import { chatKeys } from './keys';

export type SendChatParams = {
  /** The colleague the message goes to. */
  userId: string;
  message: string;
  /** Makes a retried send store the message once. */
  clientMessageId: string;
};

/** sendChatMessage sends a message to a colleague (POST /message/send). */
export function sendChatMessage({ userId, message, clientMessageId }: SendChatParams): Promise<ChatSent> {
  return api
    .request<ChatSent>('/message/send', {
      method: 'POST',
      body: { Message: message, UserIds: [userId], ClientMessageId: clientMessageId },
      scope: null,
    })
    .then((r) => r.data);
}

/** newClientMessageId returns a fresh id for a message about to be sent. */
export function newClientMessageId(): string {
  return `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * useSendChatMessage sends a message, then reads the group and its history again; the send
 * stays pending until they are read, so the message shown while it is sent (see
 * usePendingChatMessages) is replaced by the stored one without a flicker.
 */
export function useSendChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.send(),
    mutationFn: sendChatMessage,
    meta: { silent: true },
    onSuccess: async (sent, { userId }) => {
      queryClient.setQueryData(chatKeys.group(userId), sent.Group);
      void queryClient.invalidateQueries({ queryKey: chatKeys.recent() });
      await queryClient.invalidateQueries({ queryKey: chatKeys.history(sent.Group.GroupID) });
    },
  });
}

/** usePendingChatMessages lists the messages to a colleague that are being sent. */
export function usePendingChatMessages(userId: string | null): SendChatParams[] {
  return useMutationState({
    filters: { mutationKey: chatKeys.send(), status: 'pending' },
    select: (m) => m.state.variables as SendChatParams,
  }).filter((v) => v.userId === userId);
}
