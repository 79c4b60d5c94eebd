import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { useAuth } from '../features/auth/auth-context';
import { useCurrentUser } from '../features/users/api/get-current-user';
import { LoadingScreen } from '../features/users/components/loading-screen';
import { NoProfileScreen } from '../features/users/components/no-profile-screen';
import { useHorizontalMenu } from '../features/users/horizontal-menu';
import { START_UP_ERROR_CODES, startUpErrorCode } from '../features/users/start-up-error';
import { setRequestScope } from '../lib/api/scope';
import type { AppUser } from '../lib/api/types';
import { RestoreLastViewedPage } from './last-viewed-page';
import { lazyPage } from './lazy-page';

/** AppLayout is the signed-in shell; it is not needed to sign in, so it loads once a session is there. */
export const AppLayout = lazyPage(() => import('./shell/app-layout').then((m) => m.AppLayout), <LoadingScreen />);

/**
 * RequireSignIn sends a visitor without a session to the sign-in page, and back here after it.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'checking') return <LoadingScreen />;
  if (auth.status === 'signedOut') {
    // After the user's own Logout the next sign-in starts afresh; after an expired session it
    // returns to the page that was open.
    return <Navigate to="/signin" replace state={auth.signedOutByUser ? null : { from: location }} />;
  }
  return children;
}

/**
 * RequireSession is the start-up sequence for every page under /app: verify the sign-in,
 * load the user, restore the last viewed page, then show the shell.
 */
export function RequireSession() {
  const { sessionKey } = useAuth();
  return (
    <RequireSignIn>
      <LoadUser key={sessionKey} />
    </RequireSignIn>
  );
}

function LoadUser() {
  const auth = useAuth();
  const user = useCurrentUser();
  if (user.isPending) return <LoadingScreen />;
  if (user.isError || !user.data.UserId) {
    const code = user.isError ? startUpErrorCode(user.error) : START_UP_ERROR_CODES.noUser;
    return <NoProfileScreen code={code} embedded={false} onLogout={() => void auth.signOut()} />;
  }
  return <Session key={user.data.UserId} user={user.data} />;
}

/** useRequestScope makes every later call carry the user's selected stores; set before any child asks. */
export function useRequestScope(user: AppUser): void {
  useState(() => setRequestScope((user.ViewSelectedStores ?? []).map((s) => s.AccountPlatformID)));
}

function Session({ user }: { user: AppUser }) {
  useRequestScope(user);
  // The menu's layout is a saved option: load it before the shell shows, beside the last viewed page.
  const menu = useHorizontalMenu();
  return <RestoreLastViewedPage>{menu.isPending ? <LoadingScreen /> : <AppLayout user={user} />}</RestoreLastViewedPage>;
}
