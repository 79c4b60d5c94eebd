import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate } from 'react-router';

import { DashboardScreen } from '../../features/dashboards/components/dashboard-screen';
import {
  DASHBOARD_NAMES,
  DASHBOARD_PATHS,
  dashboardRoleFor,
  type DashboardRole,
} from '../../features/dashboards/dashboard-roles';
import { loadProcessDashboard } from '../../features/processes';
import { notify } from '../../lib/notify';
import { lazyPage } from '../lazy-page';
import { customerProfilePath } from '../pages';
import { useSession } from '../session-context';

/** ProcessDashboard, the processes' counts and list under the dashboard, loads with it. */
const ProcessDashboard = lazyPage(loadProcessDashboard);

/**
 * DashboardPage is the dashboard screen for the role its route names. A dashboard applies only
 * when the user holds its role: otherwise the user is told so and sent to their default one.
 */
export function DashboardPage({ role, title }: { role: DashboardRole; title: string }) {
  const { user, access, accessPending } = useSession();
  if (accessPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading dashboard">
        <Loader size="sm" />
      </Center>
    );
  }
  const shown = dashboardRoleFor(role, access);
  if (shown !== role) return <RefuseDashboard requested={role} instead={shown} />;
  return (
    <>
      <DashboardScreen role={role} title={title} userId={user.UserId} />
      <ProcessDashboard stores={(user.ViewSelectedStores ?? []).map((s) => s.AccountPlatformID)} profilePath={customerProfilePath} />
    </>
  );
}

function RefuseDashboard({ requested, instead }: { requested: DashboardRole; instead: DashboardRole }) {
  useEffect(() => {
    notify('warning', `You do not have access to the ${DASHBOARD_NAMES[requested]} dashboard.`, undefined, {
      id: `dashboard-refused-${requested}`,
    });
  }, [requested]);
  return <Navigate to={`/app/${DASHBOARD_PATHS[instead]}`} replace />;
}
