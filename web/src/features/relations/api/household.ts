import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { HouseholdMember, NewHouseholdMember } from '../../../lib/api/types';
import { relationKeys } from './keys';

/** getHousehold reads a customer's household members (GET /crm/contacts/{id}/household). */
export async function getHousehold(contactId: number): Promise<HouseholdMember[]> {
  return (await api.get<HouseholdMember[] | null>(`/crm/contacts/${contactId}/household`)) ?? [];
}

export function householdQueryOptions(contactId: number) {
  return queryOptions({
    queryKey: relationKeys.household(contactId),
    queryFn: () => getHousehold(contactId),
  });
}

/** useHousehold reads a customer's household members. */
export function useHousehold(contactId: number) {
  return useQuery(householdQueryOptions(contactId));
}

export type AddHouseholdMembersParams = { contactId: number; members: NewHouseholdMember[] };

/** addHouseholdMembers adds customers to a household (POST /crm/contacts/{id}/household). */
export async function addHouseholdMembers({ contactId, members }: AddHouseholdMembersParams): Promise<HouseholdMember[]> {
  return (await api.post<HouseholdMember[] | null>(`/crm/contacts/${contactId}/household`, { members })) ?? [];
}

export type RemoveHouseholdMemberParams = { contactId: number; memberId: number };

/** removeHouseholdMember removes a customer from a household (DELETE /crm/contacts/{id}/household/{memberId}). */
export async function removeHouseholdMember({ contactId, memberId }: RemoveHouseholdMemberParams): Promise<HouseholdMember[]> {
  return (await api.delete<HouseholdMember[] | null>(`/crm/contacts/${contactId}/household/${memberId}`)) ?? [];
}

/**
 * useChangeHousehold adds or removes members; the answer is the new household, and the members'
 * own households change too, so every household is read again.
 */
export function useAddHouseholdMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addHouseholdMembers,
    onSuccess: (members, { contactId }) => {
      queryClient.setQueryData(householdQueryOptions(contactId).queryKey, members);
      void queryClient.invalidateQueries({ queryKey: relationKeys.households() });
    },
  });
}

/** useRemoveHouseholdMember removes a member and reads the households again. */
export function useRemoveHouseholdMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeHouseholdMember,
    onSuccess: (members, { contactId }) => {
      queryClient.setQueryData(householdQueryOptions(contactId).queryKey, members);
      void queryClient.invalidateQueries({ queryKey: relationKeys.households() });
    },
  });
}
