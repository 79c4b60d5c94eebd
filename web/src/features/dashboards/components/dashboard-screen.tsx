import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';

import { dashboardWidgets, type DashboardRole, type DashboardWidget } from '../dashboard-roles';

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
};

/** DashboardScreen is the one dashboard screen, with the widgets of the role shown. */
export function DashboardScreen({ role, title }: DashboardScreenProps) {
  return (
    <Stack gap="md" py="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {dashboardWidgets(role).map((widget) => (
          <WidgetCard key={widget.key} widget={widget} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
