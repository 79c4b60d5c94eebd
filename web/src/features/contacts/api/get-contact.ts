import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { Contact } from '../../../lib/api/types';
import { contactKeys } from './keys';

/**
 * getContact fetches a customer's profile (GET /crm/contacts/{id}); sensitive values always come
 * masked (revealSensitive reads one whole value, never through the query cache).
 */
export function getContact(id: number): Promise<Contact> {
  return api.get<Contact>(`/crm/contacts/${id}`);
}

export function contactQueryOptions(id: number) {
  return queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: () => getContact(id),
    meta: { silent: true },
  });
}

/** useContact reads a customer's profile. */
export function useContact(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...contactQueryOptions(id), enabled: options.enabled ?? true });
}
