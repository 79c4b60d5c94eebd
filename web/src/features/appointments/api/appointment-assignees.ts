import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { TaskAssignees } from '../../../lib/api/types';
import { appointmentKeys } from './keys';

/**
 * appointmentAssignees lists the users a store's appointments may be with: the active users of
 * the store who work customers, with the store's time zone (GET /pando/pandox/task/assignees,
 * the same users who may hold the store's tasks).
 */
export function appointmentAssignees(storeId: number): Promise<TaskAssignees> {
  return api.get<TaskAssignees>(`/pando/pandox/task/assignees?accountPlatformId=${storeId}`);
}

export function appointmentAssigneesQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: appointmentKeys.assignees(storeId),
    queryFn: () => appointmentAssignees(storeId),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** useAppointmentAssignees lists the users a store's appointments may be with. */
export function useAppointmentAssignees(storeId: number, enabled = true) {
  return useQuery({ ...appointmentAssigneesQueryOptions(storeId), enabled: enabled && storeId > 0 });
}
