import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { UserSetting } from '../../../lib/api/types';
import { userSettingQueryOptions } from './get-user-setting';

/** saveUserSetting stores a user setting (PUT /usersettings/key/{key}). */
export function saveUserSetting(setting: UserSetting): Promise<UserSetting> {
  return api.put<UserSetting>(`/usersettings/key/${encodeURIComponent(setting.key)}`, setting);
}

/** useSaveUserSetting stores a user setting and updates its cached value. */
export function useSaveUserSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserSetting,
    onSuccess: (_saved, setting) => {
      queryClient.setQueryData(userSettingQueryOptions(setting.key).queryKey, setting);
    },
  });
}
