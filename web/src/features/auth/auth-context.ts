import { createContext, useContext } from 'react';

import type { SignInResult } from '../../lib/auth';

export type AuthStatus = 'checking' | 'signedIn' | 'signedOut';

export type AuthContextValue = {
  status: AuthStatus;
  /** Whether the last session ended by the user's own Logout rather than by expiry. */
  signedOutByUser: boolean;
  /** Whether the session has ended elsewhere and the session-expiry modal is showing. */
  expired: boolean;
  signIn: (username: string, password: string) => Promise<SignInResult>;
  signOut: () => Promise<void>;
  /** Changes whenever the session starts over as another user (impersonation starts or ends). */
  sessionKey: number;
  /**
   * restartSession drops everything loaded for the current user and starts the session over,
   * as whoever the API calls now act for.
   */
  restartSession: () => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

/** useAuth reads the session state and the sign-in and sign-out actions. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
