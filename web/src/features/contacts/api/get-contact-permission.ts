import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ContactPermission } from '../../../lib/api/types';
import { contactKeys } from './keys';

/**
 * getContactPermission asks what a user may do with a customer
 * (GET /api/contacts/{id}/user_permissions/{userId}): view, edit, reactivate.
 */
export function getContactPermission(contactId: number, userId: string): Promise<ContactPermission> {
  return api.get<ContactPermission>(`/api/contacts/${contactId}/user_permissions/${encodeURIComponent(userId)}`);
}

export function contactPermissionQueryOptions(contactId: number, userId: string) {
  return queryOptions({
    queryKey: contactKeys.permission(contactId, userId),
    queryFn: () => getContactPermission(contactId, userId),
    // The profile says itself when access cannot be verified.
    meta: { silent: true },
  });
}

/** useContactPermission reads what a user may do with a customer. */
export function useContactPermission(contactId: number, userId: string) {
  return useQuery(contactPermissionQueryOptions(contactId, userId));
}
