import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import type { RealtimeState } from '../api/connection';
import { getRealtimeUrl } from '../../../lib/config';
import { vendorQueryOptions } from '../api/get-vendor';

/** RECONNECT_MS mirrors the connection's reconnect delay (the connection's code loads lazily). */
const RECONNECT_MS = 10_000;

/**
 * useRealtime keeps the signed-in user's push connection open while the shell is shown and
 * returns its status, or null where the deployment has no real-time endpoint.
 */
export function useRealtime(): RealtimeState | null {
  const queryClient = useQueryClient();
  const endpoint = getRealtimeUrl();
  const vendor = useQuery({ ...vendorQueryOptions(RECONNECT_MS), enabled: Boolean(endpoint) });
  const [state, setState] = useState<RealtimeState>('connecting');
  const channel = vendor.data?.channel;
  const token = vendor.data?.authToken;
  useEffect(() => {
    if (!endpoint || !channel || !token) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../api/live')
      .then(({ startLive }) => {
        if (!cancelled) stop = startLive(queryClient, endpoint, channel, token, setState);
      })
      .catch(() => setState('failed'));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, endpoint, channel, token]);
  if (!endpoint) return null;
  if (vendor.isError) return 'failed';
  return state;
}
