import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ContactSearchBody, ContactSearchResults, PageData } from '../../../lib/api/types';
import { contactKeys } from './keys';

/** The spec's page size for customer search results. */
export const SEARCH_PAGE_SIZE = 25;

export type ContactSearchParams = {
  term: string;
  /** The nextCursor of the previous page; absent for the first page. */
  cursor?: string;
  pageSize?: number;
};

export type ContactSearchPage = ContactSearchResults & { pageData?: PageData };

/**
 * searchContacts runs the quick search (POST /crm/contacts/search): the server reads the term as
 * an e-mail address, phone, VIN, stock number or name and returns one page of the selected
 * stores' customers with how it read the term.
 */
export async function searchContacts({ term, cursor, pageSize = SEARCH_PAGE_SIZE }: ContactSearchParams): Promise<ContactSearchPage> {
  const body: ContactSearchBody = { term, pageSize };
  if (cursor) body.cursor = cursor;
  const { data, pageData } = await api.request<ContactSearchResults>('/crm/contacts/search', { method: 'POST', body });
  return { ...data, results: data.results ?? [], pageData };
}

export function contactSearchQueryOptions(params: ContactSearchParams) {
  const key = { term: params.term, cursor: params.cursor ?? '', pageSize: params.pageSize ?? SEARCH_PAGE_SIZE };
  return queryOptions({
    queryKey: contactKeys.search(key),
    queryFn: () => searchContacts(params),
    // The screens show a failed search themselves.
    meta: { silent: true },
  });
}

/** useContactSearch reads one page of the quick search; nothing is sent for a blank term. */
export function useContactSearch(params: ContactSearchParams, options: { keepPrevious?: boolean } = {}) {
  return useQuery({
    ...contactSearchQueryOptions(params),
    enabled: params.term.trim() !== '',
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
