import { Alert, Badge, Group, Loader, Pagination, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { useProcessCounts, useProcessPage } from '../api/processes';
import { formatWhen, PROCESS_STATUS, processStatusColor } from '../process-display';

type ProcessDashboardProps = {
  /** The stores whose processes are counted and listed. */
  stores: readonly number[];
  /** The address of a customer's profile. */
  profilePath: (contactId: number) => string;
};

const FILTERS = [
  { value: '0', label: 'All' },
  { value: '100', label: 'In progress' },
  { value: '150', label: 'Overdue' },
  { value: '1000', label: 'Completed' },
];

/**
 * ProcessDashboard is the process dashboard: how many processes of the stores are in progress,
 * overdue and completed, and the processes themselves, the latest started first, a page at a
 * time, with their customer and the step they are at.
 */
export function ProcessDashboard({ stores, profilePath }: ProcessDashboardProps) {
  const [status, setStatus] = useState('0');
  const [page, setPage] = useState(1);
  const counts = useProcessCounts(stores);
  const list = useProcessPage(stores, Number(status), page);
  const titleId = useId();
  const c = counts.data;
  const tiles = [
    { label: 'In progress', value: c?.InProgress },
    { label: 'Overdue', value: c?.Overdue },
    { label: 'Completed', value: c?.Completed },
    { label: 'All', value: c?.Total },
  ];
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md" mt="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Processes
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} aria-label="Process counts">
          {tiles.map((t) => (
            <Paper key={t.label} withBorder p="sm" radius="sm">
              <Text size="xs" c="dimmed">
                {t.label}
              </Text>
              <Text fw={700} size="xl" aria-label={`${t.label} processes`}>
                {counts.isPending ? '…' : (t.value ?? 0)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <SegmentedControl
          data={FILTERS}
          value={status}
          aria-label="Show processes"
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
        {list.isPending ? (
          <Loader size="sm" aria-label="Loading the processes" />
        ) : list.isError ? (
          <Alert color="red" role="alert">
            {list.error.message}
          </Alert>
        ) : list.data.rows.length === 0 ? (
          <Text c="dimmed">No processes.</Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table striped aria-label="Processes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Process</Table.Th>
                  <Table.Th>Step</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Started</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.rows.map((p) => (
                  <Table.Tr key={p.ProcessId}>
                    <Table.Td>
                      <Link to={profilePath(p.ContactId)}>{p.ContactName || `Customer ${p.ContactId}`}</Link>
                    </Table.Td>
                    <Table.Td>
                      {p.Title}
                      <Text size="xs" c="dimmed">
                        {p.StoreName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {p.CurrentStepName || '—'} ({p.StepsDone}/{p.Steps?.length ?? 0})
                    </Table.Td>
                    <Table.Td>
                      <Badge color={processStatusColor(p.Status)} variant="light">
                        {PROCESS_STATUS[p.Status] ?? p.StatusText}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatWhen(p.StartedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {(list.data?.pageData?.pageTotal ?? 0) > 1 && (
          <Group justify="flex-end">
            <Pagination total={list.data?.pageData?.pageTotal ?? 1} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
