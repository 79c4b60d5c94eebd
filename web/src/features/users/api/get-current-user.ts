import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { AppUser } from '../../../lib/api/types';
import { userKeys } from './keys';

/** getCurrentUser fetches the signed-in user's profile (GET /users/currentUser). */
export function getCurrentUser(): Promise<AppUser> {
  return api.get<AppUser>('/users/currentUser', { scope: null });
}

/** currentUserQueryOptions: start-up shows its own screen when the profile cannot be loaded. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: userKeys.current(),
    queryFn: getCurrentUser,
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/** useCurrentUser reads the signed-in user's profile. */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
