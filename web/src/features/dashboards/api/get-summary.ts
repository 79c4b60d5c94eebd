import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { DashboardSummary } from '../../../lib/api/types';
import { dashboardKeys, type DashboardRangeBody } from './keys';

/** The summary calls the widgets read (POST /api/Activity/summary and its narrower ones). */
export type SummaryPath = '/api/Activity/summary' | '/api/Activity/summary/engaged' | '/api/Activity/workplan';

/** getSummary reads a dashboard's counts over the range of the selected stores. */
export async function getSummary(path: SummaryPath, body: DashboardRangeBody): Promise<DashboardSummary> {
  return api.post<DashboardSummary>(path, body);
}

export function summaryQueryOptions(path: SummaryPath, body: DashboardRangeBody) {
  return queryOptions({
    queryKey: dashboardKeys.summary(path, body),
    queryFn: () => getSummary(path, body),
    // Counters move with every call, text and lead: a dashboard opened again reads them afresh.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** useSummary reads a dashboard's counts over the range. */
export function useSummary(path: SummaryPath, body: DashboardRangeBody) {
  return useQuery(summaryQueryOptions(path, body));
}
