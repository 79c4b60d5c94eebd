import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { AdvancedSearchBody, ContactSearchResults } from '../../../lib/api/types';
import { SEARCH_PAGE_SIZE, type ContactSearchPage } from './search-contacts';
import { contactKeys } from './keys';

/** The fields of the advanced search form, as the address keeps them. */
export const ADVANCED_FIELDS = [
  'firstName',
  'lastName',
  'businessName',
  'email',
  'phone',
  'vin',
  'stockNumber',
  'city',
  'postalCode',
] as const;

export type AdvancedField = (typeof ADVANCED_FIELDS)[number];

export type AdvancedCriteria = Partial<Record<AdvancedField, string>> & { isMarkedHot?: boolean };

/** The fields of which the server needs at least one (the others only narrow a search). */
export const SEARCHABLE_FIELDS: readonly AdvancedField[] = ['lastName', 'businessName', 'email', 'phone', 'vin', 'stockNumber'];

/** hasSearchableField says whether criteria can be searched. */
export function hasSearchableField(criteria: AdvancedCriteria): boolean {
  return SEARCHABLE_FIELDS.some((f) => (criteria[f] ?? '').trim() !== '');
}

/**
 * advancedSearch runs POST /crm/contacts/advanced_search: the customers of the selected stores
 * matching every field given, in name order, one page at a time.
 */
export async function advancedSearch(criteria: AdvancedCriteria, cursor?: string): Promise<ContactSearchPage> {
  const body: AdvancedSearchBody = { pageSize: SEARCH_PAGE_SIZE };
  for (const f of ADVANCED_FIELDS) {
    const v = criteria[f]?.trim();
    if (v) body[f] = v;
  }
  if (criteria.isMarkedHot) body.isMarkedHot = true;
  if (cursor) body.cursor = cursor;
  const { data, pageData } = await api.request<ContactSearchResults>('/crm/contacts/advanced_search', { method: 'POST', body });
  return { ...data, results: data.results ?? [], pageData };
}

/** useAdvancedSearch reads one page of an advanced search; nothing is sent without a searchable field. */
export function useAdvancedSearch(criteria: AdvancedCriteria, cursor?: string) {
  return useQuery({
    queryKey: contactKeys.advancedSearch(criteria, cursor ?? ''),
    queryFn: () => advancedSearch(criteria, cursor),
    enabled: hasSearchableField(criteria),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
