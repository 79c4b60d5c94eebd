import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { Contact, ContactTag } from '../../../lib/api/types';
import { contactKeys } from '../../contacts';

export type RemoveTagParams = { contactId: number; tagId: number };

/** removeContactTag takes a tag off a customer (POST /crm/RemoveContactTag?contactId&tagId). */
export async function removeContactTag({ contactId, tagId }: RemoveTagParams): Promise<ContactTag[]> {
  const query = new URLSearchParams({ contactId: String(contactId), tagId: String(tagId) });
  return (await api.post<ContactTag[] | null>(`/crm/RemoveContactTag?${query}`)) ?? [];
}

/** useRemoveContactTag removes a tag; the customer's profile (tags and version) is read again. */
export function useRemoveContactTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeContactTag,
    onSuccess: (tags, { contactId }) => {
      queryClient.setQueriesData({ queryKey: contactKeys.detail(contactId) }, (old: Contact | undefined) =>
        old ? { ...old, tags } : old,
      );
      void queryClient.invalidateQueries({ queryKey: contactKeys.detail(contactId) });
    },
  });
}
