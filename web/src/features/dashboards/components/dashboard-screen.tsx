import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';

import { dashboardWidgets, type DashboardRole, type DashboardWidget } from '../dashboard-roles';
import { MyLeadsWidget } from './my-leads-widget';

function WidgetCard({ widget }: { widget: DashboardWidget }) {
  const titleId = `widget-${widget.key}`;
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={titleId} mih={180}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          {widget.title}
        </Title>
        <Badge variant="light" color="gray">
          Not available yet
        </Badge>
      </Group>
      <Text c="dimmed" size="sm" mt="md">
        {widget.capability}
      </Text>
    </Card>
  );
}

type DashboardScreenProps = {
  role: DashboardRole;
  title: string;
  /** The signed-in user, whose leads My Leads counts. */
  userId: string;
};

/** DashboardScreen is the one dashboard screen, with the widgets of the role shown. */
export function DashboardScreen({ role, title, userId }: DashboardScreenProps) {
  return (
    <Stack gap="md" py="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {dashboardWidgets(role).map((widget) =>
          widget.key === 'myLeads' ? <MyLeadsWidget key={widget.key} userId={userId} /> : <WidgetCard key={widget.key} widget={widget} />,
        )}
      </SimpleGrid>
    </Stack>
  );
}
