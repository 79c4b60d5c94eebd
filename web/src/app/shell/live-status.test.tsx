import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRealtimeUrl } from '../../lib/config';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { LiveStatus } from './live-status';

/** FakeWebSocket stands in for the browser's WebSocket; the test opens, drops and talks through it. */
class FakeWebSocket {
  static made: FakeWebSocket[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  constructor(public url: string) {
    FakeWebSocket.made.push(this);
  }
  close() {}
}

describe('LiveStatus', () => {
  beforeEach(() => {
    FakeWebSocket.made = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    setRealtimeUrl('ws://127.0.0.1:8080/realtime');
    server.use(
      http.get('*/message/vendor', () =>
        HttpResponse.json({
          Success: true,
          Data: { provider: 'local', subscribeKey: 'sub-local-1001', channelPrefix: 'cxm.1001.', channel: 'cxm.1001.user.100001', userId: '100001', authToken: 'tok-en' },
        }),
      ),
    );
  });
  afterEach(() => {
    setRealtimeUrl(undefined);
    vi.unstubAllGlobals();
  });

  it("connects the user's channel, shows the status and refreshes the bell on a push", async () => {
    const { queryClient } = renderWithProviders(<LiveStatus />);
    await screen.findByRole('status', { name: 'Live updates: connecting' });
    await waitFor(() => expect(FakeWebSocket.made).toHaveLength(1));
    const socket = FakeWebSocket.made[0] as FakeWebSocket;
    const url = new URL(socket.url);
    expect(url.pathname).toBe('/realtime');
    expect(url.searchParams.get('channel')).toBe('cxm.1001.user.100001');
    expect(url.searchParams.get('token')).toBe('tok-en');

    act(() => socket.onopen?.(new Event('open')));
    await screen.findByRole('status', { name: 'Live updates: connected' });

    queryClient.setQueryData(['notifications', 'unread-count'], { count: 0 });
    act(() => socket.onmessage?.({ data: JSON.stringify({ channel: 'cxm.1001.user.100001', type: 'notification', id: 'n-1', summary: 'Lead assigned', at: '2026-03-02T09:00:00Z' }) } as MessageEvent));
    await waitFor(() => expect(queryClient.getQueryState(['notifications', 'unread-count'])?.isInvalidated).toBe(true));

    act(() => socket.onclose?.({ code: 1006, reason: '' } as CloseEvent));
    await screen.findByRole('status', { name: 'Live updates: failed, reconnecting every 10 seconds' });
  });

  it('shows nothing where the deployment has no live updates', () => {
    setRealtimeUrl(undefined);
    renderWithProviders(<LiveStatus />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
