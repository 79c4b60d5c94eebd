import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { AuthProvider } from '../features/auth/auth-provider';
import type { AuthService } from '../features/auth/auth-service';
import { theme } from './theme';

type AppProvidersProps = {
  children: ReactNode;
  queryClient: QueryClient;
  /** The identity provider; the configured user pool unless given. */
  authService?: AuthService;
  /** Mantine's test environment: no transitions and no portals, as jsdom has no layout. */
  env?: 'default' | 'test';
};

/** AppProviders wraps the app in its theme, notifications, server state and session. */
export function AppProviders({ children, queryClient, authService, env }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} env={env}>
      <Notifications position="bottom-left" />
      <QueryClientProvider client={queryClient}>
        <AuthProvider service={authService}>{children}</AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
