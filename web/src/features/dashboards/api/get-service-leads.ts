import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ServiceLeadCounts, ServiceLeadDetails } from '../../../lib/api/types';
import { dashboardKeys, type DashboardRangeBody } from './keys';

/** ServiceLeadKind is one kind of service lead: its count and its details list. */
export type ServiceLeadKind = 'Appointments' | 'Completed' | 'Working';

/** SERVICE_LEAD_KINDS are the kinds in the order the widget shows them, with their words (short on the tile, in full for screen readers). */
export const SERVICE_LEAD_KINDS: readonly { kind: ServiceLeadKind; label: string; short: string; what: string }[] = [
  { kind: 'Appointments', label: 'Service appointments', short: 'Appointments', what: 'Service appointments in the range' },
  { kind: 'Working', label: 'Working', short: 'Working', what: 'Repair orders still open' },
  { kind: 'Completed', label: 'Completed', short: 'Completed', what: 'Repair orders closed' },
];

/** The service lead calls take the range under the spec's names; the stores come from the Scope header. */
function serviceLeadBody(body: DashboardRangeBody) {
  return { Range: body.range, ForceRefresh: true };
}

export function serviceLeadCountsQueryOptions(body: DashboardRangeBody) {
  return queryOptions({
    queryKey: dashboardKeys.serviceLeadCounts(body),
    queryFn: () => api.post<ServiceLeadCounts>('/pando/pandoalertreporting/activitycount', serviceLeadBody(body)),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** useServiceLeadCounts reads the service lead counts of the selected stores over the range. */
export function useServiceLeadCounts(body: DashboardRangeBody) {
  return useQuery(serviceLeadCountsQueryOptions(body));
}

/** useServiceLeadDetails reads the service leads of one kind over the range; null reads none. */
export function useServiceLeadDetails(body: DashboardRangeBody, kind: ServiceLeadKind | null) {
  return useQuery({
    queryKey: dashboardKeys.serviceLeadDetails(body, kind ?? ''),
    queryFn: () => api.post<ServiceLeadDetails>('/pando/pandoalertreporting/activitydetails', { ...serviceLeadBody(body), SlmActivityType: kind ?? undefined }),
    enabled: kind !== null,
    staleTime: 0,
  });
}
