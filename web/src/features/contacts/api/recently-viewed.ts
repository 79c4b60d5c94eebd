import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ViewedContact } from '../../../lib/api/types';
import { contactKeys } from './keys';

/** How many recently viewed customers the search screen lists. */
export const RECENT_LIMIT = 10;

/** recentlyViewed lists the customers the signed-in user opened last, the latest first. */
export async function recentlyViewed(pageSize = RECENT_LIMIT): Promise<ViewedContact[]> {
  const { data } = await api.request<ViewedContact[] | null>('/crm/contacts/recently_viewed_contacts', {
    method: 'POST',
    body: { pageSize },
  });
  return data ?? [];
}

/** useRecentlyViewed reads the user's recently viewed customers; opening a profile refreshes them. */
export function useRecentlyViewed() {
  return useQuery({
    queryKey: contactKeys.recentlyViewed(),
    queryFn: () => recentlyViewed(),
    meta: { silent: true },
  });
}
