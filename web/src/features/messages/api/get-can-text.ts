import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { CanText } from '../../../lib/api/types';
import { messageKeys } from './keys';

/** getCanText asks whether a customer may be texted now (GET /crm/contacts/{id}/actions/sms/can_text). */
export function getCanText(contactId: number): Promise<CanText> {
  return api.request<CanText>(`/crm/contacts/${contactId}/actions/sms/can_text`).then((r) => r.data);
}

export function canTextQueryOptions(contactId: number) {
  return queryOptions({ queryKey: messageKeys.canText(contactId), queryFn: () => getCanText(contactId), meta: { silent: true } });
}

/** useCanText reads whether a customer may be texted now, and why not. */
export function useCanText(contactId: number) {
  return useQuery(canTextQueryOptions(contactId));
}
