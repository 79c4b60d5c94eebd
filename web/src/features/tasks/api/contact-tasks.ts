import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { TaskSearchBody, TaskView } from '../../../lib/api/types';
import { taskKeys } from './keys';

/**
 * contactTasks lists a customer's tasks (POST /crm/contacts/{id}/task/search), the earliest due
 * first; openOnly leaves completed and cancelled ones out.
 */
export async function contactTasks(contactId: number, openOnly: boolean): Promise<TaskView[]> {
  const body: TaskSearchBody = { openOnly };
  return (await api.post<TaskView[] | null>(`/crm/contacts/${contactId}/task/search`, body)) ?? [];
}

export function contactTasksQueryOptions(contactId: number, openOnly: boolean) {
  return queryOptions({
    queryKey: taskKeys.list(contactId, openOnly),
    queryFn: () => contactTasks(contactId, openOnly),
    meta: { silent: true },
  });
}

/** useContactTasks reads a customer's tasks. */
export function useContactTasks(contactId: number, openOnly: boolean) {
  return useQuery(contactTasksQueryOptions(contactId, openOnly));
}
