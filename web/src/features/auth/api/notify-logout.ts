import { api } from '../../../lib/api/client';

/** notifyLogout tells the server the user signs out (POST /auth/logout), with the user's own token. */
export async function notifyLogout(): Promise<void> {
  await api.post<unknown>('/auth/logout', undefined, { scope: null });
}
