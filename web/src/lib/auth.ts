import { Amplify } from 'aws-amplify';
import { decodeJWT, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { sessionStorage } from 'aws-amplify/utils';

import type { RuntimeConfig } from './config';
import { getEmbeddedToken, isEmbedded } from './embedded';
import { getImpersonation } from './impersonation';
import { readJwtClaims } from './jwt';

/** SignInResult is the outcome of a password sign-in that the user pool accepted. */
export type SignInResult =
  | { kind: 'signedIn' }
  /** The user pool asks for a further step (a new password, a code) before signing in. */
  | { kind: 'nextStep'; step: string };

/** configureAuth points Amplify at the deployment's user pool; call it once, before rendering. */
export function configureAuth(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      },
    },
  });
  // Tokens live for the browser tab only, as the spec asks of a non-embedded session.
  cognitoUserPoolsTokenProvider.setKeyValueStorage(sessionStorage);
  if (config.userPoolEndpoint) {
    // The local user pool does not implement GetTokensFromRefreshToken, which Amplify's own
    // refresher calls; it does implement InitiateAuth with REFRESH_TOKEN_AUTH.
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(
      createInitiateAuthRefresher(config.userPoolEndpoint, config.userPoolClientId),
    );
  }
}

/** signInWithPassword signs in with the user pool's USER_PASSWORD_AUTH flow. */
export async function signInWithPassword(username: string, password: string): Promise<SignInResult> {
  // A stale session in this tab would make the user pool refuse a new sign-in.
  if (await hasSession()) await signOut();
  const { isSignedIn, nextStep } = await signIn({
    username,
    password,
    options: { authFlowType: 'USER_PASSWORD_AUTH' },
  });
  if (isSignedIn) return { kind: 'signedIn' };
  return { kind: 'nextStep', step: nextStep.signInStep };
}

/** signOutUser ends the session in this tab. */
export async function signOutUser(): Promise<void> {
  await signOut();
}

/** getUserPoolAccessToken returns the signed-in user's own access token, refreshed when it has expired. */
export async function getUserPoolAccessToken(): Promise<string | undefined> {
  const session = await fetchAuthSession();
  return session.tokens?.accessToken?.toString();
}

/**
 * getAccessToken returns the token API calls carry: on an embedded page the token it was
 * opened with, else the running impersonation's, else the user's own.
 */
export async function getAccessToken(): Promise<string | undefined> {
  if (isEmbedded()) {
    const embedded = getEmbeddedToken();
    if (embedded) return embedded;
  }
  return getImpersonation()?.accessToken ?? getUserPoolAccessToken();
}

/** hasSession reports whether this tab holds a usable session of the user's own. */
export async function hasSession(): Promise<boolean> {
  return (await getUserPoolAccessToken()) !== undefined;
}

/** SessionToken is what the app needs to know about the user's own access token. */
export type SessionToken = { subject?: string; expiresAt?: number };

/** getSessionToken reads the subject and expiry (milliseconds) of the user's own access token. */
export async function getSessionToken(): Promise<SessionToken | undefined> {
  const token = await getUserPoolAccessToken();
  if (!token) return undefined;
  const claims = readJwtClaims(token);
  return { subject: claims?.sub, expiresAt: typeof claims?.exp === 'number' ? claims.exp * 1000 : undefined };
}

/** renewSession renews the user's tokens now; it rejects when the user pool refuses. */
export async function renewSession(): Promise<void> {
  const session = await fetchAuthSession({ forceRefresh: true });
  if (!session.tokens?.accessToken) throw new Error('The session could not be renewed.');
}

type TokenRefresher = Parameters<typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher>[0];

/**
 * createInitiateAuthRefresher renews tokens with InitiateAuth REFRESH_TOKEN_AUTH at endpoint.
 * Errors carry the user pool's exception name, which Amplify reads to end the session.
 */
export function createInitiateAuthRefresher(endpoint: string, clientId: string): TokenRefresher {
  return async ({ tokens, username }) => {
    if (!tokens.refreshToken) {
      throw Object.assign(new Error('No refresh token is stored.'), { name: 'NotAuthorizedException' });
    }
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      __type?: string;
      message?: string;
      AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
    };
    if (!response.ok || !body.AuthenticationResult?.AccessToken) {
      const name = (body.__type ?? response.headers.get('x-amzn-errortype') ?? 'ServiceException').split(/[#:]/).pop();
      throw Object.assign(new Error(body.message ?? 'The session could not be renewed.'), { name });
    }
    const result = body.AuthenticationResult;
    const accessToken = decodeJWT(result.AccessToken ?? '');
    const iat = accessToken.payload.iat ?? Math.floor(Date.now() / 1000);
    return {
      accessToken,
      idToken: result.IdToken ? decodeJWT(result.IdToken) : undefined,
      refreshToken: result.RefreshToken ?? tokens.refreshToken,
      clockDrift: iat * 1000 - Date.now(),
      username,
    };
  };
}
