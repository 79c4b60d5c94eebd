import { queryOptions, useQuery } from '@tanstack/react-query';

import { isApiError } from '../../../lib/api/api-error';
import { api } from '../../../lib/api/client';
import type { UserSetting } from '../../../lib/api/types';
import { userKeys } from './keys';

/** getUserSetting fetches a saved user setting; null when it was never saved (404). */
export async function getUserSetting(key: string): Promise<UserSetting | null> {
  try {
    return await api.get<UserSetting>(`/usersettings/key/${encodeURIComponent(key)}`);
  } catch (err) {
    if (isApiError(err, 404)) return null;
    throw err;
  }
}

export function userSettingQueryOptions(key: string) {
  return queryOptions({
    queryKey: userKeys.setting(key),
    queryFn: () => getUserSetting(key),
  });
}

/** useUserSetting reads a saved user setting. */
export function useUserSetting(key: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...userSettingQueryOptions(key), enabled: options.enabled ?? true });
}
