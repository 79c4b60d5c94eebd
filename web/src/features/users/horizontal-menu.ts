import { useUserSetting } from './api/get-user-setting';
import { useSaveUserSetting } from './api/save-user-setting';

/** The user setting that holds whether the menu runs across the top instead of down the side. */
export const HORIZONTAL_MENU_KEY = 'horizontalMenu';

/** parseHorizontalMenu reads the setting's value; anything but "true" is the side menu. */
export function parseHorizontalMenu(value: string | null | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}

/** useHorizontalMenu reads and changes the horizontal menu option. */
export function useHorizontalMenu() {
  const setting = useUserSetting(HORIZONTAL_MENU_KEY);
  const save = useSaveUserSetting();
  const horizontal = parseHorizontalMenu(save.isPending ? save.variables?.value : setting.data?.value);
  return {
    horizontal,
    isPending: setting.isPending,
    setHorizontal: (on: boolean) => save.mutate({ key: HORIZONTAL_MENU_KEY, value: String(on) }),
  };
}
