import {
  getSessionToken,
  hasSession,
  onTokenRefreshFailure,
  renewSession,
  signInWithPassword,
  signOutUser,
  type SignInResult,
} from '../../lib/auth';
import { broadcastSignOut, listenForSignOutElsewhere } from './sign-out-broadcast';

/** Why a session ended without the user's own Logout in this tab. */
export type SessionEndReason = 'renewalFailed' | 'signedOutElsewhere';

/** AuthService is what the app needs from the identity provider; tests pass a fake. */
export type AuthService = {
  hasSession: () => Promise<boolean>;
  signIn: (username: string, password: string) => Promise<SignInResult>;
  /**
   * signOut ends the session in this tab; `everywhere` also tells the user's other tabs, as the
   * user's own Logout does.
   */
  signOut: (scope?: 'everywhere' | 'thisTab') => Promise<void>;
  /** onSessionEnded calls back when the session ends outside the app; returns an unsubscribe. */
  onSessionEnded: (callback: (reason: SessionEndReason) => void) => () => void;
  /** sessionExpiresAt is when the user's access token expires (milliseconds), when known. */
  sessionExpiresAt: () => Promise<number | undefined>;
  /** renew renews the session now, and rejects when the identity provider refuses. */
  renew: () => Promise<void>;
};

async function currentSubject(): Promise<string | undefined> {
  return (await getSessionToken())?.subject;
}

/** amplifyAuthService is the AuthService backed by the configured user pool. */
export const amplifyAuthService: AuthService = {
  hasSession,
  signIn: signInWithPassword,
  signOut: async (scope = 'everywhere') => {
    const subject = scope === 'everywhere' ? await currentSubject().catch(() => undefined) : undefined;
    await signOutUser();
    if (subject) broadcastSignOut(subject);
  },
  onSessionEnded: (callback) => {
    const stopHub = onTokenRefreshFailure(() => callback('renewalFailed'));
    const stopStorage = listenForSignOutElsewhere(currentSubject, () => callback('signedOutElsewhere'));
    return () => {
      stopHub();
      stopStorage();
    };
  },
  sessionExpiresAt: async () => (await getSessionToken())?.expiresAt,
  renew: renewSession,
};
