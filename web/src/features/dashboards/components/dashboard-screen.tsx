import { Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';

import type { DashboardRangeBody } from '../api/keys';
import { dashboardWidgets, type DashboardRole } from '../dashboard-roles';
import { DateRangePicker, useDateRange } from './date-range-picker';
import { MyLeadsWidget } from './my-leads-widget';
import { ServiceLeadWidget } from './service-lead-widget';
import { ActivityWidget, EngagementWidget, FunnelWidget, TeamWidget } from './widgets';

type DashboardScreenProps = {
  role: DashboardRole;
  title: string;
  /** The signed-in user, whose leads My Leads counts. */
  userId: string;
};

/**
 * DashboardScreen is the one dashboard screen, with the widgets of the role shown over the
 * chosen date range (kept in the URL), which the server reads on each store's calendar. The server keeps a sales person's counts to their own.
 */
export function DashboardScreen({ role, title, userId }: DashboardScreenProps) {
  const [range, setRange] = useDateRange();
  const body: DashboardRangeBody = useMemo(() => ({ range }), [range]);
  return (
    <Stack gap="md" py="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {title}
        </Title>
        <DateRangePicker value={range} onChange={setRange} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {dashboardWidgets(role).map((widget) => {
          switch (widget.key) {
            case 'dashboard':
              return <ActivityWidget key={widget.key} body={body} />;
            case 'teamManagement':
              return <TeamWidget key={widget.key} body={body} />;
            case 'customerEngagement':
              return <EngagementWidget key={widget.key} body={body} title={widget.title} />;
            case 'myLeads':
              return <MyLeadsWidget key={widget.key} userId={userId} />;
            case 'serviceLeadManagement':
              return <ServiceLeadWidget key={widget.key} body={body} />;
          }
        })}
        {role !== 'salesPerson' && <FunnelWidget body={body} />}
      </SimpleGrid>
    </Stack>
  );
}
