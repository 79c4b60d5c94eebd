import { queryOptions, useQuery } from '@tanstack/react-query';

import { isApiError } from '../../../lib/api/api-error';
import { api } from '../../../lib/api/client';
import type { MergeSession } from '../../../lib/api/types';
import { mergeKeys } from './keys';

/**
 * getMergeSession fetches the user's merge session (POST /api/contact/merge/get_current_session);
 * null when there is none (the call's 404, which is silent: the session starts with its first
 * customer).
 */
export async function getMergeSession(): Promise<MergeSession | null> {
  try {
    return await api.post<MergeSession>('/api/contact/merge/get_current_session');
  } catch (err) {
    if (isApiError(err, 404)) return null;
    throw err;
  }
}

export function mergeSessionQueryOptions() {
  return queryOptions({ queryKey: mergeKeys.session(), queryFn: getMergeSession, meta: { silent: true } });
}

/** useMergeSession reads the user's merge session (null for none). */
export function useMergeSession() {
  return useQuery(mergeSessionQueryOptions());
}
