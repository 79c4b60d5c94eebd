import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { StaffUser } from '../../../lib/api/types';
import { userKeys } from './keys';

/** The spec's page size for user lists. */
export const USER_PAGE_SIZE = 500;

export type ListUsersParams = {
  /** Whether inactive and pending users are listed too (after the active ones). */
  includeInactive: boolean;
};

/**
 * listUsers fetches the dealer group's employees in the stores the user may view
 * (GET /core/users), page by page, ordered by last name.
 */
export async function listUsers({ includeInactive }: ListUsersParams): Promise<StaffUser[]> {
  const users: StaffUser[] = [];
  for (let from = 0; ; from += USER_PAGE_SIZE) {
    const query = new URLSearchParams({
      from: String(from),
      size: String(USER_PAGE_SIZE),
      orderBy: 'LastName',
      orderDir: 'asc',
      returnAllAccountUsers: String(includeInactive),
    });
    const page = (await api.get<StaffUser[] | null>(`/core/users?${query}`, { scope: null })) ?? [];
    users.push(...page);
    if (page.length < USER_PAGE_SIZE) return users;
  }
}

export function usersQueryOptions(params: ListUsersParams) {
  return queryOptions({
    queryKey: userKeys.list(params),
    queryFn: () => listUsers(params),
    staleTime: 5 * 60_000,
  });
}

/** useUsers lists the dealer group's employees. */
export function useUsers(params: ListUsersParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(params), enabled: options.enabled ?? true });
}
