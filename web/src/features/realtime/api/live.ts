// The connection's code and what a push invalidates load after the shell's first paint.
import type { QueryClient } from '@tanstack/react-query';

import { connect, socketUrl, type RealtimeState } from './connection';
import { refetchFor } from './live-updates';

/** startLive connects the user's channel and refetches what each push tells of; it returns stop. */
export function startLive(
  queryClient: QueryClient,
  endpoint: string,
  channel: string,
  token: string,
  onState: (state: RealtimeState) => void,
): () => void {
  return connect({
    url: socketUrl(endpoint, channel, token),
    onState,
    onMessage: (m) => void refetchFor(queryClient, m),
  });
}
