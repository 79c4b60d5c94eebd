import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, vi } from 'vitest';

import { AppProviders, preloadNotifications } from '../app/providers';
import { appRoutes, preloadScreens } from '../app/router';
import { preloadProfileTabs } from '../features/contacts/components/customer-profile';
import type { AuthService } from '../features/auth/auth-service';
import { createQueryClient } from '../lib/query-client';

// The app loads each screen's code on first render; a test loads them all first, so a query's
// wait is spent on the screen's behaviour, not on compiling its code.
beforeAll(() => Promise.all([preloadScreens(), preloadProfileTabs(), preloadNotifications()]), 120_000);

/** fakeAuthService is an identity provider that is signed in unless told otherwise. */
export function fakeAuthService(overrides: Partial<AuthService> = {}): AuthService {
  return {
    hasSession: vi.fn(async () => true),
    signIn: vi.fn(async () => ({ kind: 'signedIn' as const })),
    signOut: vi.fn(async () => {}),
    onSessionEnded: () => () => {},
    sessionExpiresAt: async () => undefined,
    renew: vi.fn(async () => {}),
    ...overrides,
  };
}

type Options = { authService?: AuthService; onError?: (error: unknown) => void };

function testQueryClient(onError: (error: unknown) => void) {
  const client = createQueryClient(onError);
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });
  return client;
}

/** renderWithProviders renders ui inside the app's providers, without a router. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const queryClient = testQueryClient(options.onError ?? (() => {}));
  return {
    queryClient,
    ...render(
      <AppProviders queryClient={queryClient} authService={options.authService ?? fakeAuthService()} env="test">
        {ui}
      </AppProviders>,
    ),
  };
}

/** renderApp renders the whole route table at path, as the browser would after the hash. */
export function renderApp(path: string, options: Options = {}) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = testQueryClient(options.onError ?? (() => {}));
  const authService = options.authService ?? fakeAuthService();
  const result = render(
    <AppProviders queryClient={queryClient} authService={authService} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, authService };
}
