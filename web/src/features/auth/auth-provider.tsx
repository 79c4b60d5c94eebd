import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';

import { setRequestScope } from '../../lib/api/scope';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context';
import { amplifyAuthService, type AuthService } from './auth-service';

type AuthProviderProps = {
  children: ReactNode;
  service?: AuthService;
};

/** AuthProvider checks for a session at start-up and keeps the session state current. */
export function AuthProvider({ children, service = amplifyAuthService }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>('checking');
  const [signedOutByUser, setSignedOutByUser] = useState(false);

  const endSession = useCallback(() => {
    setRequestScope(undefined);
    queryClient.clear();
    setStatus('signedOut');
  }, [queryClient]);

  useEffect(() => {
    let active = true;
    service
      .hasSession()
      .catch(() => false)
      .then((signedIn) => {
        if (active) setStatus(signedIn ? 'signedIn' : 'signedOut');
      });
    const unsubscribe = service.onSessionEnded(endSession);
    return () => {
      active = false;
      unsubscribe();
    };
  }, [service, endSession]);

  const signIn = useCallback<AuthContextValue['signIn']>(
    async (username, password) => {
      const result = await service.signIn(username, password);
      if (result.kind === 'signedIn') {
        queryClient.clear();
        setSignedOutByUser(false);
        setStatus('signedIn');
      }
      return result;
    },
    [service, queryClient],
  );

  const signOut = useCallback(async () => {
    setSignedOutByUser(true);
    try {
      await service.signOut();
    } finally {
      endSession();
    }
  }, [service, endSession]);

  const value = useMemo(
    () => ({ status, signedOutByUser, signIn, signOut }),
    [status, signedOutByUser, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
