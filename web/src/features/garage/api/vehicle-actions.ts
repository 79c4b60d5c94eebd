import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { GarageVehicle, TradeValueInfo, VehicleRecalls } from '../../../lib/api/types';
import { garageKeys } from './keys';
import { useInvalidateGarage } from './save-vehicle';

/** VehicleRef names a garage vehicle at the version the user saw. */
export type VehicleRef = { entityId: number; version: number; contactId: number };

/** The garage's actions on one vehicle, by the call each makes. */
export type GarageAction =
  | { kind: 'sold'; soldDate?: string; note?: string }
  | { kind: 'dealerPurchased'; soldDate?: string; note?: string }
  | { kind: 'notOwned'; note?: string }
  | { kind: 'contactOwns' }
  | { kind: 'reopen' }
  | { kind: 'payoff'; payoff: number; payoffAsOf?: string }
  | { kind: 'mileage'; mileage: number }
  | { kind: 'storeTradeValue'; tradeValue: number; source?: string }
  | { kind: 'resetTradeValue' }
  | { kind: 'replacementPrice'; price: number };

/** actOnVehicle sends one garage action (the /api/vehicle/... calls). */
export async function actOnVehicle({ ref, action }: { ref: VehicleRef; action: GarageAction }): Promise<GarageVehicle> {
  const base = { entityId: ref.entityId, version: ref.version };
  switch (action.kind) {
    case 'sold':
      return api.post('/api/vehicle/garage/customer_does_not_own_vehicle', { ...base, reason: 'sold', soldDate: action.soldDate, note: action.note });
    case 'notOwned':
      return api.post('/api/vehicle/garage/customer_does_not_own_vehicle', { ...base, reason: 'notOwned', note: action.note });
    case 'dealerPurchased':
      return api.post('/api/vehicle/garage/dealer_purchased', { ...base, soldDate: action.soldDate, note: action.note });
    case 'contactOwns':
      return api.post('/api/vehicle/garage/contact_owns_vehicle', base);
    case 'reopen':
      return api.post('/api/vehicle/garage/reopen', base);
    case 'payoff':
      return api.post('/api/vehicle/current/update_payoff', { ...base, payoff: action.payoff, payoffAsOf: action.payoffAsOf });
    case 'mileage':
      return api.post('/api/vehicle/current/update_mileage', { ...base, mileage: action.mileage });
    case 'storeTradeValue':
      return api.post('/api/vehicle/garage/store_vehicle_trade_value', { ...base, tradeValue: action.tradeValue, source: action.source });
    case 'resetTradeValue':
      return api.post('/api/vehicle/garage/reset_vehicle_trade_value', base);
    case 'replacementPrice':
      return api.post('/api/vehicle/replacement/log_price_change', { ...base, price: action.price });
  }
}

/** useVehicleAction sends a garage action and reads the garage, activity and change log again. */
export function useVehicleAction() {
  const invalidate = useInvalidateGarage();
  return useMutation({ mutationFn: actOnVehicle, onSuccess: (_v, { ref }) => invalidate(ref.contactId) });
}

/** getTradeValue reads a vehicle's trade value and its history (POST /api/vehicle/garage/get_vehicle_trade_value/{id}). */
export async function getTradeValue(entityId: number): Promise<TradeValueInfo> {
  return api.post<TradeValueInfo>(`/api/vehicle/garage/get_vehicle_trade_value/${entityId}`, {});
}

export function tradeValueQueryOptions(entityId: number) {
  return queryOptions({ queryKey: garageKeys.tradeValue(entityId), queryFn: () => getTradeValue(entityId) });
}

/** useTradeValue reads a vehicle's trade value and its history. */
export function useTradeValue(entityId: number) {
  return useQuery(tradeValueQueryOptions(entityId));
}

/** getRecalls reads a vehicle's safety recalls (POST /api/vehicle/garage/recalls/{id}). */
export async function getRecalls(entityId: number): Promise<VehicleRecalls> {
  return api.post<VehicleRecalls>(`/api/vehicle/garage/recalls/${entityId}`, {});
}

/** useRecalls reads a vehicle's safety recalls. */
export function useRecalls(entityId: number) {
  return useQuery({ queryKey: garageKeys.recalls(entityId), queryFn: () => getRecalls(entityId), staleTime: 5 * 60_000 });
}
