import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ManagerLeadCounts } from '../../../lib/api/types';
import { dashboardKeys } from './keys';

/**
 * getLeadCounts reads the lead counts per status of the selected stores, only the leads
 * assignedUserId holds when it is set (POST /api/CrmLead/manager_dashboard/lead_count).
 */
export async function getLeadCounts(assignedUserId: string): Promise<ManagerLeadCounts> {
  return api.post<ManagerLeadCounts>('/api/CrmLead/manager_dashboard/lead_count', assignedUserId ? { assignedUserId } : {});
}

export function leadCountsQueryOptions(assignedUserId: string) {
  return queryOptions({
    queryKey: dashboardKeys.leadCounts(assignedUserId),
    queryFn: () => getLeadCounts(assignedUserId),
    meta: { silent: true },
  });
}

/** useLeadCounts reads the dashboard's lead counts of the leads assignedUserId holds. */
export function useLeadCounts(assignedUserId: string) {
  return useQuery(leadCountsQueryOptions(assignedUserId));
}
