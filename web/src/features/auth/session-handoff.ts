/**
 * A tab opened from a signed-in one (Ctrl+click, a link that opens a new tab) starts without a
 * session: tokens live in each tab's session storage, which a new tab does not inherit. So a tab
 * without a session asks the others over a BroadcastChannel, and a signed-in tab answers with its
 * own session, which the new tab keeps in its session storage in turn. Tokens never go to local
 * storage or a cookie, and only the user's own session is handed over: an impersonation stays
 * with the tab that started it, and embedded pages neither ask nor answer, so a partner's token
 * and a user's session never cross.
 */
import type { StoredTokens } from '../../lib/auth';
import { readJwtClaims } from '../../lib/jwt';
import { hasSignedOut } from './sign-out-broadcast';

/** The channel's name. */
export const SESSION_CHANNEL = 'cxm.session';

/** How long a new tab waits for a signed-in tab to answer. */
export const HANDOFF_WAIT_MS = 600;

type Ask = { type: 'ask'; id: string };
type Share = { type: 'share'; id: string; tokens: StoredTokens };
type Message = Ask | Share;

/** ChannelFactory opens a channel by name; tests pass their own. */
export type ChannelFactory = (name: string) => BroadcastChannel;

function defaultChannel(name: string): BroadcastChannel | undefined {
  return typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(name);
}

function isMessage(data: unknown): data is Message {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as { type?: unknown; id?: unknown; tokens?: unknown };
  if (typeof m.id !== 'string') return false;
  if (m.type === 'ask') return true;
  return m.type === 'share' && typeof m.tokens === 'object' && m.tokens !== null;
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

/**
 * sessionOf names the session the tokens hold (the access token's sub, auth_time and iat), or
 * null when they hold no readable access token.
 */
export function sessionOf(tokens: StoredTokens): { subject?: string; authTime?: number; issuedAt?: number } | null {
  const key = Object.keys(tokens).find((k) => k.endsWith('.accessToken'));
  const claims = key ? readJwtClaims(tokens[key] ?? '') : null;
  if (!claims?.sub) return null;
  return { subject: claims.sub, authTime: claims.auth_time, issuedAt: claims.iat };
}

/**
 * askOtherTabs asks the browser's other tabs for their session and resolves with the first
 * answer that names a session not signed out since, or undefined when none comes within waitMs.
 */
export function askOtherTabs(waitMs: number = HANDOFF_WAIT_MS, open: ChannelFactory | undefined = undefined): Promise<StoredTokens | undefined> {
  const channel = open ? open(SESSION_CHANNEL) : defaultChannel(SESSION_CHANNEL);
  if (!channel) return Promise.resolve(undefined);
  const id = newId();
  return new Promise((resolve) => {
    const finish = (tokens: StoredTokens | undefined) => {
      clearTimeout(timer);
      channel.removeEventListener('message', onMessage);
      channel.close();
      resolve(tokens);
    };
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (!isMessage(data) || data.type !== 'share' || data.id !== id) return;
      const session = sessionOf(data.tokens);
      // A tab may answer before it hears of a sign-out that ended its session.
      if (!session || hasSignedOut(session)) return;
      finish(data.tokens);
    };
    const timer = setTimeout(() => finish(undefined), waitMs);
    channel.addEventListener('message', onMessage);
    channel.postMessage({ type: 'ask', id } satisfies Ask);
  });
}

/**
 * answerOtherTabs answers the other tabs' requests with this tab's session, as ownSession gives
 * it at the time (undefined: this tab has none to give, and stays silent). It returns the
 * function that stops answering.
 */
export function answerOtherTabs(ownSession: () => StoredTokens | undefined, open: ChannelFactory | undefined = undefined): () => void {
  const channel = open ? open(SESSION_CHANNEL) : defaultChannel(SESSION_CHANNEL);
  if (!channel) return () => {};
  const onMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!isMessage(data) || data.type !== 'ask') return;
    const tokens = ownSession();
    const session = tokens ? sessionOf(tokens) : null;
    if (!tokens || !session || hasSignedOut(session)) return;
    channel.postMessage({ type: 'share', id: data.id, tokens } satisfies Share);
  };
  channel.addEventListener('message', onMessage);
  return () => {
    channel.removeEventListener('message', onMessage);
    channel.close();
  };
}
