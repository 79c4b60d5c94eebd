import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { EnterpriseValue, LinkedContact, PotentialLink } from '../../../lib/api/types';
import { relationKeys } from './keys';

/** getLinkedContacts reads the customer's records at other stores (GET /crm/contacts/enterprise/{id}/linkedcontacts). */
export async function getLinkedContacts(contactId: number): Promise<LinkedContact[]> {
  return (await api.get<LinkedContact[] | null>(`/crm/contacts/enterprise/${contactId}/linkedcontacts`)) ?? [];
}

export function linkedContactsQueryOptions(contactId: number) {
  return queryOptions({
    queryKey: relationKeys.linkedContacts(contactId),
    queryFn: () => getLinkedContacts(contactId),
  });
}

/** useLinkedContacts reads the customer's linked records. */
export function useLinkedContacts(contactId: number) {
  return useQuery(linkedContactsQueryOptions(contactId));
}

/** getPotentialLinks reads customers of other stores who may be the same person (GET .../potentialcustomerlinks). */
export async function getPotentialLinks(contactId: number): Promise<PotentialLink[]> {
  return (await api.get<PotentialLink[] | null>(`/crm/contacts/enterprise/${contactId}/potentialcustomerlinks`)) ?? [];
}

/** usePotentialLinks reads possible links. */
export function usePotentialLinks(contactId: number) {
  return useQuery({
    queryKey: relationKeys.potentialLinks(contactId),
    queryFn: () => getPotentialLinks(contactId),
  });
}

/** getEnterpriseValue reads the customer's value across the group (GET .../enterprise/{id}/lifetime_value). */
export function getEnterpriseValue(contactId: number): Promise<EnterpriseValue> {
  return api.get<EnterpriseValue>(`/crm/contacts/enterprise/${contactId}/lifetime_value`);
}

/** useEnterpriseValue reads the customer's lifetime value across the group. */
export function useEnterpriseValue(contactId: number) {
  return useQuery({
    queryKey: relationKeys.enterpriseValue(contactId),
    queryFn: () => getEnterpriseValue(contactId),
  });
}

export type LinkParams = { contactId: number; linkedContactId: number; link: boolean };

/** changeLink links or unlinks two records (POST /crm/contacts/enterprise/link_customer or unlink_customer). */
export async function changeLink({ contactId, linkedContactId, link }: LinkParams): Promise<LinkedContact[]> {
  const op = link ? 'link_customer' : 'unlink_customer';
  return (await api.post<LinkedContact[] | null>(`/crm/contacts/enterprise/${op}`, { contactId, linkedContactId })) ?? [];
}

/** useChangeLink links or unlinks records; every record's links and values are read again. */
export function useChangeLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLink,
    onSuccess: (linked, { contactId }) => {
      queryClient.setQueryData(linkedContactsQueryOptions(contactId).queryKey, linked);
      void queryClient.invalidateQueries({ queryKey: relationKeys.enterprise() });
    },
  });
}
