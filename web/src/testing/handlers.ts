import { delay, http, HttpResponse } from 'msw';

import type { AppUser, UserSetting } from '../lib/api/types';

/** currentUser answers GET /users/currentUser with the user, or with an error status. */
export function currentUser(
  answer: AppUser | 401 | 404 | 500,
  options: { wait?: boolean; onRequest?: () => void } = {},
) {
  return http.get('*/users/currentUser', async () => {
    options.onRequest?.();
    if (options.wait) await delay('infinite');
    if (typeof answer === 'number') {
      return HttpResponse.json({ successful: false, errorMessages: [`status ${answer}`] }, { status: answer });
    }
    return HttpResponse.json({ Success: true, Data: answer });
  });
}

export type SettingRequest = { method: 'GET' | 'PUT'; key: string; scope: string | null; body?: UserSetting };

/**
 * userSettings answers the user-settings calls from an in-memory map and records each request.
 */
export function userSettings(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const requests: SettingRequest[] = [];
  const handlers = [
    http.get('*/usersettings/key/:key', ({ params, request }) => {
      const key = String(params.key);
      requests.push({ method: 'GET', key, scope: request.headers.get('scope') });
      const value = values.get(key);
      if (value === undefined) {
        return HttpResponse.json({ successful: false, errorMessages: ['Setting not found.'] }, { status: 404 });
      }
      return HttpResponse.json({ successful: true, data: { key, value } });
    }),
    http.put('*/usersettings/key/:key', async ({ params, request }) => {
      const key = String(params.key);
      const body = (await request.json()) as UserSetting;
      requests.push({ method: 'PUT', key, scope: request.headers.get('scope'), body });
      values.set(key, body.value);
      return HttpResponse.json({ successful: true, data: body });
    }),
  ];
  return { handlers, requests, values };
}
