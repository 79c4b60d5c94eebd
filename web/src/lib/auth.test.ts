import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '../testing/server';
import { createInitiateAuthRefresher } from './amplify-auth';
import { getAccessToken, readStoredSession } from './auth';
import { EMBEDDED_TOKEN_KEY } from './embedded';
import { saveImpersonation } from './impersonation';

const endpoint = 'http://127.0.0.1:8080/cognito';

function jwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

const stored = {
  accessToken: { toString: () => 'old', payload: {} },
  refreshToken: 'refresh-1',
  clockDrift: 0,
  username: 'sam',
};

describe('createInitiateAuthRefresher', () => {
  it('renews the tokens with REFRESH_TOKEN_AUTH and keeps the refresh token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const access = jwt({ sub: 'abc', iat: now, exp: now + 3600, token_use: 'access' });
    const id = jwt({ sub: 'abc', iat: now, exp: now + 3600, token_use: 'id' });
    let request: { target: string | null; body: unknown } | undefined;
    server.use(
      http.post(endpoint, async ({ request: r }) => {
        request = { target: r.headers.get('x-amz-target'), body: await r.json() };
        return HttpResponse.json({ AuthenticationResult: { AccessToken: access, IdToken: id } });
      }),
    );

    const tokens = await createInitiateAuthRefresher(endpoint, 'client-1')({ tokens: stored, username: 'sam' });

    expect(request).toEqual({
      target: 'AWSCognitoIdentityProviderService.InitiateAuth',
      body: { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: 'client-1', AuthParameters: { REFRESH_TOKEN: 'refresh-1' } },
    });
    expect(tokens.accessToken.toString()).toBe(access);
    expect(tokens.accessToken.payload.sub).toBe('abc');
    expect(tokens.idToken?.toString()).toBe(id);
    expect(tokens.refreshToken).toBe('refresh-1');
    expect(tokens.username).toBe('sam');
    expect(Math.abs(tokens.clockDrift)).toBeLessThan(5_000);
  });

  it("rejects with the user pool's exception name", async () => {
    server.use(
      http.post(endpoint, () =>
        HttpResponse.json({ __type: 'NotAuthorizedException', message: 'Refresh Token has expired' }, { status: 400 }),
      ),
    );

    const refresh = createInitiateAuthRefresher(endpoint, 'client-1');

    await expect(refresh({ tokens: stored, username: 'sam' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has expired',
    });
  });
});

describe('getAccessToken', () => {
  const impersonating = {
    accessToken: 'impersonation-token',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    subject: { UserId: 's', Name: 'Subject' },
    actor: { UserId: 'a', Name: 'Actor' },
  };

  it("uses an embedded page's own token there, and the impersonation's elsewhere", async () => {
    window.sessionStorage.setItem(EMBEDDED_TOKEN_KEY, 'embedded-token');
    saveImpersonation(impersonating);

    window.location.hash = '#/embedded/customersms';
    expect(await getAccessToken()).toBe('embedded-token');

    window.location.hash = '#/app/default';
    expect(await getAccessToken()).toBe('impersonation-token');
  });

  it('uses the impersonation on an embedded page opened without a token', async () => {
    saveImpersonation(impersonating);
    window.location.hash = '#/mobile/dealsheet/1';

    expect(await getAccessToken()).toBe('impersonation-token');
  });
});

describe('readStoredSession', () => {
  const client = 'client-1';
  const prefix = `CognitoIdentityServiceProvider.${client}`;
  const now = 1_800_000_000_000;
  const token = (expSeconds: number) => jwt({ sub: 'abc', exp: expSeconds, token_use: 'access' });

  it.each([
    ['nothing stored: no session', {}, { kind: 'none' }],
    ['a user without tokens: no session', { [`${prefix}.LastAuthUser`]: 'sam' }, { kind: 'none' }],
    [
      'a token valid for an hour',
      { [`${prefix}.LastAuthUser`]: 'sam', [`${prefix}.sam.accessToken`]: token(now / 1000 + 3600) },
      { kind: 'valid', accessToken: token(now / 1000 + 3600) },
    ],
    [
      'a token within the five-second margin: renew',
      { [`${prefix}.LastAuthUser`]: 'sam', [`${prefix}.sam.accessToken`]: token(now / 1000 + 4) },
      { kind: 'renew' },
    ],
    [
      'a token valid by this clock but expired by the server\'s (clock drift): renew',
      {
        [`${prefix}.LastAuthUser`]: 'sam',
        [`${prefix}.sam.accessToken`]: token(now / 1000 + 60),
        [`${prefix}.sam.clockDrift`]: '120000',
      },
      { kind: 'renew' },
    ],
    ['only a refresh token: renew', { [`${prefix}.LastAuthUser`]: 'sam', [`${prefix}.sam.refreshToken`]: 'r' }, { kind: 'renew' }],
    [
      'an unreadable token: renew',
      { [`${prefix}.LastAuthUser`]: 'sam', [`${prefix}.sam.accessToken`]: 'not-a-jwt' },
      { kind: 'renew' },
    ],
    [
      "another client's tokens: no session",
      { 'CognitoIdentityServiceProvider.other.LastAuthUser': 'sam', 'CognitoIdentityServiceProvider.other.sam.accessToken': token(now / 1000 + 3600) },
      { kind: 'none' },
    ],
  ])('%s', (_name, items, want) => {
    window.sessionStorage.clear();
    for (const [key, value] of Object.entries(items)) window.sessionStorage.setItem(key, value);

    expect(readStoredSession(window.sessionStorage, client, now)).toEqual(want);
  });
});
