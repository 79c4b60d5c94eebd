import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ActivitySummary } from '../../../lib/api/types';
import { activityKeys } from './keys';

/** getActivityCounts fetches a customer's counts per category (POST /crm/contacts/{id}/activity/counts). */
export function getActivityCounts(contactId: number): Promise<ActivitySummary> {
  return api.post<ActivitySummary>(`/crm/contacts/${contactId}/activity/counts`);
}

export function activityCountsQueryOptions(contactId: number) {
  return queryOptions({
    queryKey: activityKeys.counts(contactId),
    queryFn: () => getActivityCounts(contactId),
    meta: { silent: true },
  });
}

/** useActivityCounts reads a customer's activity counts. */
export function useActivityCounts(contactId: number) {
  return useQuery(activityCountsQueryOptions(contactId));
}
