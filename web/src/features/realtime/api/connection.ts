/**
 * The push-messaging connection (spec section 4): its status is connecting, connected or
 * failed; when the network drops it the status becomes failed and a reconnect is scheduled
 * after RECONNECT_MS. Status categories (network up, connected, reconnected, down, issues,
 * access denied, malformed response, ...) are only logged.
 */

/** RealtimeState is the connection's status as the header shows it. */
export type RealtimeState = 'connecting' | 'connected' | 'failed';

/** RealtimeCategory is a logged status category. */
export type RealtimeCategory =
  | 'network up'
  | 'connected'
  | 'reconnected'
  | 'down'
  | 'issues'
  | 'access denied'
  | 'malformed response'
  | 'unknown';

/** RECONNECT_MS is how long after a failure the connection is tried again. */
export const RECONNECT_MS = 10_000;

/** RealtimeMessage is a push: ids and a short summary; the app refetches what it shows. */
export type RealtimeMessage = {
  channel: string;
  type: 'activity' | 'chat' | 'notification';
  id: string;
  contactId?: number;
  groupId?: string;
  summary: string;
  at: string;
};

/** SocketLike is the part of a WebSocket the connection uses. */
export type SocketLike = {
  onopen: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  close: (code?: number, reason?: string) => void;
};

export type ConnectionOptions = {
  /** url is the WebSocket endpoint with the user's channel and token. */
  url: string;
  onState: (state: RealtimeState) => void;
  onMessage: (message: RealtimeMessage) => void;
  /** The clock and the socket are injected so tests control them. */
  createSocket?: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  log?: (category: RealtimeCategory, detail?: string) => void;
};

/** POLICY_VIOLATION is the close code of a connection the server refused. */
const POLICY_VIOLATION = 1008;

/** parseMessage reads a push, or returns null for anything else. */
export function parseMessage(data: unknown): RealtimeMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const m = JSON.parse(data) as Partial<RealtimeMessage>;
    if (typeof m.id !== 'string' || (m.type !== 'activity' && m.type !== 'chat' && m.type !== 'notification')) return null;
    return m as RealtimeMessage;
  } catch {
    return null;
  }
}

/**
 * connect opens the connection and keeps it open until the returned stop is called: each
 * drop sets failed and tries again RECONNECT_MS later. A message id seen before is ignored.
 */
export function connect(options: ConnectionOptions): () => void {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as SocketLike);
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const log = options.log ?? ((category: RealtimeCategory, detail?: string) => console.debug('realtime:', category, detail ?? ''));
  let socket: SocketLike | null = null;
  let timer: unknown = null;
  let stopped = false;
  let everConnected = false;
  const seen = new Set<string>();

  const fail = (category: RealtimeCategory, detail?: string) => {
    if (stopped || timer !== null) return;
    log(category, detail);
    socket = null;
    options.onState('failed');
    timer = setTimer(() => {
      timer = null;
      open();
    }, RECONNECT_MS);
  };

  const open = () => {
    if (stopped) return;
    options.onState('connecting');
    let s: SocketLike;
    try {
      s = createSocket(options.url);
    } catch (err) {
      fail('issues', err instanceof Error ? err.message : String(err));
      return;
    }
    socket = s;
    s.onopen = () => {
      if (socket !== s) return;
      log('network up');
      log(everConnected ? 'reconnected' : 'connected');
      everConnected = true;
      options.onState('connected');
    };
    s.onmessage = (ev) => {
      if (socket !== s) return;
      const m = parseMessage(ev.data);
      if (!m) {
        log('malformed response');
        return;
      }
      if (seen.has(m.id)) return;
      seen.add(m.id);
      if (seen.size > 500) seen.delete(seen.values().next().value as string);
      options.onMessage(m);
    };
    s.onerror = () => {
      if (socket !== s) return;
      s.close();
      fail('issues');
    };
    s.onclose = (ev) => {
      if (socket !== s) return;
      fail(ev.code === POLICY_VIOLATION ? 'access denied' : 'down', ev.reason || String(ev.code));
    };
  };

  open();
  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
    timer = null;
    const s = socket;
    socket = null;
    s?.close(1000, 'signed out');
  };
}

/** socketUrl is the endpoint with the user's channel and token as query parameters. */
export function socketUrl(endpoint: string, channel: string, token: string): string {
  const u = new URL(endpoint, document.baseURI);
  u.searchParams.set('channel', channel);
  u.searchParams.set('token', token);
  return u.toString();
}
