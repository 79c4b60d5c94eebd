import { keepPreviousData, queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { LeadStatusCount, LeadsLogFilter, LeadsLogRow, LeadsLogSearchBody, PageData } from '../../../lib/api/types';
import { leadKeys } from './keys';

/** The spec's page size of the Leads Log. */
export const LEADS_LOG_PAGE_SIZE = 25;

export type LeadsLogPage = { rows: LeadsLogRow[]; pageData?: PageData };

/** searchLeadsLog reads one page of the Leads Log (POST /api/CrmLead/dashboard/search). */
export async function searchLeadsLog(body: LeadsLogSearchBody): Promise<LeadsLogPage> {
  const { data, pageData } = await api.request<LeadsLogRow[] | null>('/api/CrmLead/dashboard/search', { method: 'POST', body });
  return { rows: data ?? [], pageData };
}

/**
 * newerRows keeps, of a page read again, each lead the cache already holds at a newer version
 * (a change the user just made, which an index read right after it may not show yet), so a
 * row never goes back to what it was before the user's change.
 */
export function newerRows(old: unknown, next: unknown): unknown {
  const prev = old as LeadsLogPage | undefined;
  const page = next as LeadsLogPage;
  if (!prev?.rows || !page?.rows) return replaceEqualDeep(old, next);
  const held = new Map(prev.rows.map((r) => [r.crmLeadId, r]));
  const rows = page.rows.map((r) => {
    const mine = held.get(r.crmLeadId);
    return mine && mine.version > r.version ? mine : r;
  });
  return replaceEqualDeep(old, { ...page, rows });
}

export function leadsLogQueryOptions(body: LeadsLogSearchBody) {
  return queryOptions({
    queryKey: leadKeys.log(body),
    queryFn: () => searchLeadsLog(body),
    structuralSharing: newerRows,
    meta: { silent: true },
  });
}

/** useLeadsLog reads a page of the Leads Log, keeping the previous page while the next loads. */
export function useLeadsLog(body: LeadsLogSearchBody, enabled = true) {
  return useQuery({ ...leadsLogQueryOptions(body), enabled, placeholderData: keepPreviousData });
}

/** countLeadsLog reads the filter's counts per status (POST /api/CrmLead/dashboard/count). */
export async function countLeadsLog(filter: LeadsLogFilter): Promise<LeadStatusCount[]> {
  return (await api.post<LeadStatusCount[] | null>('/api/CrmLead/dashboard/count', filter)) ?? [];
}

export function leadsLogCountsQueryOptions(filter: LeadsLogFilter) {
  return queryOptions({
    queryKey: leadKeys.logCounts(filter),
    queryFn: () => countLeadsLog(filter),
    meta: { silent: true },
  });
}

/** useLeadsLogCounts reads the counts per status of the Leads Log's filter. */
export function useLeadsLogCounts(filter: LeadsLogFilter, enabled = true) {
  return useQuery({ ...leadsLogCountsQueryOptions(filter), enabled, placeholderData: keepPreviousData });
}
