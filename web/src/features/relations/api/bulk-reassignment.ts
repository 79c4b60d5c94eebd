import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api } from '../../../lib/api/client';
import type { BulkCriteria, BulkJob, BulkUsers } from '../../../lib/api/types';
import { relationKeys } from './keys';

/** How often a running job's progress is read. */
export const JOB_POLL_MS = 1000;

/**
 * getBulkUsers reads the users a reassignment of role in stores offers
 * (GET /api/contacts/bulk/assignments/users): those whose customers may move, and those who may
 * take them, checked as the preview and the reassignment check the new holder.
 */
export function getBulkUsers(role: string, stores: readonly number[]): Promise<BulkUsers> {
  const query = new URLSearchParams({ role, accountPlatformIds: stores.join(',') });
  return api.get<BulkUsers>(`/api/contacts/bulk/assignments/users?${query.toString()}`);
}

export function bulkUsersQueryOptions(role: string, stores: readonly number[]) {
  return queryOptions({
    queryKey: relationKeys.bulkUsers(role, stores),
    queryFn: () => getBulkUsers(role, stores),
  });
}

/** useBulkUsers reads the users a reassignment offers, once a role and stores are chosen. */
export function useBulkUsers(role: string | null, stores: readonly number[]) {
  return useQuery({ ...bulkUsersQueryOptions(role ?? '', stores), enabled: Boolean(role) && stores.length > 0 });
}

/** countReassignment asks how many customers a reassignment would move (PUT /api/contacts/bulk/assignments/count). */
export async function countReassignment(criteria: BulkCriteria): Promise<number> {
  return (await api.put<{ count: number }>('/api/contacts/bulk/assignments/count', criteria)).count;
}

/** startReassignment starts a bulk reassignment job (PUT /api/contacts/bulk/assignments). */
export function startReassignment(criteria: BulkCriteria): Promise<BulkJob> {
  return api.put<BulkJob>('/api/contacts/bulk/assignments', criteria);
}

/** getReassignment reads a job's progress (GET /api/contacts/bulk/assignments/jobs/{jobId}). */
export function getReassignment(jobId: string): Promise<BulkJob> {
  return api.get<BulkJob>(`/api/contacts/bulk/assignments/jobs/${encodeURIComponent(jobId)}`);
}

export function reassignmentQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: relationKeys.reassignment(jobId),
    queryFn: () => getReassignment(jobId),
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : JOB_POLL_MS),
  });
}

/**
 * useReassignment follows a job until it is done; then the customers' cached assignments are
 * stale, so they are read again.
 */
export function useReassignment(jobId: string | undefined) {
  const queryClient = useQueryClient();
  const job = useQuery({ ...reassignmentQueryOptions(jobId ?? ''), enabled: Boolean(jobId) });
  const done = job.data?.status === 'done';
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: relationKeys.assignments() });
  }, [done, queryClient]);
  return job;
}

/**
 * useCountReassignment counts the customers a reassignment would move: the preview, which the
 * server checks exactly as the reassignment itself. The form shows its refusals on its fields.
 */
export function useCountReassignment() {
  return useMutation({ mutationFn: countReassignment, meta: { silent: true } });
}

/** useStartReassignment starts a reassignment. */
export function useStartReassignment() {
  return useMutation({ mutationFn: startReassignment });
}
