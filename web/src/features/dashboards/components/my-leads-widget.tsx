import { Alert, Anchor, Card, Group, Loader, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { errorMessage } from '../../../lib/notify';
import { LEAD_STATUSES } from '../../leads';
import { useLeadCounts } from '../api/lead-counts';

/** The statuses the widget counts: a lead someone holds is never unclaimed. */
const MY_STATUSES = LEAD_STATUSES.filter((s) => s.id !== -2);

/** leadsLogPath is the Leads Log filtered to the leads userId holds in status. */
export function leadsLogPath(status: number, userId: string): string {
  const params = new URLSearchParams({ status: String(status), assigned: userId });
  return `/app/leadsdashboard?${params.toString()}`;
}

/**
 * MyLeadsWidget counts the leads the user holds in the selected stores, per status, each count
 * opening the Leads Log filtered to those leads.
 */
export function MyLeadsWidget({ userId }: { userId: string }) {
  const counts = useLeadCounts(userId);
  const countOf = (id: number) => counts.data?.counts.find((c) => c.leadStatusId === id)?.count ?? 0;
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby="widget-myLeads" mih={180}>
      <Title order={2} size="h4" id="widget-myLeads">
        My Leads
      </Title>
      {counts.isPending && (
        <Group mt="md">
          <Loader size="sm" aria-label="Loading your lead counts" />
        </Group>
      )}
      {counts.isError && (
        <Alert color="red" role="alert" title="Your lead counts could not be loaded" mt="md">
          {errorMessage(counts.error)}
        </Alert>
      )}
      {counts.isSuccess && (
        <Table mt="sm" aria-label="My leads by status">
          <Table.Tbody>
            {MY_STATUSES.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Anchor component={Link} to={leadsLogPath(s.id, userId)} aria-label={`${s.label}: ${countOf(s.id)} leads`}>
                    {s.label}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">
                  <Text fw={600} span>
                    {countOf(s.id)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
