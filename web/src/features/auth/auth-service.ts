import { Hub } from 'aws-amplify/utils';

import { hasSession, signInWithPassword, signOutUser, type SignInResult } from '../../lib/auth';

/** AuthService is what the app needs from the identity provider; tests pass a fake. */
export type AuthService = {
  hasSession: () => Promise<boolean>;
  signIn: (username: string, password: string) => Promise<SignInResult>;
  signOut: () => Promise<void>;
  /** onSessionEnded calls back when the session ends outside the app (refresh failure); returns an unsubscribe. */
  onSessionEnded: (callback: () => void) => () => void;
};

/** amplifyAuthService is the AuthService backed by the configured user pool. */
export const amplifyAuthService: AuthService = {
  hasSession,
  signIn: signInWithPassword,
  signOut: signOutUser,
  onSessionEnded: (callback) =>
    Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') callback();
    }),
};
