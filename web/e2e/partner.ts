import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The demo embedded partner's id, and its private key in the repository. */
export const DEMO_PARTNER_ID = 'partner-dealervault';
const demoPartnerKey = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'shared', 'local', 'demo', 'testdata', 'partner-dealervault.pem');

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/**
 * partnerAssertion signs, as the demo partner does, a request for a token acting for userId:
 * an RS256 JWT with iss the partner, sub the CXM user id, aud "cxm", a short life and a jti.
 */
export async function partnerAssertion(userId: string, lifetimeSeconds = 120): Promise<string> {
  const key = createPrivateKey(await readFile(demoPartnerKey, 'utf8'));
  const iat = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ iss: DEMO_PARTNER_ID, sub: userId, aud: 'cxm', iat, exp: iat + lifetimeSeconds, jti: randomUUID() }),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key);
  return `${header}.${payload}.${base64url(signature)}`;
}

/** exchangePartnerAssertion trades an assertion for an access token at POST /auth/partner/token. */
export async function exchangePartnerAssertion(
  baseUrl: string,
  assertion: string,
): Promise<{ accessToken: string; expiresAt: string }> {
  const response = await fetch(`${baseUrl}/auth/partner/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ assertion }),
  });
  const body = (await response.json()) as { successful?: boolean; data?: { accessToken: string; expiresAt: string } };
  if (!response.ok || !body.successful || !body.data) {
    throw new Error(`partner token exchange: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return body.data;
}
