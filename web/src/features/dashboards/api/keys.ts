import { leadKeys } from '../../leads';
import type { DateRangeKey } from '../date-range';

/**
 * DashboardRangeBody is the body of the dashboard calls: one of the spec's date ranges, which the
 * server reads on each store's calendar, and users.
 */
export type DashboardRangeBody = { range: DateRangeKey; userIds?: string[] };

/**
 * dashboardKeys are the query keys of the dashboards' widgets. Lead counts live under the leads'
 * keys, so a lead action refreshes them too; the counters' calls live under ['dashboards'].
 */
export const dashboardKeys = {
  all: () => ['dashboards'] as const,
  leadCounts: (assignedUserId: string) => [...leadKeys.all(), 'dashboard-counts', assignedUserId] as const,
  summary: (path: string, body: DashboardRangeBody) => ['dashboards', 'summary', path, body] as const,
  funnel: (body: DashboardRangeBody) => ['dashboards', 'funnel', body] as const,
  funnelLeads: (body: DashboardRangeBody, stage: string, page: number) => ['dashboards', 'funnel-leads', body, stage, page] as const,
  speed: (body: DashboardRangeBody) => ['dashboards', 'speed', body] as const,
  team: (body: DashboardRangeBody, page: number) => ['dashboards', 'team', body, page] as const,
  serviceLeadCounts: (body: DashboardRangeBody) => ['dashboards', 'service-lead-counts', body] as const,
  serviceLeadDetails: (body: DashboardRangeBody, kind: string) => ['dashboards', 'service-lead-details', body, kind] as const,
};
