import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { TextingSettings, TextingSettingsChange } from '../../../lib/api/types';
import { messageKeys } from './keys';

/** getTextingSettings reads a store's texting settings (GET /api/texting/settings/{accountPlatformId}). */
export function getTextingSettings(storeId: number): Promise<TextingSettings> {
  return api.get<TextingSettings>(`/api/texting/settings/${storeId}`);
}

export function textingSettingsQueryOptions(storeId: number) {
  return queryOptions({ queryKey: messageKeys.settings(storeId), queryFn: () => getTextingSettings(storeId) });
}

/** useTextingSettings reads a store's quiet hours and HELP text. */
export function useTextingSettings(storeId: number, enabled = true) {
  return useQuery({ ...textingSettingsQueryOptions(storeId), enabled: enabled && storeId > 0 });
}

/** useSaveTextingSettings saves a store's texting settings at the version they were read at. */
export function useSaveTextingSettings(storeId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: TextingSettingsChange) => api.put<TextingSettings>(`/api/texting/settings/${storeId}`, change),
    onSuccess: (saved) => {
      qc.setQueryData(messageKeys.settings(storeId), saved);
      // Whether a customer may be texted now depends on the quiet hours.
      return qc.invalidateQueries({ queryKey: ['messages'] });
    },
  });
}
