import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { LeadTradeIn, LeadVehicleOfInterest, LeadVehicles } from '../../../lib/api/types';
import { useRefreshLeads } from './lead-actions';

/** A lead-vehicle list: vehicles of interest (voi) or trade-ins (trade). */
export type VehicleKind = 'voi' | 'trade';

export type AddVehicleParams = { leadId: number; kind: VehicleKind; vehicle: LeadTradeIn };

/** addVehicle adds a vehicle of interest or a trade-in to a lead (POST /api/CrmLead/{id}/{type}). */
export function addVehicle({ leadId, kind, vehicle }: AddVehicleParams): Promise<LeadVehicles> {
  return api.post<LeadVehicles>(`/api/CrmLead/${leadId}/${kind}`, vehicle);
}

/** useAddVehicle adds a vehicle to a lead and refreshes the lead lists. */
export function useAddVehicle() {
  const refresh = useRefreshLeads();
  return useMutation({ mutationFn: addVehicle, onSuccess: refresh, meta: { silent: true } });
}

export type ChooseVehicleParams = { leadId: number; vehicle: LeadVehicleOfInterest };

/**
 * chooseVehicle makes a vehicle of interest the customer's chosen one (PUT
 * /api/CrmLead/{id}/voi/{voiId} with isPrimary): the server clears the others in the same write.
 */
export function chooseVehicle({ leadId, vehicle }: ChooseVehicleParams): Promise<LeadVehicles> {
  return api.put<LeadVehicles>(`/api/CrmLead/${leadId}/voi/${vehicle.crmLeadVoiId}`, { ...vehicle, isPrimary: true });
}

/** useChooseVehicle chooses a lead's vehicle of interest and refreshes the lead lists. */
export function useChooseVehicle() {
  const refresh = useRefreshLeads();
  return useMutation({ mutationFn: chooseVehicle, onSuccess: refresh, meta: { silent: true } });
}

export type RemoveVehicleParams = { kind: VehicleKind; vehicleId: number };

/** removeVehicle removes a vehicle of interest or a trade-in from its lead (DELETE /api/CrmLead/{type}/{id}). */
export function removeVehicle({ kind, vehicleId }: RemoveVehicleParams): Promise<LeadVehicles> {
  return api.delete<LeadVehicles>(`/api/CrmLead/${kind}/${vehicleId}`);
}

/** useRemoveVehicle removes a lead's vehicle and refreshes the lead lists. */
export function useRemoveVehicle() {
  const refresh = useRefreshLeads();
  return useMutation({ mutationFn: removeVehicle, onSuccess: refresh, meta: { silent: true } });
}
