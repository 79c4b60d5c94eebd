import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { configureAuth, type StoredTokens } from '../../lib/auth';
import { amplifyAuthService } from './auth-service';
import { answerOtherTabs, askOtherTabs } from './session-handoff';
import { SIGNED_OUT_KEY } from './sign-out-broadcast';

function jwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

const CLIENT = 'client-1';
const prefix = `CognitoIdentityServiceProvider.${CLIENT}`;
const now = Math.floor(Date.now() / 1000);
const sam: StoredTokens = {
  [`${prefix}.LastAuthUser`]: 'sam',
  [`${prefix}.sam.accessToken`]: jwt({ sub: 'sub-sam', auth_time: now - 60, iat: now, exp: now + 3600 }),
  [`${prefix}.sam.refreshToken`]: 'refresh-1',
};

function holdSession(tokens: StoredTokens) {
  for (const [k, v] of Object.entries(tokens)) window.sessionStorage.setItem(k, v);
}

const stops: (() => void)[] = [];

beforeEach(() => {
  configureAuth({ region: 'us-east-1', userPoolId: 'pool', userPoolClientId: CLIENT });
  window.sessionStorage.clear();
  window.localStorage.removeItem(SIGNED_OUT_KEY);
  window.location.hash = '#/app/default';
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  window.location.hash = '';
});

describe('amplifyAuthService across tabs', () => {
  it('signs a new tab in with the session another tab hands over', async () => {
    stops.push(answerOtherTabs(() => sam));

    await expect(amplifyAuthService.hasSession()).resolves.toBe(true);
    expect(window.sessionStorage.getItem(`${prefix}.sam.refreshToken`)).toBe('refresh-1');
  });

  it('never asks for or hands over a session on an embedded page', async () => {
    const asked = vi.fn(() => sam);
    stops.push(answerOtherTabs(asked));
    window.location.hash = '#/embedded/customerdashboard/1';

    await expect(amplifyAuthService.hasSession()).resolves.toBe(false);
    expect(asked).not.toHaveBeenCalled();
    stops.pop()?.();

    holdSession(sam);
    stops.push(amplifyAuthService.shareSession?.() ?? (() => {}));
    await expect(askOtherTabs(100)).resolves.toBeUndefined();
  });

  it('hands its own session to a new tab, not an impersonation', async () => {
    holdSession(sam);
    window.sessionStorage.setItem('cxm.impersonation', '{"accessToken":"imp"}');
    stops.push(amplifyAuthService.shareSession?.() ?? (() => {}));

    await expect(askOtherTabs(500)).resolves.toEqual(sam);
  });

  it('drops the session at once when the user signs out in another tab', async () => {
    holdSession(sam);
    const ended = vi.fn();
    stops.push(amplifyAuthService.onSessionEnded(ended));

    window.localStorage.setItem(SIGNED_OUT_KEY, JSON.stringify({ subject: 'sub-sam', authTime: now - 60, at: Date.now() }));
    window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_OUT_KEY, newValue: window.localStorage.getItem(SIGNED_OUT_KEY) }));

    await vi.waitFor(() => expect(ended).toHaveBeenCalledWith('signedOutElsewhere'));
    expect(window.sessionStorage.getItem(`${prefix}.sam.accessToken`)).toBeNull();
    await expect(amplifyAuthService.hasSession()).resolves.toBe(false);
  });
});
