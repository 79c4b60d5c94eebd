import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { CreditOrderBody, CreditRequest } from '../../../lib/api/types';
import { creditKeys } from './keys';

/** CreditProduct is a hard pull (a credit report) or a soft pull (a pre-screen). */
export type CreditProduct = 'BaseRequest' | 'PreScreen';

const paths: Record<CreditProduct, string> = {
  BaseRequest: '/api/credit/sevenhundredcredit/create_base_request',
  PreScreen: '/api/credit/sevenhundredcredit/pre_screen',
};

/** requestCredit runs a credit inquiry about a customer at every bureau asked for. */
export function requestCredit(product: CreditProduct, body: CreditOrderBody): Promise<CreditRequest[]> {
  return api.post<CreditRequest[]>(paths[product], body);
}

/** useRequestCredit runs an inquiry; the customer's credit history reloads whatever the outcome, since bureaus that answered are kept. */
export function useRequestCredit(contactId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, body }: { product: CreditProduct; body: CreditOrderBody }) => requestCredit(product, body),
    // The panel shows the failure in place.
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditKeys.history(contactId) }),
  });
}
