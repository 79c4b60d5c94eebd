import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { PermittedUser } from '../../../lib/api/types';
import { leadKeys } from './keys';

/** storeUsers lists the active users of one store (POST /core/users/withpermissions). */
export async function storeUsers(storeId: number): Promise<PermittedUser[]> {
  return (await api.post<PermittedUser[] | null>(`/core/users/withpermissions?accountPlatformId=${storeId}&status=1`)) ?? [];
}

export function storeUsersQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: leadKeys.storeUsers(storeId),
    queryFn: () => storeUsers(storeId),
    staleTime: 5 * 60_000,
  });
}

/** useStoreUsers lists the active users of a store, who may hold its leads. */
export function useStoreUsers(storeId: number, enabled = true) {
  return useQuery({ ...storeUsersQueryOptions(storeId), enabled: enabled && storeId > 0 });
}
