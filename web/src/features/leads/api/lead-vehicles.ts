import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { LeadsLogRow, LeadTradeIn, LeadVehicleOfInterest, LeadVehicles } from '../../../lib/api/types';
import { leadKeys } from './keys';
import type { LeadsLogPage } from './leads-log';

/** A lead-vehicle list: vehicles of interest (voi) or trade-ins (trade). */
export type VehicleKind = 'voi' | 'trade';

export type AddVehicleParams = { leadId: number; kind: VehicleKind; vehicle: LeadTradeIn };

/** addVehicle adds a vehicle of interest or a trade-in to a lead (POST /api/CrmLead/{id}/{type}). */
export function addVehicle({ leadId, kind, vehicle }: AddVehicleParams): Promise<LeadVehicles> {
  return api.post<LeadVehicles>(`/api/CrmLead/${leadId}/${kind}`, vehicle);
}

/**
 * withVehicles is row with the vehicles of kind the server answered with (an answer without the
 * list means the lead has none left), unless row is already newer.
 */
function withVehicles<T extends Pick<LeadsLogRow, 'crmLeadId' | 'version' | 'vehiclesOfInterest' | 'tradeIns'>>(row: T, saved: LeadVehicles, kind: VehicleKind): T {
  if (row.crmLeadId !== saved.crmLeadId || row.version > saved.version) return row;
  return kind === 'voi' ? { ...row, version: saved.version, vehiclesOfInterest: saved.vehiclesOfInterest ?? [] } : { ...row, version: saved.version, tradeIns: saved.tradeIns ?? [] };
}

/**
 * showVehicles puts a lead's vehicles, as a change answered them, in every lead list the cache
 * holds (the Leads Log's pages and the customers' leads), so the lead's row shows them at once,
 * then refreshes the lists.
 */
export function showVehicles(queryClient: QueryClient, saved: LeadVehicles, kind: VehicleKind): Promise<void> {
  queryClient.setQueriesData<LeadsLogPage>({ queryKey: leadKeys.logs() }, (page) => (page ? { ...page, rows: page.rows.map((r) => withVehicles(r, saved, kind)) } : page));
  queryClient.setQueriesData<LeadsLogRow[]>({ queryKey: leadKeys.customers() }, (rows) => rows?.map((r) => withVehicles(r, saved, kind)));
  return queryClient.invalidateQueries({ queryKey: leadKeys.all() });
}

/** useShowVehicles shows a change's vehicles in the lead lists (see showVehicles). */
function useShowVehicles<P>(kind: (params: P) => VehicleKind) {
  const queryClient = useQueryClient();
  return (saved: LeadVehicles, params: P) => showVehicles(queryClient, saved, kind(params));
}

/** useAddVehicle adds a vehicle to a lead and shows it in the lead lists at once. */
export function useAddVehicle() {
  const show = useShowVehicles((p: AddVehicleParams) => p.kind);
  return useMutation({ mutationFn: addVehicle, onSuccess: show, meta: { silent: true } });
}

export type ChooseVehicleParams = { leadId: number; vehicle: LeadVehicleOfInterest };

/**
 * chooseVehicle makes a vehicle of interest the customer's chosen one (PUT
 * /api/CrmLead/{id}/voi/{voiId} with isPrimary): the server clears the others in the same write.
 */
export function chooseVehicle({ leadId, vehicle }: ChooseVehicleParams): Promise<LeadVehicles> {
  return api.put<LeadVehicles>(`/api/CrmLead/${leadId}/voi/${vehicle.crmLeadVoiId}`, { ...vehicle, isPrimary: true });
}

/** useChooseVehicle chooses a lead's vehicle of interest and shows the choice in the lead lists at once. */
export function useChooseVehicle() {
  const show = useShowVehicles<ChooseVehicleParams>(() => 'voi');
  return useMutation({ mutationFn: chooseVehicle, onSuccess: show, meta: { silent: true } });
}

export type RemoveVehicleParams = { kind: VehicleKind; vehicleId: number };

/** removeVehicle removes a vehicle of interest or a trade-in from its lead (DELETE /api/CrmLead/{type}/{id}). */
export function removeVehicle({ kind, vehicleId }: RemoveVehicleParams): Promise<LeadVehicles> {
  return api.delete<LeadVehicles>(`/api/CrmLead/${kind}/${vehicleId}`);
}

/** useRemoveVehicle removes a lead's vehicle and shows the lead without it in the lead lists at once. */
export function useRemoveVehicle() {
  const show = useShowVehicles((p: RemoveVehicleParams) => p.kind);
  return useMutation({ mutationFn: removeVehicle, onSuccess: show, meta: { silent: true } });
}
