import type { ReactElement } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';

import type { DashboardRole } from '../features/dashboards/dashboard-roles';
import { lazyPage } from './lazy-page';
import { appPages, embeddedPages } from './pages';
import { RootLayout, type RouteHandle } from './root-layout';
import { ImpersonateUserDialog } from './shell/lazy-parts';
import { AppLayout, RequireSession, RequireSignIn } from './start-up';

// Every screen is its own chunk, loaded when it is first shown: the first page load carries only
// the router, the providers and the session check.
const SignInPage = lazyPage(() => import('../features/auth/components/sign-in-page').then((m) => m.SignInPage));
const EmbeddedSession = lazyPage(() => import('./embedded/embedded-session').then((m) => m.EmbeddedSession));
const CustomerProfilePage = lazyPage(() => import('./routes/customer-profile-page').then((m) => m.CustomerProfilePage));
const CustomerSearchPage = lazyPage(() => import('./routes/customer-search-page').then((m) => m.CustomerSearchPage));
const DashboardPage = lazyPage(() => import('./routes/dashboard-page').then((m) => m.DashboardPage));
const EmbeddedCustomerProfilePage = lazyPage(() => import('./routes/customer-profile-page').then((m) => m.EmbeddedCustomerProfilePage));
const EmbeddedCustomerMergePage = lazyPage(() => import('./routes/customer-search-page').then((m) => m.EmbeddedCustomerMergePage));
const EmbeddedAppointmentPage = lazyPage(() => import('./routes/embedded-appointment-page').then((m) => m.EmbeddedAppointmentPage));
const EmbeddedCustomerEmailPage = lazyPage(() => import('./routes/embedded-customer-email-page').then((m) => m.EmbeddedCustomerEmailPage));
const EmbeddedDealsheetPage = lazyPage(() => import('./routes/embedded-dealsheet-page').then((m) => m.EmbeddedDealsheetPage));
const EmbeddedCustomerSmsPage = lazyPage(() => import('./routes/embedded-customer-sms-page').then((m) => m.EmbeddedCustomerSmsPage));
const EmbeddedLogActivityPage = lazyPage(() => import('./routes/embedded-log-activity-page').then((m) => m.EmbeddedLogActivityPage));
const EmbeddedPrintFormsPage = lazyPage(() => import('./routes/embedded-print-forms-page').then((m) => m.EmbeddedPrintFormsPage));
const EmbeddedNotFound = lazyPage(() => import('./routes/embedded-page').then((m) => m.EmbeddedNotFound));
const EmbeddedPagePlaceholder = lazyPage(() => import('./routes/embedded-page').then((m) => m.EmbeddedPagePlaceholder));
const HomePage = lazyPage(() => import('./routes/home-page').then((m) => m.HomePage));
const CallLogPage = lazyPage(() => import('./routes/call-log-page').then((m) => m.CallLogPage));
const LeadsLogPage = lazyPage(() => import('./routes/leads-log-page').then((m) => m.LeadsLogPage));
const ShowroomLogPage = lazyPage(() => import('./routes/visit-log-page').then((m) => m.ShowroomLogPage));
const DeliveryLogPage = lazyPage(() => import('./routes/visit-log-page').then((m) => m.DeliveryLogPage));
const PagePlaceholder = lazyPage(() => import('./routes/page-placeholder').then((m) => m.PagePlaceholder));
const WorkflowManagerPage = lazyPage(() => import('./routes/workflow-manager-page').then((m) => m.WorkflowManagerPage));
const RuleGroupsPage = lazyPage(() => import('./routes/workflow-manager-page').then((m) => m.RuleGroupsPage));
const ActivityManagementPage = lazyPage(() => import('./routes/workflow-manager-page').then((m) => m.ActivityManagementPage));
const ReassignCustomersPage = lazyPage(() => import('./routes/reassign-customers-page').then((m) => m.ReassignCustomersPage));
const VehicleHistoryAuthorization = lazyPage(() =>
  import('./routes/vehicle-history-authorization').then((m) => m.VehicleHistoryAuthorization),
);

/** preloadScreens loads the code of every screen now, as tests do before they render the app. */
export function preloadScreens(): Promise<unknown> {
  return Promise.all(
    [
      SignInPage,
      EmbeddedSession,
      CustomerProfilePage,
      CustomerSearchPage,
      DashboardPage,
      EmbeddedCustomerProfilePage,
      EmbeddedCustomerMergePage,
      EmbeddedLogActivityPage,
      EmbeddedCustomerEmailPage,
      EmbeddedAppointmentPage,
      EmbeddedPrintFormsPage,
      EmbeddedNotFound,
      EmbeddedPagePlaceholder,
      HomePage,
      LeadsLogPage,
      CallLogPage,
      ShowroomLogPage,
      DeliveryLogPage,
      PagePlaceholder,
      ReassignCustomersPage,
      WorkflowManagerPage,
      RuleGroupsPage,
      ActivityManagementPage,
      VehicleHistoryAuthorization,
      AppLayout,
      ImpersonateUserDialog,
    ].map((page) => page.preload()),
  );
}

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
  calltrackingdashboard: () => <CallLogPage />,
  showroomdashboard: () => <ShowroomLogPage />,
  deliverydashboard: () => <DeliveryLogPage />,
  workflowmanager: () => <WorkflowManagerPage />,
  'productconfig/rulegroupsmanagement': () => <RuleGroupsPage />,
  'private/:pageId': () => <ActivityManagementPage />,
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

/** The embedded pages that have their screen; the rest stand as placeholders. */
const embeddedScreens: Record<string, () => ReactElement> = {
  'customerdashboard/*': () => <EmbeddedCustomerProfilePage />,
  customermerge: () => <EmbeddedCustomerMergePage />,
  customersms: () => <EmbeddedCustomerSmsPage />,
  customerlogcall: () => <EmbeddedLogActivityPage kind="call" />,
  customerlognote: () => <EmbeddedLogActivityPage kind="note" />,
  customerappointment: () => <EmbeddedAppointmentPage />,
  printforms: () => <EmbeddedPrintFormsPage />,
  customeremail: () => <EmbeddedCustomerEmailPage />,
  'dealsheet/*': () => <EmbeddedDealsheetPage />,
};

/** Embedded (#/embedded) and mobile (#/mobile) pages: the same pages, without the shell. */
function embeddedRoutes(path: 'embedded' | 'mobile'): RouteObject {
  return {
    path,
    element: <EmbeddedSession />,
    children: [
      ...embeddedPages.map(
        (page): RouteObject => ({
          path: page.path,
          element: embeddedScreens[page.path]?.() ?? <EmbeddedPagePlaceholder page={page} />,
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
