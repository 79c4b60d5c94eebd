import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { CreditRequest } from '../../../lib/api/types';
import { creditKeys } from './keys';

/** getCreditHistory fetches a customer's credit requests, newest first (POST /api/credit/contact_credit_requests). */
export function getCreditHistory(contactId: number): Promise<CreditRequest[]> {
  return api.post<CreditRequest[]>('/api/credit/contact_credit_requests', { contactId });
}

export function creditHistoryQueryOptions(contactId: number) {
  return queryOptions({
    queryKey: creditKeys.history(contactId),
    queryFn: () => getCreditHistory(contactId),
    // The spec skips credit calls about a contact id below 1.
    enabled: contactId >= 1,
    // The panel shows the failure in place.
    meta: { silent: true },
  });
}

/** useCreditHistory reads a customer's credit requests. */
export function useCreditHistory(contactId: number) {
  return useQuery(creditHistoryQueryOptions(contactId));
}
