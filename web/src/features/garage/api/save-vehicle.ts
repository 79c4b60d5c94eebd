import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { GarageVehicle, SaveGarageVehicleBody } from '../../../lib/api/types';
import { activityKeys } from '../../activity';
import { contactKeys } from '../../contacts';
import { garageKeys } from './keys';

export type SaveVehicleParams = { contactId: number; body: SaveGarageVehicleBody };

/** saveVehicle adds (no entityId) or edits a current vehicle (POST /crm/contacts/{id}/vehicles/current_vehicles). */
export async function saveVehicle({ contactId, body }: SaveVehicleParams): Promise<GarageVehicle> {
  return api.post<GarageVehicle>(`/crm/contacts/${contactId}/vehicles/current_vehicles`, body);
}

/** invalidateGarage reads again what a garage change affects: the garage, the activity and the change log. */
export function useInvalidateGarage() {
  const queryClient = useQueryClient();
  return (contactId: number) => {
    void queryClient.invalidateQueries({ queryKey: garageKeys.garage(contactId) });
    void queryClient.invalidateQueries({ queryKey: ['garage', 'trade-value'] });
    void queryClient.invalidateQueries({ queryKey: activityKeys.all(contactId) });
    void queryClient.invalidateQueries({ queryKey: contactKeys.changeLogs(contactId) });
  };
}

/** useSaveVehicle adds or edits a current vehicle. */
export function useSaveVehicle() {
  const invalidate = useInvalidateGarage();
  return useMutation({ mutationFn: saveVehicle, onSuccess: (_v, { contactId }) => invalidate(contactId) });
}
