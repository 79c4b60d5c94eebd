import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { connect, RECONNECT_MS, type RealtimeMessage, type RealtimeState, type SocketLike } from './connection';
import { refetchFor } from './live-updates';

/** FakeSocket is a WebSocket the test opens, closes and talks through. */
class FakeSocket implements SocketLike {
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  closed = false;
  constructor(public url: string) {}
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  drop(code = 1006) {
    this.onclose?.({ code, reason: '' } as CloseEvent);
  }
  send(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }
}

function nth(sockets: FakeSocket[], i: number): FakeSocket {
  const s = sockets[i];
  if (!s) throw new Error(`no socket ${i}`);
  return s;
}

function setup() {
  const sockets: FakeSocket[] = [];
  const states: RealtimeState[] = [];
  const messages: RealtimeMessage[] = [];
  const logged: string[] = [];
  const stop = connect({
    url: 'ws://127.0.0.1/realtime?channel=c&token=t',
    onState: (s) => states.push(s),
    onMessage: (m) => messages.push(m),
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    log: (category) => logged.push(category),
  });
  return { sockets, states, messages, logged, stop };
}

describe('the push connection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes connecting, connected, and on a drop failed, then reconnects after 10 seconds', () => {
    const c = setup();
    expect(c.states).toEqual(['connecting']);
    nth(c.sockets, 0).open();
    expect(c.states.at(-1)).toBe('connected');

    nth(c.sockets, 0).drop();
    expect(c.states.at(-1)).toBe('failed');
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(c.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(c.sockets).toHaveLength(2);
    expect(c.states.at(-1)).toBe('connecting');
    nth(c.sockets, 1).open();
    expect(c.states).toEqual(['connecting', 'connected', 'failed', 'connecting', 'connected']);
    expect(c.logged).toEqual(['network up', 'connected', 'down', 'network up', 'reconnected']);
    c.stop();
  });

  it.each([
    { name: 'a connection that never opens', act: (s: FakeSocket) => s.drop(), category: 'down' },
    { name: 'a network error', act: (s: FakeSocket) => s.onerror?.(new Event('error')), category: 'issues' },
    { name: 'a refused token', act: (s: FakeSocket) => s.drop(1008), category: 'access denied' },
  ])('keeps trying after $name, every 10 seconds, one socket at a time', ({ act, category }) => {
    const c = setup();
    act(nth(c.sockets, 0));
    expect(c.states.at(-1)).toBe('failed');
    expect(c.logged).toContain(category);
    // The error's close event schedules no second reconnect.
    nth(c.sockets, 0).drop();
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(c.sockets).toHaveLength(2);
    act(nth(c.sockets, 1));
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(c.sockets).toHaveLength(3);
    c.stop();
  });

  it('passes each push on once and logs what it cannot read', () => {
    const c = setup();
    nth(c.sockets, 0).open();
    const push = { channel: 'c', type: 'activity', id: 'activity-7', contactId: 42, summary: 'Text received', at: '2026-03-02T09:00:00Z' };
    nth(c.sockets, 0).send(push);
    nth(c.sockets, 0).send(push);
    nth(c.sockets, 0).send('not json');
    nth(c.sockets, 0).send({ type: 'other', id: 'x' });
    expect(c.messages).toEqual([push]);
    expect(c.logged.filter((l) => l === 'malformed response')).toHaveLength(2);
    c.stop();
  });

  it('stops: closes the socket and cancels a scheduled reconnect', () => {
    const c = setup();
    nth(c.sockets, 0).drop();
    c.stop();
    vi.advanceTimersByTime(RECONNECT_MS * 3);
    expect(c.sockets).toHaveLength(1);

    const d = setup();
    nth(d.sockets, 0).open();
    d.stop();
    expect(nth(d.sockets, 0).closed).toBe(true);
    nth(d.sockets, 0).drop();
    expect(d.states.at(-1)).toBe('connected');
  });
});

describe('refetchFor', () => {
  it.each([
    { type: 'activity' as const, contactId: 42, stale: [['messages', 42, 'conversation'], ['activity', 42, 'counts'], ['email', 'history', 42]], fresh: [['messages', 43, 'conversation'], ['notifications', 'unread-count']] },
    { type: 'notification' as const, stale: [['notifications', 'unread-count'], ['notifications', 'list']], fresh: [['messages', 42, 'conversation']] },
    { type: 'chat' as const, stale: [['chat', 'history', 'g1']], fresh: [['notifications', 'list']] },
  ])('a $type push invalidates what it tells of, and nothing else', async ({ type, contactId, stale, fresh }) => {
    const qc = new QueryClient();
    for (const key of [...stale, ...fresh]) qc.setQueryData(key, 1);
    await refetchFor(qc, { channel: 'c', type, id: 'e', contactId, summary: '', at: '' });
    for (const key of stale) expect(qc.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    for (const key of fresh) expect(qc.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(false);
  });
});
