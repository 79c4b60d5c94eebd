import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { DecodedVin } from '../../../lib/api/types';
import { garageKeys } from './keys';

/** VIN_LENGTH is the length of a VIN. */
export const VIN_LENGTH = 17;

/** cleanVin removes spaces and upper-cases what was typed. */
export function cleanVin(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** decodeVin decodes a VIN (GET /vehicle/vin/{vin}). */
export async function decodeVin(vin: string): Promise<DecodedVin> {
  return api.get<DecodedVin>(`/vehicle/vin/${encodeURIComponent(vin)}`);
}

export function decodeVinQueryOptions(vin: string) {
  return queryOptions({
    queryKey: garageKeys.vin(vin),
    queryFn: () => decodeVin(vin),
    enabled: vin.length === VIN_LENGTH,
    staleTime: Infinity,
    retry: false,
  });
}

/** useDecodeVin decodes what was typed once it is 17 characters long. */
export function useDecodeVin(text: string) {
  return useQuery(decodeVinQueryOptions(cleanVin(text)));
}
