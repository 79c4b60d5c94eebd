import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { LeadStoreSources } from '../../../lib/api/types';
import { leadKeys } from './keys';

/** getLeadSources reads the lead types and sources of stores (POST /api/CrmLead/leadsource/get). */
export async function getLeadSources(storeIds: readonly number[]): Promise<LeadStoreSources[]> {
  return (await api.post<LeadStoreSources[] | null>('/api/CrmLead/leadsource/get', { accountPlatformIds: storeIds })) ?? [];
}

export function leadSourcesQueryOptions(storeIds: readonly number[]) {
  return queryOptions({
    queryKey: leadKeys.sources(storeIds),
    queryFn: () => getLeadSources(storeIds),
    staleTime: 5 * 60_000,
  });
}

/** useLeadSources reads the types and sources of the stores. */
export function useLeadSources(storeIds: readonly number[]) {
  return useQuery({ ...leadSourcesQueryOptions(storeIds), enabled: storeIds.length > 0 });
}
