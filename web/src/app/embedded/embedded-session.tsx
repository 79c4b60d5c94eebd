import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { useEndImpersonation } from '../../features/auth/api/end-impersonation';
import { useAuth } from '../../features/auth/auth-context';
import { EmbeddedExpiredScreen } from '../../features/auth/components/embedded-expired-screen';
import { ImpersonationDetectedScreen } from '../../features/auth/components/impersonation-detected-screen';
import { useCurrentUser } from '../../features/users/api/get-current-user';
import { LoadingScreen } from '../../features/users/components/loading-screen';
import { NoProfileScreen } from '../../features/users/components/no-profile-screen';
import { START_UP_ERROR_CODES, startUpErrorCode } from '../../features/users/start-up-error';
import { keepSsoToken, withoutSsoToken } from '../../lib/embedded';
import { isJwtExpired } from '../../lib/jwt';
import { EMBEDDED_TOKEN_CHECK_MS, IMPERSONATION_LOADING_DELAY_MS } from '../../lib/timing';
import { useRequestScope } from '../start-up';
import type { AppUser } from '../../lib/api/types';
import { EmbeddedLayout } from './embedded-layout';

/** useTokenExpired checks the token now and every 5 seconds, and reports once it has expired. */
export function useTokenExpired(token: string): boolean {
  const [expired, setExpired] = useState(() => isJwtExpired(token));
  useEffect(() => {
    setExpired(isJwtExpired(token));
    const timer = setInterval(() => {
      if (isJwtExpired(token)) setExpired(true);
    }, EMBEDDED_TOKEN_CHECK_MS);
    return () => clearInterval(timer);
  }, [token]);
  return expired;
}

/**
 * EmbeddedSession is the start-up sequence of an embedded or mobile page. A page opened with an
 * ssoToken runs on that token, without the sign-in page, until it expires; otherwise it runs
 * on the browser's own session.
 */
export function EmbeddedSession() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { sessionKey, restartSession } = useAuth();
  const [token, setToken] = useState(() => keepSsoToken(pathname, search));
  const incoming = new URLSearchParams(search).get('ssoToken');

  useEffect(() => {
    if (!incoming) return;
    const kept = keepSsoToken(pathname, search);
    if (kept !== token) {
      // A new token may be another user's: nothing loaded with the old one may show.
      setToken(kept);
      restartSession();
    }
    // The token stays out of the address, its history and any referrer.
    navigate({ pathname, search: withoutSsoToken(search), hash }, { replace: true });
  }, [incoming, pathname, search, hash, token, navigate, restartSession]);

  if (token) return <TokenSession key={sessionKey} token={token} />;
  return <UserPoolSession key={sessionKey} />;
}

function TokenSession({ token }: { token: string }) {
  const expired = useTokenExpired(token);
  if (expired) return <EmbeddedExpiredScreen />;
  return <LoadEmbeddedUser />;
}

function UserPoolSession() {
  const auth = useAuth();
  if (auth.status === 'checking') return <LoadingScreen />;
  if (auth.status === 'signedOut') {
    return <NoProfileScreen code={START_UP_ERROR_CODES.notAuthenticated} embedded onLogout={() => {}} />;
  }
  return <LoadEmbeddedUser />;
}

function LoadEmbeddedUser() {
  const user = useCurrentUser();
  if (user.isPending) return <LoadingScreen />;
  if (user.isError || !user.data.UserId) {
    const code = user.isError ? startUpErrorCode(user.error) : START_UP_ERROR_CODES.noUser;
    return <NoProfileScreen code={code} embedded onLogout={() => {}} />;
  }
  if (user.data.IsImpersonating) return <ImpersonationNotSupported />;
  return <EmbeddedUserSession key={user.data.UserId} user={user.data} />;
}

function EmbeddedUserSession({ user }: { user: AppUser }) {
  useRequestScope(user);
  return <EmbeddedLayout user={user} />;
}

/**
 * ImpersonationNotSupported: embedded and mobile pages cannot run under impersonation. The
 * loading screen stays the spec's 2 seconds, then the message offers to dismiss it.
 */
function ImpersonationNotSupported() {
  const [waited, setWaited] = useState(false);
  const dismiss = useEndImpersonation();
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), IMPERSONATION_LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!waited) return <LoadingScreen />;
  return (
    <ImpersonationDetectedScreen
      code={START_UP_ERROR_CODES.impersonating}
      onDismiss={() => dismiss.mutate()}
      dismissing={dismiss.isPending}
    />
  );
}
