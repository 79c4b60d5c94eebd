import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type {
  EndTouchpointBody,
  PageData,
  StartTouchpointBody,
  TouchpointActivityFilter,
  TouchpointActivitySummary,
  TouchpointItemFilters,
  TouchpointResults,
  UpdateTouchpointBody,
  VisitView,
} from '../../../lib/api/types';

/** TouchpointSlug is a kind of visit. */
export type TouchpointSlug = 'showroom' | 'delivery';

/**
 * visitKeys are the query keys of visits. A visit change invalidates `all()`: the logs, the
 * summaries and who is in the store now.
 */
export const visitKeys = {
  all: () => ['visits'] as const,
  inStore: (storeIds: readonly number[], kind: TouchpointSlug) => ['visits', 'in-store', [...storeIds], kind] as const,
  list: (kind: TouchpointSlug, filter: TouchpointActivityFilter) => ['visits', 'list', kind, filter] as const,
  summary: (filter: TouchpointActivityFilter) => ['visits', 'summary', filter] as const,
  results: (kind: TouchpointSlug, filter: TouchpointActivityFilter) => ['visits', 'results', kind, filter] as const,
  filters: (storeIds: readonly number[]) => ['visits', 'filters', [...storeIds]] as const,
};

/** The log's page size. */
export const VISIT_PAGE_SIZE = 25;

/** inStoreQueryOptions read who is in the stores now (POST /api/touchpoint/activity/detail/in_showroom), again every 30 seconds. */
export function inStoreQueryOptions(storeIds: readonly number[], kind: TouchpointSlug) {
  return queryOptions({
    queryKey: visitKeys.inStore(storeIds, kind),
    queryFn: () => api.post<VisitView[] | null>('/api/touchpoint/activity/detail/in_showroom', { accountPlatformIds: storeIds, touchpointSlug: kind }).then((d) => d ?? []),
    refetchInterval: 30_000,
    enabled: storeIds.length > 0,
  });
}

export type VisitPage = { rows: VisitView[]; pageData?: PageData };

/** visitListQueryOptions read one page of a log's visits with their steps. */
export function visitListQueryOptions(kind: TouchpointSlug, filter: TouchpointActivityFilter) {
  return queryOptions({
    queryKey: visitKeys.list(kind, filter),
    queryFn: async (): Promise<VisitPage> => {
      const { data, pageData } = await api.request<VisitView[] | null>(`/api/touchpoint/activity/get_${kind}_touchpoint_item_activity`, { method: 'POST', body: filter });
      return { rows: data ?? [], pageData };
    },
    placeholderData: keepPreviousData,
    enabled: (filter.accountPlatformIds?.length ?? 0) > 0,
  });
}

/** summaryQueryOptions read the summary by touchpoint and sales person (POST /api/touchpoint/activity/summary). */
export function summaryQueryOptions(filter: TouchpointActivityFilter) {
  return queryOptions({
    queryKey: visitKeys.summary(filter),
    queryFn: () => api.post<TouchpointActivitySummary>('/api/touchpoint/activity/summary', filter),
    placeholderData: keepPreviousData,
    enabled: (filter.accountPlatformIds?.length ?? 0) > 0,
  });
}

/** resultsQueryOptions read a touchpoint's results by step and ending. */
export function resultsQueryOptions(kind: TouchpointSlug, filter: TouchpointActivityFilter) {
  return queryOptions({
    queryKey: visitKeys.results(kind, filter),
    queryFn: () => api.post<TouchpointResults>(`/api/touchpoint/activity/${kind}/results`, filter),
    placeholderData: keepPreviousData,
    enabled: (filter.accountPlatformIds?.length ?? 0) > 0,
  });
}

/** filtersQueryOptions read the logs' filter choices. */
export function filtersQueryOptions(storeIds: readonly number[]) {
  return queryOptions({
    queryKey: visitKeys.filters(storeIds),
    queryFn: () => api.post<TouchpointItemFilters>('/api/touchpoint/activity/touchpoint_item_filters', { accountPlatformIds: storeIds }),
    staleTime: 5 * 60_000,
    enabled: storeIds.length > 0,
  });
}

export const useInStore = (storeIds: readonly number[], kind: TouchpointSlug) => useQuery(inStoreQueryOptions(storeIds, kind));
export const useVisitList = (kind: TouchpointSlug, filter: TouchpointActivityFilter) => useQuery(visitListQueryOptions(kind, filter));
export const useSummary = (filter: TouchpointActivityFilter) => useQuery(summaryQueryOptions(filter));
export const useResults = (kind: TouchpointSlug, filter: TouchpointActivityFilter) => useQuery(resultsQueryOptions(kind, filter));
export const useVisitFilters = (storeIds: readonly number[]) => useQuery(filtersQueryOptions(storeIds));

/** VisitChange is one change of a visit the logs and the profile make. */
export type VisitChange =
  | { kind: TouchpointSlug; action: 'start'; body: StartTouchpointBody }
  | { kind: TouchpointSlug; action: 'complete' | 'cancel'; body: EndTouchpointBody }
  | { kind: TouchpointSlug; action: 'update'; body: UpdateTouchpointBody }
  | { kind: TouchpointSlug; action: 'step'; itemSlug: string; request: 'start' | 'complete' | 'cancel'; body: { contactId: number; touchpointInstanceId: string; version: number } };

/** changeVisit sends change to its call and answers the visit as changed. */
export function changeVisit(change: VisitChange): Promise<VisitView> {
  const base = `/api/contact_touchpoint/${change.kind}`;
  switch (change.action) {
    case 'start':
      return api.post<VisitView>(`${base}/start`, change.body);
    case 'complete':
    case 'cancel':
      return api.post<VisitView>(`${base}/${change.action}`, change.body);
    case 'update':
      return api.put<VisitView>(base, change.body);
    case 'step':
      return api.post<VisitView>(`${base}/items/${encodeURIComponent(change.itemSlug)}/${change.request}`, change.body);
  }
}

/** useChangeVisit changes a visit; every visit read is refreshed after. */
export function useChangeVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeVisit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.all() }),
  });
}

/** exportSummary downloads the summary's CSV (POST /api/touchpoint/activity/export/summary). */
export async function exportSummary(filter: TouchpointActivityFilter): Promise<Blob> {
  const response = await api.stream('/api/touchpoint/activity/export/summary', { method: 'POST', body: filter });
  return response.blob();
}
