import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { DealerTermsView, DefaultTerms, TurnPrediction } from '../../../lib/api/types';
import { dealsheetKeys } from './keys';

/** useDealerTerms reads a store's default terms (POST /api/dealsheet/settings/get_default_terms). */
export function useDealerTerms(storeId: number, enabled = true) {
  return useQuery({
    queryKey: dealsheetKeys.terms(storeId),
    queryFn: () => api.post<DealerTermsView>('/api/dealsheet/settings/get_default_terms', { accountPlatformId: storeId }),
    enabled: enabled && storeId > 0,
  });
}

/** SaveTermsVars are a store's new default terms with the version the user saw. */
export type SaveTermsVars = { accountPlatformId: number; version: number; lease: DefaultTerms; finance: DefaultTerms };

/** useSaveDealerTerms saves a store's default terms; the store's deal sheets and grids are read again. */
export function useSaveDealerTerms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (vars: SaveTermsVars) => api.post<DealerTermsView>('/api/dealsheet/settings/save_default_terms', vars),
    meta: { silent: true },
    onSuccess: (view) => {
      qc.setQueryData(dealsheetKeys.terms(view.accountPlatformId), view);
      void qc.invalidateQueries({ queryKey: dealsheetKeys.all() });
    },
  });
}

/** TurnVehicle is the vehicle the turn predictor is asked about. */
export type TurnVehicle = { year: number; make: string; model: string; trim?: string };

/** useTurnPrediction estimates a vehicle's days to turn (POST /api/Dealsheet/entity/{id}/turn_predictor). */
export function useTurnPrediction(entityId: number, vehicle: TurnVehicle | null) {
  return useQuery({
    queryKey: dealsheetKeys.turn(entityId, vehicle),
    queryFn: () => api.post<TurnPrediction>(`/api/Dealsheet/entity/${entityId}/turn_predictor`, vehicle ?? {}),
    enabled: vehicle !== null && vehicle.make !== '',
    staleTime: 60_000,
  });
}

/** emailProposal prints the proposal and e-mails the customer a copy with the PDF attached. */
export function useEmailProposal(contactId: number) {
  return useMutation({
    mutationFn: async (vars: { entityId: number; paper: 'letter' | 'legal' }) => {
      await api.stream(`/api/Dealsheet/contact/${contactId}/email/printtopdf`, { method: 'POST', body: vars });
    },
    meta: { silent: true },
  });
}
