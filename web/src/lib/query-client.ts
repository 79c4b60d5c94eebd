import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

import { isApiError } from './api/api-error';
import { notifyError } from './notify';

/**
 * Query and mutation meta the app reads. `silent` marks a call whose failure the screen
 * presents itself, so no toast is raised for it.
 */
export type AppQueryMeta = { silent?: boolean };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A client error will not change on retry; a lost connection or a server error may.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** createQueryClient builds the client; every failed call's toast is raised here. */
export function createQueryClient(onError: (error: unknown) => void = notifyError): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) onError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) onError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
