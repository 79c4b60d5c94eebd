import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ContactSnapshot } from '../../../lib/api/types';
import { contactKeys } from './keys';

/**
 * getContactSnapshot fetches a customer's snapshot (POST /crm/contacts/{id}/snapshot); entityIds
 * limits the open lead tasks counted to those leads.
 */
export function getContactSnapshot(id: number, entityIds: readonly number[] = []): Promise<ContactSnapshot> {
  return api.post<ContactSnapshot>(`/crm/contacts/${id}/snapshot`, { entityIds });
}

export function contactSnapshotQueryOptions(id: number) {
  return queryOptions({
    queryKey: contactKeys.snapshot(id),
    queryFn: () => getContactSnapshot(id),
    meta: { silent: true },
  });
}

/** useContactSnapshot reads a customer's snapshot. */
export function useContactSnapshot(id: number) {
  return useQuery(contactSnapshotQueryOptions(id));
}
