import { useMemo } from 'react';

import { useUIDealerSettings } from '../features/dealers/api/get-ui-dealer-settings';
import { accessOf, type Access } from '../lib/access';
import type { AppUser } from '../lib/api/types';

/** useAccess combines the user's permissions with the selected stores' UI dealer settings. */
export function useAccess(user: AppUser): { access: Access; isPending: boolean } {
  const storeIds = useMemo(() => (user.ViewSelectedStores ?? []).map((s) => s.AccountPlatformID), [user]);
  const settings = useUIDealerSettings(storeIds);
  const access = useMemo(() => accessOf(user, settings.data), [user, settings.data]);
  return { access, isPending: settings.isPending };
}
