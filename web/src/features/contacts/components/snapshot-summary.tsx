import { Alert, Center, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { errorMessage } from '../../../lib/notify';
import { useContactSnapshot } from '../api/get-contact-snapshot';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
}

/** SnapshotSummary shows the top of a customer's Snapshot tab: what is open and what happened last. */
export function SnapshotSummary({ contactId }: { contactId: number }) {
  const snapshot = useContactSnapshot(contactId);
  if (snapshot.isPending) {
    return (
      <Center py="md" role="status" aria-label="Loading the snapshot">
        <Loader size="sm" />
      </Center>
    );
  }
  if (snapshot.isError) {
    return (
      <Alert color="red" title="The snapshot could not be loaded" role="alert">
        {errorMessage(snapshot.error)}
      </Alert>
    );
  }
  const s = snapshot.data;
  const next = s.nextScheduledActivity;
  const visit = s.lastServiceVisit;
  return (
    <SimpleGrid component="section" aria-label="Snapshot" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <Fact label="Active lead tasks">
        <Text size="xl" fw={700}>
          {s.activeLeadTasks}
        </Text>
      </Fact>
      <Fact label="Active processes">
        <Text size="xl" fw={700}>
          {s.activeProcesses}
        </Text>
      </Fact>
      <Fact label="Last contact">
        {s.lastContact ? (
          <Text>
            {s.lastContact.type} · {formatDate(s.lastContact.date)}
          </Text>
        ) : (
          <None>No contact logged</None>
        )}
      </Fact>
      <Fact label="Next scheduled activity">
        {next ? (
          <Stack gap={0}>
            <Text>{next.taskName || next.taskType}</Text>
            <Text size="sm" c="dimmed">
              {next.taskType} · due {formatDate(next.taskDueDt)}
            </Text>
          </Stack>
        ) : (
          <None>Nothing scheduled</None>
        )}
      </Fact>
      <Fact label="Last service visit">
        {visit ? (
          <Stack gap={0}>
            <Text>
              {formatDate(visit.date)} · {visit.vehicle}
            </Text>
            <Text size="sm" c="dimmed">
              RO {visit.roNumber} · {money.format(visit.total)}
            </Text>
          </Stack>
        ) : (
          <None>No service visits</None>
        )}
      </Fact>
      <Fact label="Last customer engagement">
        {s.lastCustomerEngagement ? (
          <Text>
            {s.lastCustomerEngagement.type} · {formatDate(s.lastCustomerEngagement.date)}
          </Text>
        ) : (
          <None>No engagement recorded</None>
        )}
      </Fact>
    </SimpleGrid>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed" mb={4}>
        {label}
      </Text>
      {children}
    </Paper>
  );
}

function None({ children }: { children: ReactNode }) {
  return <Text c="dimmed">{children}</Text>;
}
