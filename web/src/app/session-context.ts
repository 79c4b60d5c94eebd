import { useOutletContext } from 'react-router';

import type { Access } from '../lib/access';
import type { AppUser } from '../lib/api/types';

/** SessionContext is what every page under /app knows: the user and what they may see. */
export type SessionContext = {
  user: AppUser;
  access: Access;
  /** Whether the selected stores' settings are still loading, so store features are not known yet. */
  accessPending: boolean;
};

/** useSession reads the signed-in session inside the shell. */
export function useSession(): SessionContext {
  return useOutletContext<SessionContext>();
}
