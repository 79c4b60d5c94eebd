import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ServiceTotals, ServiceVehicle } from '../../../lib/api/types';
import { contactKeys } from './keys';

/** getServiceTotals fetches a customer's service summary (GET /crm/contacts/{id}/service). */
export function getServiceTotals(id: number): Promise<ServiceTotals> {
  return api.get<ServiceTotals>(`/crm/contacts/${id}/service`);
}

/**
 * getServiceVehicles fetches a customer's vehicles with their visits
 * (GET /crm/contacts/{id}/service/vehicle, read as data.data).
 */
export async function getServiceVehicles(id: number): Promise<ServiceVehicle[]> {
  const out = await api.get<{ data: ServiceVehicle[] | null }>(`/crm/contacts/${id}/service/vehicle`);
  return out.data ?? [];
}

export function serviceTotalsQueryOptions(id: number) {
  return queryOptions({
    queryKey: contactKeys.serviceTotals(id),
    queryFn: () => getServiceTotals(id),
    meta: { silent: true },
  });
}

export function serviceVehiclesQueryOptions(id: number) {
  return queryOptions({
    queryKey: contactKeys.serviceVehicles(id),
    queryFn: () => getServiceVehicles(id),
    meta: { silent: true },
  });
}

/** useServiceTotals reads a customer's service summary. */
export function useServiceTotals(id: number) {
  return useQuery(serviceTotalsQueryOptions(id));
}

/** useServiceVehicles reads a customer's vehicles with their service visits. */
export function useServiceVehicles(id: number) {
  return useQuery(serviceVehiclesQueryOptions(id));
}
