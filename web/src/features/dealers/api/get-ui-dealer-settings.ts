import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { UIDealerSettings } from '../../../lib/api/types';
import { dealerKeys } from './keys';

/**
 * getUIDealerSettings fetches the selected stores' features, BDC stores, push capabilities and
 * lead settings (POST /api/dealer_settings/UI_Dealer_settings/get).
 */
export function getUIDealerSettings(storeIds: readonly number[]): Promise<UIDealerSettings> {
  return api.post<UIDealerSettings>('/api/dealer_settings/UI_Dealer_settings/get', { AccountPlatformIds: storeIds });
}

export function uiDealerSettingsQueryOptions(storeIds: readonly number[]) {
  return queryOptions({
    queryKey: dealerKeys.uiSettings(storeIds),
    queryFn: () => getUIDealerSettings(storeIds),
    staleTime: 5 * 60_000,
  });
}

/** useUIDealerSettings reads the selected stores' UI dealer settings. */
export function useUIDealerSettings(storeIds: readonly number[]) {
  return useQuery(uiDealerSettingsQueryOptions(storeIds));
}
