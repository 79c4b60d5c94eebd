import {
  adoptSessionTokens,
  dropSessionTokens,
  getSessionToken,
  hasSession,
  ownSessionTokens,
  onTokenRefreshFailure,
  renewSession,
  signInWithPassword,
  signOutUser,
  type SignInResult,
} from '../../lib/auth';
import { isEmbedded } from '../../lib/embedded';
import { answerOtherTabs, askOtherTabs } from './session-handoff';
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
  /**
   * shareSession hands this tab's session to the browser's new tabs that ask for one, until the
   * returned function is called.
   */
  shareSession?: () => () => void;
};

async function currentSubject(): Promise<string | undefined> {
  return (await getSessionToken())?.subject;
}

/**
 * hasSessionOrHandoff reports whether this tab holds the user's own session; a tab that holds
 * none (a new tab) asks the browser's other tabs for theirs first. Embedded pages run on their
 * host's token or their own sign-in, and never take a session from another tab.
 */
async function hasSessionOrHandoff(): Promise<boolean> {
  if (await hasSession()) return true;
  if (isEmbedded()) return false;
  const tokens = await askOtherTabs();
  if (!tokens || !adoptSessionTokens(tokens)) return false;
  return hasSession();
}

/** amplifyAuthService is the AuthService backed by the configured user pool. */
export const amplifyAuthService: AuthService = {
  hasSession: hasSessionOrHandoff,
  signIn: signInWithPassword,
  signOut: async (scope = 'everywhere') => {
    const session = scope === 'everywhere' ? await getSessionToken().catch(() => undefined) : undefined;
    // The note goes first, so that no tab hands this session to a new one meanwhile.
    if (session?.subject) broadcastSignOut(session.subject, session.authTime);
    await signOutUser();
  },
  onSessionEnded: (callback) => {
    const stopHub = onTokenRefreshFailure(() => callback('renewalFailed'));
    const stopStorage = listenForSignOutElsewhere(currentSubject, () => {
      // The session ends here at once: its tokens are neither used nor handed on any more.
      dropSessionTokens();
      callback('signedOutElsewhere');
    });
    return () => {
      stopHub();
      stopStorage();
    };
  },
  sessionExpiresAt: async () => (await getSessionToken())?.expiresAt,
  renew: renewSession,
  shareSession: () => answerOtherTabs(() => (isEmbedded() ? undefined : ownSessionTokens())),
};
