import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ContactAssignments, RoleChange } from '../../../lib/api/types';
import { relationKeys } from './keys';

/** getAssignments reads the users assigned to a customer by role (GET /api/contacts/{id}/assignments). */
export function getAssignments(contactId: number): Promise<ContactAssignments> {
  return api.get<ContactAssignments>(`/api/contacts/${contactId}/assignments`);
}

export function assignmentsQueryOptions(contactId: number) {
  return queryOptions({
    queryKey: relationKeys.contactAssignments(contactId),
    queryFn: () => getAssignments(contactId),
  });
}

/** useAssignments reads a customer's assignments. */
export function useAssignments(contactId: number) {
  return useQuery(assignmentsQueryOptions(contactId));
}

export type SetAssignmentsParams = { contactId: number; assignments: RoleChange[] };

/** setAssignments changes the users of the roles named (PUT /api/contacts/{id}/assignments). */
export function setAssignments({ contactId, assignments }: SetAssignmentsParams): Promise<ContactAssignments> {
  return api.put<ContactAssignments>(`/api/contacts/${contactId}/assignments`, { assignments });
}

/** useSetAssignments saves assignment changes and caches the answer. */
export function useSetAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAssignments,
    onSuccess: (saved, { contactId }) => {
      queryClient.setQueryData(assignmentsQueryOptions(contactId).queryKey, saved);
    },
  });
}
