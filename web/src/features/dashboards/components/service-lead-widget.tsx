import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';

import type { ServiceLead } from '../../../lib/api/types';
import { errorMessage } from '../../../lib/notify';
import { SERVICE_LEAD_KINDS, useServiceLeadCounts, useServiceLeadDetails, type ServiceLeadKind } from '../api/get-service-leads';
import type { DashboardRangeBody } from '../api/keys';
import { WidgetCard } from './widgets';

function money(n: number): string {
  return n.toLocaleString(undefined, { style: 'currency', currency: 'USD' });
}

/** ServiceLeadRows lists the service leads of one kind. */
function ServiceLeadRows({ kind, leads }: { kind: ServiceLeadKind; leads: ServiceLead[] }) {
  const label = SERVICE_LEAD_KINDS.find((k) => k.kind === kind)?.label ?? kind;
  const appointments = kind === 'Appointments';
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped fz="sm" aria-label={`Service leads: ${label}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Store</Table.Th>
            <Table.Th>{appointments ? 'Appointment' : 'Opened'}</Table.Th>
            <Table.Th>{appointments ? 'Status' : 'Repair order'}</Table.Th>
            <Table.Th>{appointments ? 'With' : 'Advisor'}</Table.Th>
            {!appointments && <Table.Th ta="right">Total</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={appointments ? 5 : 6}>No service leads of this kind in the range.</Table.Td>
            </Table.Tr>
          )}
          {leads.map((l) => (
            <Table.Tr key={`${l.AppointmentId ?? ''}${l.RONumber ?? ''}${l.AccountPlatformId}`}>
              <Table.Td>
                <Anchor component={Link} to={`/app/contact/${l.ContactId}`}>
                  {l.ContactName || `Customer ${l.ContactId}`}
                </Anchor>
              </Table.Td>
              <Table.Td>{l.StoreName}</Table.Td>
              <Table.Td>{new Date(l.At).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })}</Table.Td>
              <Table.Td>{appointments ? l.AppointmentStatus : `${l.RONumber} · ${l.Vehicle}`}</Table.Td>
              <Table.Td>{l.Advisor}</Table.Td>
              {!appointments && <Table.Td ta="right">{money(l.Total)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * ServiceLeadWidget is the managers' Service Lead Management widget: the service lane's
 * appointments and repair orders (working and completed) over the range, each count a button
 * that lists its leads.
 */
export function ServiceLeadWidget({ body }: { body: DashboardRangeBody }) {
  const counts = useServiceLeadCounts(body);
  const [kind, setKind] = useState<ServiceLeadKind | null>(null);
  const details = useServiceLeadDetails(body, kind);
  return (
    <WidgetCard id="serviceLeadManagement" title="Service Lead Management">
      {counts.isPending && (
        <Group>
          <Loader size="sm" aria-label="Loading the service lead counts" />
        </Group>
      )}
      {counts.isError && (
        <Alert color="red" role="alert" title="The service lead counts could not be loaded">
          {errorMessage(counts.error)}
        </Alert>
      )}
      {counts.data && (
        <>
          <SimpleGrid cols={3} spacing="xs">
            {SERVICE_LEAD_KINDS.map((k) => {
              const value = counts.data[k.kind];
              return (
                <Button
                  key={k.kind}
                  variant={kind === k.kind ? 'filled' : 'light'}
                  h="auto"
                  py="xs"
                  aria-pressed={kind === k.kind}
                  aria-label={`${k.label}: ${value}`}
                  title={k.what}
                  data-testid={`service-leads-${k.kind}`}
                  onClick={() => setKind(kind === k.kind ? null : k.kind)}
                >
                  <div aria-hidden="true">
                    <Text size="xs">{k.short}</Text>
                    <Text fw={700} size="xl">
                      {value}
                    </Text>
                  </div>
                </Button>
              );
            })}
          </SimpleGrid>
          {kind === null && (
            <Text size="sm" c="dimmed">
              From the service lane: service appointments, and repair orders opened in the range. Choose a count to see its customers.
            </Text>
          )}
          {kind !== null && details.isPending && <Loader size="sm" aria-label="Loading the service leads" />}
          {kind !== null && details.isError && (
            <Alert color="red" role="alert" title="The service leads could not be loaded">
              {errorMessage(details.error)}
            </Alert>
          )}
          {kind !== null && details.data && <ServiceLeadRows kind={kind} leads={details.data[kind] ?? []} />}
        </>
      )}
    </WidgetCard>
  );
}
