import { Alert, Badge, Center, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';

import { EmptyState } from '../../../components/ui/empty-state';
import type { ServiceVehicle } from '../../../lib/api/types';
import { errorMessage } from '../../../lib/notify';
import { useServiceTotals, useServiceVehicles } from '../api/get-contact-service';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
}

/** ServiceTab shows a customer's service summary and each vehicle's service visits. */
export function ServiceTab({ contactId }: { contactId: number }) {
  const totals = useServiceTotals(contactId);
  const vehicles = useServiceVehicles(contactId);
  if (totals.isPending || vehicles.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading the service history">
        <Loader size="sm" />
      </Center>
    );
  }
  const error = totals.error ?? vehicles.error;
  if (error) {
    return (
      <Alert color="red" title="The service history could not be loaded" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  }
  const t = totals.data!;
  return (
    <Stack gap="lg">
      <SimpleGrid component="section" aria-label="Service summary" cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
        <Stat label="Repair orders" value={String(t.roCount)} />
        <Stat label="Customer pay" value={money.format(t.customerPayTotal)} />
        <Stat label="Warranty pay" value={money.format(t.warrantyPayTotal)} />
        <Stat label="Dealer paid" value={money.format(t.dealerPaidTotal)} />
        <Stat label="Total service value" value={money.format(t.totalServiceValue)} />
      </SimpleGrid>
      {vehicles.data!.length === 0 ? (
        <EmptyState title="No vehicles">The customer has no vehicles and no service visits.</EmptyState>
      ) : (
        vehicles.data!.map((v) => <VehicleVisits key={v.vin} vehicle={v} />)
      )}
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

function VehicleVisits({ vehicle: v }: { vehicle: ServiceVehicle }) {
  const name = [v.year || null, v.make, v.model].filter(Boolean).join(' ') || v.vin;
  return (
    <Paper component="section" aria-label={name} withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Stack gap={0}>
          <Title order={3} size="h4">
            {name}
          </Title>
          <Text size="sm" c="dimmed">
            VIN {v.vin}
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge variant="light">{v.visitCount === 1 ? '1 visit' : `${v.visitCount} visits`}</Badge>
          {v.visitCount > 0 ? <Badge variant="light" color="teal">{money.format(v.totalValue)}</Badge> : null}
        </Group>
      </Group>
      {(v.visits ?? []).length === 0 ? (
        <Text c="dimmed">No service visits for this vehicle.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={`Service visits of the ${name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>RO</Table.Th>
                <Table.Th>Mileage</Table.Th>
                <Table.Th>Work</Table.Th>
                <Table.Th>Advisor</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(v.visits ?? []).map((visit) => (
                <Table.Tr key={visit.roNumber}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(visit.openedAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{visit.roNumber}</Table.Td>
                  <Table.Td>{visit.mileage.toLocaleString('en-US')}</Table.Td>
                  <Table.Td>{visit.description}</Table.Td>
                  <Table.Td>{visit.advisor}</Table.Td>
                  <Table.Td ta="right">{money.format(visit.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
