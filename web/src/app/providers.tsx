import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';

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

const loadNotifications = () => import('./notifications-container').then((m) => ({ default: m.NotificationsContainer }));
const NotificationsContainer = lazy(loadNotifications);

/** preloadNotifications loads the notifications' code now, as tests do before they render. */
export function preloadNotifications(): Promise<unknown> {
  return loadNotifications();
}

/**
 * LazyNotifications shows the notifications from the first one raised on: their code loads then,
 * not with the page. Notifications raised meanwhile wait in the store and show once it is there.
 */
function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}

/** AppProviders wraps the app in its theme, notifications, server state and session. */
export function AppProviders({ children, queryClient, authService, env }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} env={env}>
      <LazyNotifications />
      <QueryClientProvider client={queryClient}>
        <AuthProvider service={authService}>{children}</AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
