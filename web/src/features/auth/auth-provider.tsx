import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';

import { setRequestScope } from '../../lib/api/scope';
import { clearImpersonation } from '../../lib/impersonation';
import { LOGOUT_NOTIFICATION_WAIT_MS, SESSION_EXPIRY_MODAL_MS, SESSION_RENEWAL_MARGIN_MS } from '../../lib/timing';
import { leaveImpersonation } from './api/end-impersonation';
import { notifyLogout } from './api/notify-logout';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context';
import { amplifyAuthService, type AuthService, type SessionEndReason } from './auth-service';

// The modal (and the dialog code it brings) loads only when a session ends.
const SessionExpiryModal = lazy(() =>
  import('./components/session-expiry-modal').then((m) => ({ default: m.SessionExpiryModal })),
);

type AuthProviderProps = {
  children: ReactNode;
  service?: AuthService;
};

/** The least time between two renewals, so a clock running ahead of the server's cannot make them race. */
const MIN_RENEWAL_INTERVAL_MS = 30_000;

/**
 * renewalDelay is how long to wait before renewing a token that expires at expiresAt: the
 * renewal margin before it, or half the time left when less remains, but never less than the
 * minimum interval.
 */
export function renewalDelay(expiresAt: number, now: number): number {
  const left = expiresAt - now;
  return Math.max(left - SESSION_RENEWAL_MARGIN_MS, left / 2, MIN_RENEWAL_INTERVAL_MS);
}

/** settleWithin waits for work, but no longer than ms. */
async function settleWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([work.catch(() => {}), deadline]);
  clearTimeout(timer);
}

/** tellServerOfSignOut ends a running impersonation and sends the logout notification; it never rejects. */
async function tellServerOfSignOut(): Promise<void> {
  await leaveImpersonation();
  try {
    await notifyLogout();
  } catch (err) {
    // The notification is for the server's records; signing out goes on without it.
    console.warn('The logout notification could not be sent.', err);
  }
}

/**
 * AuthProvider checks for a session at start-up, renews it before it expires and keeps the
 * session state current. When the session ends outside the app (renewal refused, sign-out in
 * another tab) it shows the session-expiry modal, then sends the user to sign in.
 */
export function AuthProvider({ children, service = amplifyAuthService }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>('checking');
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const [expiredBecause, setExpiredBecause] = useState<SessionEndReason | null>(null);
  const expired = expiredBecause !== null;
  const [sessionKey, setSessionKey] = useState(0);

  const endSession = useCallback(() => {
    clearImpersonation();
    setRequestScope(undefined);
    queryClient.clear();
    setExpiredBecause(null);
    setStatus('signedOut');
  }, [queryClient]);

  const restartSession = useCallback(() => {
    // The screens of the previous user unmount before anything loads again, so nothing is
    // fetched with one user's token and the other's stores.
    setRequestScope(undefined);
    queryClient.clear();
    setSessionKey((key) => key + 1);
  }, [queryClient]);

  const expire = useCallback((reason: SessionEndReason) => {
    // An impersonation ends with the session it was started from.
    void leaveImpersonation();
    setExpiredBecause((current) => current ?? reason);
  }, []);

  useEffect(() => {
    let active = true;
    service
      .hasSession()
      .catch(() => false)
      .then((signedIn) => {
        if (active) setStatus(signedIn ? 'signedIn' : 'signedOut');
      });
    const unsubscribe = service.onSessionEnded((reason) => {
      if (active) expire(reason);
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [service, expire]);

  // While signed in, this tab hands its session to the new tabs that ask (see session-handoff).
  useEffect(() => {
    if (status !== 'signedIn' || expired || !service.shareSession) return;
    return service.shareSession();
  }, [status, expired, service]);

  // Silent renewal: a while before the token expires, renew it; when that fails the session ends.
  useEffect(() => {
    if (status !== 'signedIn' || expired) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = async () => {
      const expiresAt = await service.sessionExpiresAt().catch(() => undefined);
      if (!active || expiresAt === undefined) return;
      timer = setTimeout(() => {
        service.renew().then(
          () => {
            if (active) void schedule();
          },
          () => {
            if (active) expire('renewalFailed');
          },
        );
      }, renewalDelay(expiresAt, Date.now()));
    };
    void schedule();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [status, expired, service, expire]);

  const finishExpiredSession = useCallback(async () => {
    setSignedOutByUser(false);
    try {
      await service.signOut('thisTab');
    } catch {
      // The session is gone already.
    } finally {
      endSession();
    }
  }, [service, endSession]);

  useEffect(() => {
    if (!expired || status !== 'signedIn') return;
    const timer = setTimeout(() => void finishExpiredSession(), SESSION_EXPIRY_MODAL_MS);
    return () => clearTimeout(timer);
  }, [expired, status, finishExpiredSession]);

  const signIn = useCallback<AuthContextValue['signIn']>(
    async (username, password) => {
      const result = await service.signIn(username, password);
      if (result.kind === 'signedIn') {
        clearImpersonation();
        queryClient.clear();
        setSignedOutByUser(false);
        setExpiredBecause(null);
        setStatus('signedIn');
      }
      return result;
    },
    [service, queryClient],
  );

  const signOut = useCallback(async () => {
    setSignedOutByUser(true);
    try {
      await settleWithin(tellServerOfSignOut(), LOGOUT_NOTIFICATION_WAIT_MS);
      await service.signOut('everywhere');
    } finally {
      endSession();
    }
  }, [service, endSession]);

  const value = useMemo(
    () => ({ status, signedOutByUser, expired, signIn, signOut, sessionKey, restartSession }),
    [status, signedOutByUser, expired, signIn, signOut, sessionKey, restartSession],
  );
  return (
    <AuthContext.Provider value={value}>
      {children}
      {status === 'signedIn' && expiredBecause !== null ? (
        <Suspense fallback={null}>
          <SessionExpiryModal reason={expiredBecause} onSignIn={() => void finishExpiredSession()} />
        </Suspense>
      ) : null}
    </AuthContext.Provider>
  );
}
