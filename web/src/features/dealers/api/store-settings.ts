import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { StoreSettings, StoreSettingsChange } from '../../../lib/api/types';
import { dealerKeys } from './keys';

/** getStoreSettings reads one store's dealer settings (POST /api/dealer_settings/get_account_platform_settings). */
export function getStoreSettings(storeId: number): Promise<StoreSettings> {
  return api.post<StoreSettings>('/api/dealer_settings/get_account_platform_settings', { AccountPlatformId: storeId });
}

export function storeSettingsQueryOptions(storeId: number) {
  return queryOptions({ queryKey: dealerKeys.store(storeId), queryFn: () => getStoreSettings(storeId) });
}

/** useStoreSettings reads one store's dealer settings. */
export function useStoreSettings(storeId: number, enabled = true) {
  return useQuery({ ...storeSettingsQueryOptions(storeId), enabled: enabled && storeId > 0 });
}

/**
 * changeOf is the save body of settings read at their version, with edit applied: every setting
 * the edit leaves alone goes back as it was read.
 */
export function changeOf(read: StoreSettings, edit: Partial<StoreSettingsChange>): StoreSettingsChange {
  return {
    AccountPlatformID: read.AccountPlatformID,
    Version: read.Version,
    IsBdcEnabled: read.IsBdcEnabled,
    PushToDms: read.PushToDms,
    DmsProvider: read.DmsProvider,
    PushToFinance: read.PushToFinance,
    FinanceProvider: read.FinanceProvider,
    NotificationRules: read.NotificationRules ?? [],
    ReassignRules: read.ReassignRules ?? [],
    LeadSettings: read.LeadSettings,
    ContactAssignment: read.ContactAssignment,
    BusinessHours: read.BusinessHours ?? [],
    ...edit,
  };
}

/** useSaveStoreSettings saves a store's dealer settings at the version they were read at. */
export function useSaveStoreSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: StoreSettingsChange) => api.post<StoreSettings>('/api/dealer_settings/save_account_platform_settings', change),
    onSuccess: (saved) => {
      qc.setQueryData(dealerKeys.store(saved.AccountPlatformID), saved);
      return qc.invalidateQueries({ queryKey: dealerKeys.all() });
    },
  });
}
