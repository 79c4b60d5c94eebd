import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { DealReplacement, DealStructure, DealsheetView, PaymentRecalc, ReplacementOption } from '../../../lib/api/types';
import { dealsheetKeys } from './keys';

/** getDealsheet reads a garage vehicle's deal sheet (GET /api/Dealsheet/entity/{id}). */
export function getDealsheet(entityId: number): Promise<DealsheetView> {
  return api.get<DealsheetView>(`/api/Dealsheet/entity/${entityId}`);
}

export function dealsheetQueryOptions(entityId: number) {
  return queryOptions({ queryKey: dealsheetKeys.sheet(entityId), queryFn: () => getDealsheet(entityId) });
}

/** useDealsheet reads a garage vehicle's deal sheet. */
export function useDealsheet(entityId: number) {
  return useQuery(dealsheetQueryOptions(entityId));
}

/** RecalcInput is the deal the screen shows, recalculated as the user types; its store's default terms make the grid. */
export type RecalcInput = { structure: DealStructure; replacement: DealReplacement; accountPlatformId?: number };

/** usePaymentRecalc computes the payment and grid of the deal on the screen (POST /api/opportunities/payment_recalc). */
export function usePaymentRecalc(entityId: number, input: RecalcInput | null) {
  return useQuery({
    queryKey: dealsheetKeys.recalc(entityId, input),
    queryFn: ({ signal }) => api.post<PaymentRecalc>('/api/opportunities/payment_recalc', { entityId, ...input }, { signal }),
    enabled: input !== null && input.replacement.make !== '' && (input.structure.price ?? 0) > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}

/** useReplacements lists the replacement vehicles of the current vehicle's make, or of other makes. */
export function useReplacements(entityId: number, offBrand: boolean, enabled = true) {
  const path = offBrand ? 'ondemand_offbrand_vehicle_replacements' : 'vehicle_replacements';
  return useQuery({
    queryKey: dealsheetKeys.replacements(entityId, offBrand),
    queryFn: () => api.post<ReplacementOption[]>(`/api/Dealsheet/entity/${entityId}/${path}`, {}),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** useDealsheetChange sends one change of a deal sheet and keeps the deal sheet it answers. */
export function useDealsheetChange(entityId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) => api.post<DealsheetView>(path, body),
    onSuccess: (view) => {
      qc.setQueryData(dealsheetKeys.sheet(entityId), view);
    },
    onError: () => qc.invalidateQueries({ queryKey: dealsheetKeys.sheet(entityId) }),
  });
}

/** useCustomerDoesNotOwn marks the deal sheet's vehicle as not owned by the customer. */
export function useCustomerDoesNotOwn(entityId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { vehicleVersion: number; note?: string }) =>
      api.post(`/api/dealsheet/entity/${entityId}/customer_does_not_own_vehicle/`, body),
    onSuccess: () => qc.invalidateQueries(),
  });
}

/** downloadProposal fetches the PDF proposal on letter or legal paper and saves it. */
export async function downloadProposal(entityId: number, paper: 'letter' | 'legal'): Promise<void> {
  const res = await api.stream(`/api/Dealsheet/entity/${entityId}/pdf_proposal_extended`, { method: 'POST', body: { paper } });
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `proposal-${entityId}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
