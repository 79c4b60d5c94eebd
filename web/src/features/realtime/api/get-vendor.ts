import { queryOptions } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';

/** Vendor are the user's real-time connection details (GET /message/vendor). */
export type Vendor = {
  provider: string;
  channel: string;
  userId: string;
  authToken: string;
};

/** getVendor reads the signed-in user's channel and token. */
export function getVendor(): Promise<Vendor> {
  return api.get<Vendor>('/message/vendor', { scope: null });
}

/**
 * vendorQueryOptions: read once per session; a failure raises no toast (the header shows the
 * connection failed) and is read again after retryMs.
 */
export const vendorQueryOptions = (retryMs: number) =>
  queryOptions({
    queryKey: ['realtime', 'vendor'],
    queryFn: getVendor,
    staleTime: Infinity,
    retry: false,
    refetchInterval: (q) => (q.state.status === 'error' ? retryMs : false),
    meta: { silent: true },
  });
