import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { CustomerGarage } from '../../../lib/api/types';
import { garageKeys } from './keys';

/** getGarage reads a customer's garage (GET /crm/contacts/{id}/vehicles). */
export async function getGarage(contactId: number): Promise<CustomerGarage> {
  const g = await api.get<CustomerGarage | null>(`/crm/contacts/${contactId}/vehicles`);
  return g ?? { currentVehicles: [], previousVehicles: [], vehiclesOfInterest: [] };
}

export function garageQueryOptions(contactId: number) {
  return queryOptions({ queryKey: garageKeys.garage(contactId), queryFn: () => getGarage(contactId) });
}

/** useGarage reads a customer's garage. */
export function useGarage(contactId: number) {
  return useQuery(garageQueryOptions(contactId));
}
