import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { clearStoredTokens, readStoredTokens, writeStoredTokens, type StoredTokens } from '../../lib/auth';
import { answerOtherTabs, askOtherTabs, sessionOf, SESSION_CHANNEL } from './session-handoff';
import { broadcastSignOut, SIGNED_OUT_KEY } from './sign-out-broadcast';

function jwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

const CLIENT = 'client-1';
const prefix = `CognitoIdentityServiceProvider.${CLIENT}`;
const now = Math.floor(Date.now() / 1000);

function tokensOf(subject: string, authTime: number): StoredTokens {
  return {
    [`${prefix}.LastAuthUser`]: subject,
    [`${prefix}.${subject}.accessToken`]: jwt({ sub: subject, auth_time: authTime, iat: now, exp: now + 3600 }),
    [`${prefix}.${subject}.idToken`]: jwt({ sub: subject, iat: now, exp: now + 3600 }),
    [`${prefix}.${subject}.refreshToken`]: 'refresh-1',
    [`${prefix}.${subject}.clockDrift`]: '0',
  };
}

const stops: (() => void)[] = [];

beforeEach(() => {
  window.localStorage.removeItem(SIGNED_OUT_KEY);
  window.sessionStorage.clear();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** aTab is another tab of the browser, answering with what it holds at the time. */
function aTab(holds: () => StoredTokens | undefined) {
  stops.push(answerOtherTabs(holds));
}

describe('session handoff between tabs', () => {
  it('gives a new tab the session of a signed-in tab', async () => {
    const sam = tokensOf('sam', now - 60);
    aTab(() => sam);

    await expect(askOtherTabs(500)).resolves.toEqual(sam);
  });

  it('leaves a new tab without a session when no tab is signed in', async () => {
    aTab(() => undefined);

    await expect(askOtherTabs(50)).resolves.toBeUndefined();
  });

  it('ignores the answer of a tab whose session was signed out in another tab', async () => {
    const sam = tokensOf('sam', now - 60);
    aTab(() => sam);
    broadcastSignOut('sam', now - 60);

    await expect(askOtherTabs(100)).resolves.toBeUndefined();
  });

  it('still hands over a later sign-in of a user who signed out before', async () => {
    broadcastSignOut('sam', now - 600);
    const later = tokensOf('sam', now - 60);
    aTab(() => later);

    await expect(askOtherTabs(500)).resolves.toEqual(later);
  });

  it('stops answering once told to', async () => {
    const stop = answerOtherTabs(() => tokensOf('sam', now));
    stop();

    await expect(askOtherTabs(50)).resolves.toBeUndefined();
  });

  it('answers only the tab that asked', async () => {
    const other = new BroadcastChannel(SESSION_CHANNEL);
    const seen: unknown[] = [];
    other.onmessage = (e) => seen.push(e.data);
    aTab(() => tokensOf('sam', now));

    // A share meant for someone else's request is not taken.
    other.postMessage({ type: 'share', id: 'someone-else', tokens: tokensOf('eve', now) });
    const got = await askOtherTabs(500);
    other.close();

    expect(got && sessionOf(got)?.subject).toBe('sam');
    expect(seen.some((m) => (m as { type: string }).type === 'ask')).toBe(true);
  });
});

describe('stored tokens', () => {
  it('reads, writes and clears only the client’s own entries', () => {
    const storage = window.sessionStorage;
    storage.setItem('unrelated', 'x');
    expect(readStoredTokens(storage, CLIENT)).toBeUndefined();

    const sam = { ...tokensOf('sam', now), 'cxm.impersonation': '{"accessToken":"imp"}', 'CognitoIdentityServiceProvider.other.x': 'y' };
    expect(writeStoredTokens(storage, CLIENT, sam)).toBe(true);
    // An impersonation or another client's keys never come over.
    expect(storage.getItem('cxm.impersonation')).toBeNull();
    expect(storage.getItem('CognitoIdentityServiceProvider.other.x')).toBeNull();
    expect(readStoredTokens(storage, CLIENT)).toEqual(tokensOf('sam', now));

    clearStoredTokens(storage, CLIENT);
    expect(readStoredTokens(storage, CLIENT)).toBeUndefined();
    expect(storage.getItem('unrelated')).toBe('x');
  });

  it('names the session a set of tokens holds', () => {
    expect(sessionOf(tokensOf('sam', 123))).toEqual({ subject: 'sam', authTime: 123, issuedAt: now });
    expect(sessionOf({ [`${prefix}.LastAuthUser`]: 'sam' })).toBeNull();
  });
});
