import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ActivityEntry, CreateDeskBody, CustomerGarage, Desk, DeskGroup, DeskingDealerSettings } from '../../../lib/api/types';
import { deskingKeys } from './keys';

/** customerDesks lists a customer's desks at their store, newest first (POST /api/desking/desk/grouped_search). */
export async function customerDesks(contactId: number, storeId: number): Promise<Desk[]> {
  const groups = await api.post<DeskGroup[]>('/api/desking/desk/grouped_search', { accountPlatformIds: [storeId], contactId, groupBy: 'store' });
  return groups.flatMap((g) => g.desks).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** useCustomerDesks reads a customer's desks. */
export function useCustomerDesks(contactId: number, storeId: number) {
  return useQuery({ queryKey: deskingKeys.contact(contactId), queryFn: () => customerDesks(contactId, storeId), enabled: storeId > 0 });
}

/** useDeskableVehicles reads the customer's current garage vehicles, whose deal sheets a desk may be made from. */
export function useDeskableVehicles(contactId: number) {
  return useQuery({
    queryKey: deskingKeys.vehicles(contactId),
    queryFn: async () => (await api.get<CustomerGarage | null>(`/crm/contacts/${contactId}/vehicles`))?.currentVehicles ?? [],
  });
}

/** useDeskingSettings reads a store's desking settings, its default terms among them (POST /api/desking/settings/get_dealer_settings). */
export function useDeskingSettings(storeId: number) {
  return useQuery({
    queryKey: deskingKeys.settings(storeId),
    queryFn: () => api.post<DeskingDealerSettings>('/api/desking/settings/get_dealer_settings', { accountPlatformId: storeId }),
    enabled: storeId > 0,
    staleTime: 60_000,
  });
}

/** DeskItVars are what the desk-it modal sends: a deal sheet's desk, or the customer's. */
export type DeskItVars = { contactId: number; body: CreateDeskBody } | { contactId: number; notes: string; requestId: string };

/**
 * deskIt creates the desk: of a garage vehicle's deal sheet with its terms (POST /api/desking/desk/create),
 * or of the customer alone (POST /crm/contacts/{id}/actions/send_to_desking).
 */
export async function deskIt(vars: DeskItVars): Promise<void> {
  if ('body' in vars) {
    await api.post<Desk>('/api/desking/desk/create', vars.body);
    return;
  }
  await api.post<ActivityEntry>(`/crm/contacts/${vars.contactId}/actions/send_to_desking`, { notes: vars.notes, requestId: vars.requestId });
}

/** useDeskIt creates a desk; on success the customer's desks reload. */
export function useDeskIt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deskIt,
    meta: { silent: true },
    onSuccess: (_r, vars) => queryClient.invalidateQueries({ queryKey: deskingKeys.contact(vars.contactId) }),
  });
}

/** CatalogueQuery narrows the desking catalogue searches. */
export type CatalogueQuery = { makeName?: string; modelName?: string; year?: number };

/** useCatalogue reads one list of the desking catalogue: makes, a make's models, a model's years or a model year's trims. */
export function useCatalogue<T extends string | number>(kind: 'make' | 'model' | 'year' | 'trim', q: CatalogueQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...deskingKeys.all(), 'catalogue', kind, q] as const,
    queryFn: () => api.post<T[]>(`/api/desking/vehicle/${kind}/search`, q),
    enabled,
    staleTime: 60 * 60_000,
  });
}
