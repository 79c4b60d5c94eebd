import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { TaskAssignees } from '../../../lib/api/types';
import { taskKeys } from './keys';

/**
 * taskAssignees lists the users who may hold a store's tasks, with the store's time zone (GET
 * /pando/pandox/task/assignees).
 */
export function taskAssignees(storeId: number): Promise<TaskAssignees> {
  return api.get<TaskAssignees>(`/pando/pandox/task/assignees?accountPlatformId=${storeId}`);
}

export function taskAssigneesQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: taskKeys.assignees(storeId),
    queryFn: () => taskAssignees(storeId),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** useTaskAssignees lists the users a store's tasks may be assigned to. */
export function useTaskAssignees(storeId: number, enabled = true) {
  return useQuery({ ...taskAssigneesQueryOptions(storeId), enabled: enabled && storeId > 0 });
}
