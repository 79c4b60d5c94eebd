import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { CreateTaskBody, ReassignTaskBody, RescheduleTaskBody, TaskRef, TaskView } from '../../../lib/api/types';
import { activityKeys } from '../../activity';
import { contactKeys } from '../../contacts';
import { taskKeys } from './keys';

/** TaskChange is one change a user makes to a task, with what it brings. */
export type TaskChange =
  | { action: 'complete'; ref: TaskRef }
  | { action: 'cancel'; ref: TaskRef }
  | { action: 'reschedule'; ref: TaskRef; localDueDt: string }
  | { action: 'reassign'; ref: TaskRef; assignedPandoUserId: string };

/**
 * changeTask completes, cancels, reschedules or reassigns a task (POST
 * /pando/pandox/task/{action}) and returns it as changed.
 */
export function changeTask(change: TaskChange): Promise<TaskView> {
  switch (change.action) {
    case 'reschedule': {
      const body: RescheduleTaskBody = { ...change.ref, localDueDt: change.localDueDt };
      return api.post<TaskView>('/pando/pandox/task/reschedule', body);
    }
    case 'reassign': {
      const body: ReassignTaskBody = { ...change.ref, assignedPandoUserId: change.assignedPandoUserId };
      return api.post<TaskView>('/pando/pandox/task/reassign', body);
    }
    default:
      return api.post<TaskView>(`/pando/pandox/task/${change.action}`, change.ref);
  }
}

/** createTask adds a task about a customer (POST /pando/pandox/task). */
export function createTask(body: CreateTaskBody): Promise<TaskView> {
  return api.post<TaskView>('/pando/pandox/task', body);
}

/**
 * useRefreshCustomer returns what a task change makes stale: the customer's task lists, its
 * snapshot (open lead tasks and the next one) and its activity, where the change is recorded.
 */
function useRefreshCustomer() {
  const client = useQueryClient();
  return (contactId: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: taskKeys.contact(contactId) }),
      client.invalidateQueries({ queryKey: contactKeys.snapshot(contactId) }),
      client.invalidateQueries({ queryKey: activityKeys.all(contactId) }),
    ]);
}

/** useChangeTask changes a task of the customer contactId and refreshes what shows it. */
export function useChangeTask(contactId: number) {
  const refresh = useRefreshCustomer();
  return useMutation({ mutationFn: changeTask, onSettled: () => refresh(contactId), meta: { silent: true } });
}

/** useCreateTask adds a task about the customer contactId and refreshes what shows it. */
export function useCreateTask(contactId: number) {
  const refresh = useRefreshCustomer();
  return useMutation({ mutationFn: createTask, onSuccess: () => refresh(contactId), meta: { silent: true } });
}
