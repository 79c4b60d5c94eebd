import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';

import { useAuth } from '../features/auth/auth-context';
import { useCurrentUser } from '../features/users/api/get-current-user';
import { LoadingScreen } from '../features/users/components/loading-screen';
import { NoProfileScreen } from '../features/users/components/no-profile-screen';
import { START_UP_ERROR_CODES, startUpErrorCode } from '../features/users/start-up-error';
import { setRequestScope } from '../lib/api/scope';
import type { AppUser } from '../lib/api/types';
import { isEmbedded } from '../lib/embedded';
import { RestoreLastViewedPage } from './last-viewed-page';
import { AppLayout } from './shell/app-layout';

/**
 * RequireSession is the start-up sequence for every page under /app: verify the sign-in,
 * load the user, restore the last viewed page, then show the shell.
 */
export function RequireSession() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'checking') return <LoadingScreen />;
  if (auth.status === 'signedOut') {
    // After the user's own Logout the next sign-in starts afresh; after an expired session it
    // returns to the page that was open.
    return <Navigate to="/signin" replace state={auth.signedOutByUser ? null : { from: location }} />;
  }
  return <LoadUser />;
}

function LoadUser() {
  const auth = useAuth();
  const user = useCurrentUser();
  if (user.isPending) return <LoadingScreen />;
  if (user.isError || !user.data.UserId) {
    const code = user.isError ? startUpErrorCode(user.error) : START_UP_ERROR_CODES.noUser;
    return <NoProfileScreen code={code} embedded={isEmbedded()} onLogout={() => void auth.signOut()} />;
  }
  return <Session key={user.data.UserId} user={user.data} />;
}

function Session({ user }: { user: AppUser }) {
  // Every call from here on carries the selected stores; set before any child asks.
  useState(() => setRequestScope((user.ViewSelectedStores ?? []).map((s) => s.AccountPlatformID)));
  return (
    <RestoreLastViewedPage>
      <AppLayout user={user} />
    </RestoreLastViewedPage>
  );
}
