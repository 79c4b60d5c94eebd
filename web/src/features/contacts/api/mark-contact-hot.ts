import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { Contact, ContactHotState } from '../../../lib/api/types';
import { contactQueryOptions } from './get-contact';
import { contactKeys } from './keys';

export type MarkContactHotParams = { contactId: number; hot: boolean };

/** markContactHot marks a customer hot, or not (POST /crm/contacts/{id}/actions/mark_as_hot). */
export function markContactHot({ contactId, hot }: MarkContactHotParams): Promise<ContactHotState> {
  return api.request<ContactHotState>(`/crm/contacts/${contactId}/actions/mark_as_hot`, {
    method: 'POST',
    text: String(hot),
  }).then((r) => r.data);
}

/** useMarkContactHot changes the hot mark and the cached profile's mark and version. */
export function useMarkContactHot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContactHot,
    onSuccess: (state) => {
      queryClient.setQueryData(contactQueryOptions(state.contactId).queryKey, (old: Contact | undefined) =>
        old ? { ...old, isMarkedHot: state.isMarkedHot, version: state.version } : old,
      );
      void queryClient.invalidateQueries({ queryKey: contactKeys.searches() });
      void queryClient.invalidateQueries({ queryKey: contactKeys.changeLogs(state.contactId) });
    },
  });
}
