import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { PageData, TeamMember } from '../../../lib/api/types';
import { dashboardKeys, type DashboardRangeBody } from './keys';

/** TeamPage is a page of the team with their counts. */
export type TeamPage = { members: TeamMember[]; pageData?: PageData };

/** TEAM_PAGE_SIZE is the spec's page size of the team list. */
export const TEAM_PAGE_SIZE = 25;

/** getTeam reads a page of the team (POST /api/Team/team/filtered/paged). */
export async function getTeam(body: DashboardRangeBody, page: number): Promise<TeamPage> {
  const res = await api.request<TeamMember[]>('/api/Team/team/filtered/paged', {
    method: 'POST',
    body: { ...body, pageNumber: page, pageSize: TEAM_PAGE_SIZE },
  });
  return { members: res.data, pageData: res.pageData };
}

/** useTeam reads a page of the team's counts over the range. */
export function useTeam(body: DashboardRangeBody, page: number) {
  return useQuery({ queryKey: dashboardKeys.team(body, page), queryFn: () => getTeam(body, page), staleTime: 0, placeholderData: keepPreviousData });
}

/** exportTeam downloads the team's counts as CSV (POST /api/Team/team/activity/csv). */
export async function exportTeam(body: DashboardRangeBody): Promise<Blob> {
  const res = await api.stream('/api/Team/team/activity/csv', { method: 'POST', body });
  return res.blob();
}
