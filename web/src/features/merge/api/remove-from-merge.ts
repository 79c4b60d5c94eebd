import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { MergeSession } from '../../../lib/api/types';
import { mergeKeys } from './keys';

/** removeFromMerge takes a customer out of the merge session (remove_contact_from_session). */
export function removeFromMerge(contactId: number): Promise<MergeSession> {
  return api.post<MergeSession>('/api/contact/merge/remove_contact_from_session', { contactId });
}

/** useRemoveFromMerge removes a customer; a session left empty is gone. */
export function useRemoveFromMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromMerge,
    onSuccess: (session) => queryClient.setQueryData(mergeKeys.session(), (session.contacts ?? []).length > 0 ? session : null),
  });
}
