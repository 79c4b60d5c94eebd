import { leadKeys } from '../../leads';

/**
 * dashboardKeys are the query keys of the dashboards' widgets. Lead counts live under the leads'
 * keys, so a lead action refreshes them too.
 */
export const dashboardKeys = {
  leadCounts: (assignedUserId: string) => [...leadKeys.all(), 'dashboard-counts', assignedUserId] as const,
};
