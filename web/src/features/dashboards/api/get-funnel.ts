import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { DashboardFunnel, DashboardFunnelLead, PageData, SpeedToLead } from '../../../lib/api/types';
import { dashboardKeys, type DashboardRangeBody } from './keys';

/** getFunnel reads the BDC funnel of the leads that arrived in the range (POST /api/Activity/summary/funnel). */
export async function getFunnel(body: DashboardRangeBody): Promise<DashboardFunnel> {
  return api.post<DashboardFunnel>('/api/Activity/summary/funnel', body);
}

export function funnelQueryOptions(body: DashboardRangeBody) {
  return queryOptions({ queryKey: dashboardKeys.funnel(body), queryFn: () => getFunnel(body), staleTime: 0, placeholderData: keepPreviousData });
}

/** useFunnel reads the BDC funnel. */
export function useFunnel(body: DashboardRangeBody) {
  return useQuery(funnelQueryOptions(body));
}

/** FunnelLeadsPage is a page of the leads behind a funnel stage. */
export type FunnelLeadsPage = { leads: DashboardFunnelLead[]; pageData?: PageData };

/** getFunnelLeads reads a page of the leads that reached stage (POST /api/Activity/detail/sample). */
export async function getFunnelLeads(body: DashboardRangeBody, stage: string, page: number): Promise<FunnelLeadsPage> {
  const res = await api.request<DashboardFunnelLead[]>('/api/Activity/detail/sample', {
    method: 'POST',
    body: { ...body, stage, pageNumber: page, pageSize: 10 },
  });
  return { leads: res.data, pageData: res.pageData };
}

/** useFunnelLeads reads the leads behind stage; nothing while stage is null. */
export function useFunnelLeads(body: DashboardRangeBody, stage: string | null, page: number) {
  return useQuery({
    queryKey: dashboardKeys.funnelLeads(body, stage ?? '', page),
    queryFn: () => getFunnelLeads(body, stage ?? 'leads', page),
    enabled: stage !== null,
    staleTime: 0,
  });
}

/** getSpeedToLead reads the speed to lead of the range (POST /api/Activity/summary/speed_to_lead). */
export async function getSpeedToLead(body: DashboardRangeBody): Promise<SpeedToLead> {
  return api.post<SpeedToLead>('/api/Activity/summary/speed_to_lead', body);
}

/** useSpeedToLead reads the three speed-to-lead clocks of the range. */
export function useSpeedToLead(body: DashboardRangeBody) {
  return useQuery({ queryKey: dashboardKeys.speed(body), queryFn: () => getSpeedToLead(body), staleTime: 0, placeholderData: keepPreviousData });
}
