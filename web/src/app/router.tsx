import type { ReactElement } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';

import { SignInPage } from '../features/auth/components/sign-in-page';
import type { DashboardRole } from '../features/dashboards/dashboard-roles';
import { EmbeddedSession } from './embedded/embedded-session';
import { appPages, embeddedPages } from './pages';
import { RootLayout, type RouteHandle } from './root-layout';
import { CustomerProfilePage } from './routes/customer-profile-page';
import { CustomerSearchPage } from './routes/customer-search-page';
import { DashboardPage } from './routes/dashboard-page';
import { EmbeddedNotFound, EmbeddedPagePlaceholder } from './routes/embedded-page';
import { HomePage } from './routes/home-page';
import { LeadsLogPage } from './routes/leads-log-page';
import { PagePlaceholder } from './routes/page-placeholder';
import { ReassignCustomersPage } from './routes/reassign-customers-page';
import { VehicleHistoryAuthorization } from './routes/vehicle-history-authorization';
import { RequireSession, RequireSignIn } from './start-up';

const signInHandle: RouteHandle = { title: 'Sign in' };

/** The dashboard screen's routes and the role each asks for. */
const dashboardRoutes: Record<string, DashboardRole> = {
  managerdashboard: 'manager',
  bdcdashboard: 'bdcManager',
  salesdashboard: 'salesPerson',
};

/** The pages under /app that have their screen; the rest stand as placeholders. */
const appScreens: Record<string, () => ReactElement> = {
  contactsearch: () => <CustomerSearchPage />,
  'contact/:contactId': () => <CustomerProfilePage />,
  'contacts/reassign': () => <ReassignCustomersPage />,
  leadsdashboard: () => <LeadsLogPage />,
};

function appPageRoute(page: (typeof appPages)[number]): RouteObject {
  const role = dashboardRoutes[page.path];
  const screen = appScreens[page.path];
  return {
    path: page.path,
    element: role ? (
      <DashboardPage role={role} title={page.title} />
    ) : screen ? (
      screen()
    ) : (
      <PagePlaceholder page={page} />
    ),
    handle: { title: page.title } satisfies RouteHandle,
  };
}

/** Embedded (#/embedded) and mobile (#/mobile) pages: the same pages, without the shell. */
function embeddedRoutes(path: 'embedded' | 'mobile'): RouteObject {
  return {
    path,
    element: <EmbeddedSession />,
    children: [
      ...embeddedPages.map(
        (page): RouteObject => ({
          path: page.path,
          element: <EmbeddedPagePlaceholder page={page} />,
          handle: { title: page.title } satisfies RouteHandle,
        }),
      ),
      { path: '*', element: <EmbeddedNotFound /> },
    ],
  };
}

/** appRoutes is the route table; the hash router serves it in the browser. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: 'signin', element: <SignInPage />, handle: signInHandle },
      {
        path: 'carfax/:dealerId/:vin',
        element: (
          <RequireSignIn>
            <VehicleHistoryAuthorization />
          </RequireSignIn>
        ),
      },
      {
        path: 'carFaxCallback',
        element: (
          <RequireSignIn>
            <VehicleHistoryAuthorization />
          </RequireSignIn>
        ),
      },
      embeddedRoutes('embedded'),
      embeddedRoutes('mobile'),
      {
        path: 'app',
        element: <RequireSession />,
        children: [
          { index: true, element: <Navigate to="/app/default" replace /> },
          { path: 'default', element: <HomePage /> },
          ...appPages.map(appPageRoute),
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
