import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { MergeSession } from '../../../lib/api/types';
import { getMergeSession } from './get-merge-session';
import { mergeKeys } from './keys';

/** The server's refusals of an added customer, as the spec words them. */
export const MERGE_DUPLICATE_MESSAGE = 'Merge session already contains the same customer. Please try adding a new customer.';
export const MERGE_TWO_SELECTED_MESSAGE = 'You have already selected two customers for merge';
export const MERGE_OTHER_STORE_MESSAGE = 'Your user account already has a merge session in progress for another store.';

export type AddToMergeParams = { accountPlatformId: number; contactId: number };

/**
 * addToMerge adds a customer to the user's merge session: create_session when the user has
 * none, add_contact_to_session otherwise.
 */
export async function addToMerge(params: AddToMergeParams, current: MergeSession | null | undefined): Promise<MergeSession> {
  const session = current === undefined ? await getMergeSession() : current;
  const op = session ? 'add_contact_to_session' : 'create_session';
  return api.post<MergeSession>(`/api/contact/merge/${op}`, params);
}

/** useAddToMerge adds a customer to the merge session; the caller reports refusals. */
export function useAddToMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: AddToMergeParams) => addToMerge(params, queryClient.getQueryData<MergeSession | null>(mergeKeys.session())),
    meta: { silent: true },
    onSuccess: (session) => queryClient.setQueryData(mergeKeys.session(), session),
  });
}
