import { useEffect } from 'react';

import { useEndImpersonation } from '../../features/auth/api/end-impersonation';
import { getImpersonation, impersonationExpiresAt } from '../../lib/impersonation';
import { notify } from '../../lib/notify';

/** How long before its token expires an impersonation is ended, so its end is still recorded. */
const END_BEFORE_EXPIRY_MS = 10_000;

/** useImpersonationExpiry ends a running impersonation shortly before its token expires. */
export function useImpersonationExpiry(impersonating: boolean): void {
  const { mutate } = useEndImpersonation();
  useEffect(() => {
    const impersonation = impersonating ? getImpersonation() : undefined;
    if (!impersonation) return;
    const delay = Math.max(impersonationExpiresAt(impersonation) - END_BEFORE_EXPIRY_MS - Date.now(), 0);
    const timer = setTimeout(() => {
      notify('info', 'The impersonation has ended because its time ran out.', 'Impersonation ended', {
        id: 'impersonation-expired',
      });
      mutate();
    }, delay);
    return () => clearTimeout(timer);
  }, [impersonating, mutate]);
}
