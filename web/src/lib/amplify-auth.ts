import { Amplify } from 'aws-amplify';
import { decodeJWT, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub, sessionStorage } from 'aws-amplify/utils';

import type { SignInResult } from './auth';
import type { RuntimeConfig } from './config';

// This module holds everything that needs Amplify. It is loaded on first use through ./auth,
// so the page's first script does not carry the identity provider's SDK.

/** configureAmplify points Amplify at the deployment's user pool; ./auth calls it once, on load. */
export function configureAmplify(config: RuntimeConfig): void {
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
  if ((await getUserPoolAccessToken()) !== undefined) await signOut();
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

/** renewSession renews the user's tokens now; it rejects when the user pool refuses. */
export async function renewSession(): Promise<void> {
  const session = await fetchAuthSession({ forceRefresh: true });
  if (!session.tokens?.accessToken) throw new Error('The session could not be renewed.');
}

/** onTokenRefreshFailure calls back when Amplify could not renew the tokens; returns an unsubscribe. */
export function onTokenRefreshFailure(callback: () => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'tokenRefresh_failure') callback();
  });
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
