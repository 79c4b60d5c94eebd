import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ChangeLogEntry, ChangeLogFilter, PageData } from '../../../lib/api/types';
import { contactKeys } from './keys';

/** The change log's page size (the spec's default). */
export const CHANGE_LOG_PAGE_SIZE = 25;

export type ChangeLogPage = { entries: ChangeLogEntry[]; pageData?: PageData };

/**
 * getChangeLog fetches page `page` (from 1) of a customer's change log, newest first
 * (POST /crm/contacts/{id}/change_log).
 */
export async function getChangeLog(contactId: number, page: number, filter: ChangeLogFilter = {}): Promise<ChangeLogPage> {
  const { data, pageData } = await api.request<ChangeLogEntry[] | null>(`/crm/contacts/${contactId}/change_log`, {
    method: 'POST',
    body: { filter, pageNumber: page, pageSize: CHANGE_LOG_PAGE_SIZE },
  });
  return { entries: data ?? [], pageData };
}

export function changeLogQueryOptions(contactId: number, page: number, filter: ChangeLogFilter = {}) {
  return queryOptions({
    queryKey: contactKeys.changeLog(contactId, page, filter),
    queryFn: () => getChangeLog(contactId, page, filter),
    placeholderData: keepPreviousData,
  });
}

/** useChangeLog reads one page of a customer's change log. */
export function useChangeLog(contactId: number, page: number, filter: ChangeLogFilter = {}) {
  return useQuery(changeLogQueryOptions(contactId, page, filter));
}
