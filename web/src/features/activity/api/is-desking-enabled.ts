import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { DeskingStatus } from '../../../lib/api/types';
import { activityKeys } from './keys';

/** isDeskingEnabled asks whether a store has desking (POST /crm/contacts/actions/is_desking_enabled). */
export async function isDeskingEnabled(storeId: number): Promise<boolean> {
  const statuses = await api.post<DeskingStatus[]>('/crm/contacts/actions/is_desking_enabled', { accountPlatformIds: [storeId] });
  return statuses.some((s) => s.accountPlatformId === storeId && s.isDeskingEnabled);
}

export function deskingEnabledQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: activityKeys.desking(storeId),
    queryFn: () => isDeskingEnabled(storeId),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** useDeskingEnabled reads whether the customer's store has desking; unknown stores have none. */
export function useDeskingEnabled(storeId: number | undefined) {
  return useQuery({ ...deskingEnabledQueryOptions(storeId ?? 0), enabled: Boolean(storeId) });
}
