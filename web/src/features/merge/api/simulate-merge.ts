import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { MergeResult } from '../../../lib/api/types';
import { mergeKeys } from './keys';

/** simulateMerge returns the merge into survivor without writing anything (simulate). */
export function simulateMerge(survivorContactId: number): Promise<MergeResult> {
  return api.post<MergeResult>('/api/contact/merge/simulate', { survivorContactId });
}

export function simulateMergeQueryOptions(sessionId: string, survivorContactId: number) {
  return queryOptions({
    queryKey: mergeKeys.simulation(sessionId, survivorContactId),
    queryFn: () => simulateMerge(survivorContactId),
    meta: { silent: true },
    staleTime: 0,
  });
}

/** useSimulateMerge previews the session's merge into survivorContactId. */
export function useSimulateMerge(sessionId: string, survivorContactId: number, enabled: boolean) {
  return useQuery({ ...simulateMergeQueryOptions(sessionId, survivorContactId), enabled });
}
