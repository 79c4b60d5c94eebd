import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import { getUserPoolAccessToken } from '../../../lib/auth';
import { saveImpersonation } from '../../../lib/impersonation';
import type { ImpersonationGrant } from '../../../lib/api/types';
import { useAuth } from '../auth-context';

/**
 * startImpersonation asks for a token to act as userId (POST /auth/impersonation), sent with
 * the user's own token: an impersonation cannot start from another.
 */
export async function startImpersonation(userId: string): Promise<ImpersonationGrant> {
  const accessToken = (await getUserPoolAccessToken()) ?? null;
  return api.post<ImpersonationGrant>('/auth/impersonation', { userId }, { accessToken, scope: null });
}

/**
 * useStartImpersonation starts impersonating a user: the token is kept for this tab, API calls
 * carry it, and everything is reloaded as the impersonated user.
 */
export function useStartImpersonation() {
  const { restartSession } = useAuth();
  return useMutation({
    mutationFn: startImpersonation,
    onSuccess: (grant) => {
      saveImpersonation(grant);
      restartSession();
    },
  });
}
