import type { RuntimeConfig } from './config';
import { getEmbeddedToken, isEmbedded } from './embedded';
import { getImpersonation } from './impersonation';
import { readJwtClaims } from './jwt';

// The identity provider's SDK (Amplify) is a large download that most page loads do not need:
// it lives in ./amplify-auth, loaded on the first call that needs it (signing in or out,
// renewing tokens) and configured then with the deployment's user pool. Until then the session
// is read from where the SDK keeps it: the tab's session storage.

/** SignInResult is the outcome of a password sign-in that the user pool accepted. */
export type SignInResult =
  | { kind: 'signedIn' }
  /** The user pool asks for a further step (a new password, a code) before signing in. */
  | { kind: 'nextStep'; step: string };

type AmplifyAuth = typeof import('./amplify-auth');

/** AuthLoader holds the user pool's configuration and loads the SDK once, on first use. */
type AuthLoader = { config?: RuntimeConfig; loading?: Promise<AmplifyAuth>; loaded?: AmplifyAuth };

const loader: AuthLoader = {};

/** waiting are the token-refresh listeners to subscribe once the SDK is loaded. */
const waiting = new Set<(sdk: AmplifyAuth) => void>();

/** The prefix of the keys under which the SDK keeps a user pool's tokens. */
const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider';

/** The SDK's own margin (milliseconds): a token this close to expiry counts as expired. */
const EXPIRY_TOLERANCE_MS = 5_000;

/** StoredSession is what the SDK keeps in the tab's storage for a user pool client. */
export type StoredSession =
  | { kind: 'none' }
  /** An access token that is still valid by the SDK's own rule. */
  | { kind: 'valid'; accessToken: string }
  /** Tokens that need renewing (or that could not be read): the SDK must look at them. */
  | { kind: 'renew' };

/**
 * readStoredSession reads the tokens the SDK keeps in storage for clientId, as its token store
 * writes them: the last signed-in user under `CognitoIdentityServiceProvider.{client}.LastAuthUser`
 * and their tokens under `CognitoIdentityServiceProvider.{client}.{user}.accessToken` (with the
 * clock drift beside it). A token is valid until five seconds before it expires, on the
 * server's clock.
 */
export function readStoredSession(storage: Storage, clientId: string, now: number): StoredSession {
  const user = storage.getItem(`${TOKEN_KEY_PREFIX}.${clientId}.LastAuthUser`);
  if (!user) return { kind: 'none' };
  const keys = `${TOKEN_KEY_PREFIX}.${clientId}.${user}`;
  const accessToken = storage.getItem(`${keys}.accessToken`);
  if (!accessToken) return storage.getItem(`${keys}.refreshToken`) ? { kind: 'renew' } : { kind: 'none' };
  const exp = readJwtClaims(accessToken)?.exp;
  const drift = Number.parseInt(storage.getItem(`${keys}.clockDrift`) ?? '0', 10) || 0;
  if (typeof exp !== 'number' || now + drift + EXPIRY_TOLERANCE_MS >= exp * 1000) return { kind: 'renew' };
  return { kind: 'valid', accessToken };
}

/** StoredTokens are the entries the SDK keeps in storage for the user pool client: key to value. */
export type StoredTokens = Record<string, string>;

function tokenKeyPrefix(clientId: string): string {
  return `${TOKEN_KEY_PREFIX}.${clientId}.`;
}

/**
 * readStoredTokens returns every entry the SDK keeps in storage for clientId (the last user,
 * their tokens, clock drift and sign-in details), or undefined when it keeps no session.
 */
export function readStoredTokens(storage: Storage, clientId: string): StoredTokens | undefined {
  if (readStoredSession(storage, clientId, Number.NEGATIVE_INFINITY).kind === 'none') return undefined;
  const prefix = tokenKeyPrefix(clientId);
  const entries: StoredTokens = {};
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    const value = key === null ? null : storage.getItem(key);
    if (key?.startsWith(prefix) && value !== null) entries[key] = value;
  }
  return entries;
}

/**
 * writeStoredTokens puts another tab's entries in storage where the SDK reads them, keeping only
 * the client's own keys. It reports whether storage now holds a session.
 */
export function writeStoredTokens(storage: Storage, clientId: string, entries: StoredTokens): boolean {
  const prefix = tokenKeyPrefix(clientId);
  for (const [key, value] of Object.entries(entries)) {
    if (key.startsWith(prefix) && typeof value === 'string') storage.setItem(key, value);
  }
  return readStoredSession(storage, clientId, Number.NEGATIVE_INFINITY).kind !== 'none';
}

/** clearStoredTokens removes every entry the SDK keeps for clientId. */
export function clearStoredTokens(storage: Storage, clientId: string): void {
  const prefix = tokenKeyPrefix(clientId);
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** ownSessionTokens returns the entries of the user's own session in this tab, if it holds one. */
export function ownSessionTokens(): StoredTokens | undefined {
  if (!loader.config) return undefined;
  return readStoredTokens(window.sessionStorage, loader.config.userPoolClientId);
}

/** adoptSessionTokens keeps another tab's session as this tab's own; it reports whether it did. */
export function adoptSessionTokens(entries: StoredTokens): boolean {
  if (!loader.config) return false;
  return writeStoredTokens(window.sessionStorage, loader.config.userPoolClientId, entries);
}

/** dropSessionTokens forgets this tab's session without telling anyone, as a sign-out elsewhere asks. */
export function dropSessionTokens(): void {
  if (loader.config) clearStoredTokens(window.sessionStorage, loader.config.userPoolClientId);
}

/** configureAuth records the deployment's user pool; call it once, before rendering. */
export function configureAuth(config: RuntimeConfig): void {
  loader.config = config;
  loader.loading = undefined;
}

/** loadAmplifyAuth loads and configures the identity provider's SDK, once. */
export function loadAmplifyAuth(): Promise<AmplifyAuth> {
  loader.loading ??= import('./amplify-auth').then((sdk) => {
    // Unconfigured (as in component tests) the SDK holds no session.
    if (loader.config) sdk.configureAmplify(loader.config);
    loader.loaded = sdk;
    for (const listen of waiting) listen(sdk);
    waiting.clear();
    return sdk;
  });
  return loader.loading;
}

/** preloadSignIn starts loading the SDK, for a sign-in form the user has started to fill in. */
export function preloadSignIn(): void {
  loadAmplifyAuth().catch(() => {
    // The sign-in itself will load it again and report the failure.
    loader.loading = undefined;
  });
}

/** signInWithPassword signs in with the user pool's USER_PASSWORD_AUTH flow. */
export async function signInWithPassword(username: string, password: string): Promise<SignInResult> {
  return (await loadAmplifyAuth()).signInWithPassword(username, password);
}

/** signOutUser ends the session in this tab. */
export async function signOutUser(): Promise<void> {
  return (await loadAmplifyAuth()).signOutUser();
}

/** getUserPoolAccessToken returns the signed-in user's own access token, refreshed when it has expired. */
export async function getUserPoolAccessToken(): Promise<string | undefined> {
  if (loader.loaded) return loader.loaded.getUserPoolAccessToken();
  // Without a user pool there is no session of the user's own.
  if (!loader.config) return undefined;
  const stored = readStoredSession(window.sessionStorage, loader.config.userPoolClientId, Date.now());
  if (stored.kind === 'none') return undefined;
  if (stored.kind === 'valid') return stored.accessToken;
  return (await loadAmplifyAuth()).getUserPoolAccessToken();
}

/** renewSession renews the user's tokens now; it rejects when the user pool refuses. */
export async function renewSession(): Promise<void> {
  return (await loadAmplifyAuth()).renewSession();
}

/**
 * onTokenRefreshFailure calls back when the user pool refuses to renew the tokens; it returns an
 * unsubscribe. Only the SDK renews tokens, so it listens from when the SDK is loaded, without
 * loading it.
 */
export function onTokenRefreshFailure(callback: () => void): () => void {
  let stopped = false;
  let stop: (() => void) | undefined;
  const listen = (sdk: AmplifyAuth) => {
    if (!stopped) stop = sdk.onTokenRefreshFailure(callback);
  };
  if (loader.loaded) listen(loader.loaded);
  else waiting.add(listen);
  return () => {
    stopped = true;
    waiting.delete(listen);
    stop?.();
  };
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
export type SessionToken = {
  subject?: string;
  expiresAt?: number;
  /** When the user signed in for this session (seconds, the token's auth_time). */
  authTime?: number;
};

/** getSessionToken reads the subject, expiry (milliseconds) and sign-in time of the user's own access token. */
export async function getSessionToken(): Promise<SessionToken | undefined> {
  const token = await getUserPoolAccessToken();
  if (!token) return undefined;
  const claims = readJwtClaims(token);
  return {
    subject: claims?.sub,
    expiresAt: typeof claims?.exp === 'number' ? claims.exp * 1000 : undefined,
    authTime: typeof claims?.auth_time === 'number' ? claims.auth_time : undefined,
  };
}
