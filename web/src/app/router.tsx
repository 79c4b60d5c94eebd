import { createHashRouter, Navigate, type RouteObject } from 'react-router';

import { SignInPage } from '../features/auth/components/sign-in-page';
import { appPages } from './pages';
import { RootLayout, type RouteHandle } from './root-layout';
import { HomePage } from './routes/home-page';
import { PagePlaceholder } from './routes/page-placeholder';
import { RequireSession } from './start-up';

const signInHandle: RouteHandle = { title: 'Sign in' };

/** appRoutes is the route table; the hash router serves it in the browser. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: 'signin', element: <SignInPage />, handle: signInHandle },
      {
        path: 'app',
        element: <RequireSession />,
        children: [
          { index: true, element: <Navigate to="/app/default" replace /> },
          { path: 'default', element: <HomePage /> },
          ...appPages.map(
            (page): RouteObject => ({
              path: page.path,
              element: <PagePlaceholder page={page} />,
              handle: { title: page.title } satisfies RouteHandle,
            }),
          ),
          { path: '*', element: <Navigate to="/app/default" replace /> },
        ],
      },
      { index: true, element: <Navigate to="/app/default" replace /> },
      { path: '*', element: <Navigate to="/app" replace /> },
    ],
  },
];

/** createAppRouter builds the browser's hash router. */
export function createAppRouter() {
  return createHashRouter(appRoutes);
}
