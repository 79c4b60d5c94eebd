import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { DASHBOARD_NAMES, DASHBOARD_PATHS, defaultDashboardRole } from '../../features/dashboards/dashboard-roles';
import { useSession } from '../session-context';

/** HomePage is the default page under /app. */
export function HomePage() {
  const { user, access, accessPending } = useSession();
  const dashboard = accessPending ? null : defaultDashboardRole(access);
  return (
    <Stack gap="xs" py="md">
      <Title order={1} size="h2">
        {user.FirstName ? `Welcome, ${user.FirstName}` : 'Welcome'}
      </Title>
      <Text c="dimmed">
        Choose a page from the menu to start
        {dashboard ? (
          <>
            , or open your{' '}
            <Anchor component={Link} to={`/app/${DASHBOARD_PATHS[dashboard]}`}>
              {DASHBOARD_NAMES[dashboard]} dashboard
            </Anchor>
          </>
        ) : null}
        .
      </Text>
    </Stack>
  );
}
