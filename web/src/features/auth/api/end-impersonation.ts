import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { EndedImpersonation } from '../../../lib/api/types';
import { clearImpersonation, getImpersonation } from '../../../lib/impersonation';
import { useAuth } from '../auth-context';

/**
 * endImpersonation tells the server the impersonation ends (POST /auth/impersonation/end),
 * sent with the impersonation's own token so the audit names both users.
 */
export async function endImpersonation(accessToken: string): Promise<void> {
  await api.post<EndedImpersonation>('/auth/impersonation/end', undefined, { accessToken, scope: null });
}

/**
 * leaveImpersonation ends the impersonation this tab holds and returns to the user's own
 * session. The impersonation is forgotten even when the server cannot be told: its token
 * lapses on its own, and the user must not be kept in another user's session.
 */
export async function leaveImpersonation(): Promise<void> {
  const impersonation = getImpersonation();
  clearImpersonation();
  if (!impersonation) return;
  try {
    await endImpersonation(impersonation.accessToken);
  } catch (err) {
    console.warn('The end of the impersonation could not be recorded.', err);
  }
}

/** useEndImpersonation ends the impersonation and reloads everything as the user's own self. */
export function useEndImpersonation() {
  const { restartSession } = useAuth();
  return useMutation({
    mutationFn: leaveImpersonation,
    onSuccess: restartSession,
  });
}
