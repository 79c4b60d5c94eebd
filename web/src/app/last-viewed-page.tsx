import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { userSettingQueryOptions, useUserSetting } from '../features/users/api/get-user-setting';
import { useSaveUserSetting } from '../features/users/api/save-user-setting';
import { LoadingScreen } from '../features/users/components/loading-screen';
import {
  encodeLastViewedPage,
  isRememberedPath,
  isStartPath,
  LAST_VIEWED_PAGE_KEY,
  lastViewedPageTarget,
} from '../features/users/last-viewed-page';

/**
 * RestoreLastViewedPage runs once when the session starts: when the app opened on its start
 * page and the user has a saved last viewed page, it goes there before showing anything.
 */
export function RestoreLastViewedPage({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(() => isStartPath(location.pathname));
  const setting = useUserSetting(LAST_VIEWED_PAGE_KEY, { enabled: checking });

  useEffect(() => {
    if (!checking || setting.isPending) return;
    const target = setting.isSuccess ? lastViewedPageTarget(location.pathname, setting.data?.value) : null;
    if (target) navigate(target, { replace: true });
    setChecking(false);
  }, [checking, setting.isPending, setting.isSuccess, setting.data, location.pathname, navigate]);

  if (checking) return <LoadingScreen />;
  return children;
}

/** useRememberLastViewedPage saves each page the user opens as the last viewed page. */
export function useRememberLastViewedPage(): void {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const { mutate } = useSaveUserSetting();
  const saved = useRef<string | null>(null);
  const path = `${pathname}${search}`;

  useEffect(() => {
    if (!isRememberedPath(path) || saved.current === path) return;
    saved.current = path;
    const value = encodeLastViewedPage(path);
    // The page restored at start-up is already the saved one.
    const known = queryClient.getQueryData(userSettingQueryOptions(LAST_VIEWED_PAGE_KEY).queryKey);
    if (known?.value === value) return;
    mutate({ key: LAST_VIEWED_PAGE_KEY, value });
  }, [path, mutate, queryClient]);
}
