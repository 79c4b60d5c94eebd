import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { SendTextBody, SentText } from '../../../lib/api/types';
import { activityKeys } from '../../activity';
import { messageKeys } from './keys';

export type SendTextParams = { contactId: number } & SendTextBody;

/** sendText texts a customer (POST /crm/contacts/{id}/actions/sms/send); the consent ledger decides first. */
export function sendText({ contactId, ...body }: SendTextParams): Promise<SentText> {
  return api.request<SentText>(`/crm/contacts/${contactId}/actions/sms/send`, { method: 'POST', body }).then((r) => r.data);
}

/** useSendText sends a text and refreshes the customer's conversation, consent and activity. */
export function useSendText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendText,
    meta: { silent: true },
    onSettled: (_data, _error, { contactId }) => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.all(contactId) });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all(contactId) });
    },
  });
}
