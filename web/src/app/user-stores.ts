import type { AppUser, Store } from '../lib/api/types';

/** userStores are the stores the user works in or may view, each once. */
export function userStores(user: AppUser): Store[] {
  const byId = new Map<number, Store>();
  for (const store of [...(user.ViewAllowedStores ?? []), ...(user.AllowedStores ?? [])]) {
    if (!byId.has(store.AccountPlatformID)) byId.set(store.AccountPlatformID, store);
  }
  return [...byId.values()];
}
