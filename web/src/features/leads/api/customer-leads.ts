import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { LeadsLogRow } from '../../../lib/api/types';
import { leadKeys } from './keys';

/** customerLeads reads a customer's leads, newest first (POST /api/Lead/getLeads). */
export async function customerLeads(contactId: number): Promise<LeadsLogRow[]> {
  return (await api.post<LeadsLogRow[] | null>('/api/Lead/getLeads', { contactId })) ?? [];
}

export function customerLeadsQueryOptions(contactId: number) {
  return queryOptions({
    queryKey: leadKeys.customer(contactId),
    queryFn: () => customerLeads(contactId),
    meta: { silent: true },
  });
}

/** useCustomerLeads reads the leads of a customer (and of the customers merged into it). */
export function useCustomerLeads(contactId: number) {
  return useQuery(customerLeadsQueryOptions(contactId));
}
