import { Alert, Badge, Button, Card, Center, Group, Loader, Menu, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

import { EmptyState } from '../../../components/ui/empty-state';
import { loadDealsheetScreen } from '../../dealsheets';
import type { GarageVehicle, InterestVehicle } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { useGarage } from '../api/get-garage';
import { useVehicleAction } from '../api/vehicle-actions';
import { AddVehicleModal } from './add-vehicle-modal';
import { BAND_COLORS, BAND_LABELS } from './integration-modals';
import { money, STATUS_LABELS, vehicleName } from './vehicle-display';
import { VehicleModal, type VehicleModalKind } from './vehicle-modals';

type GarageTabProps = {
  contactId: number;
  /** Whether the user may change the customer's garage. */
  canEdit: boolean;
};

/** DealsheetScreen, a garage vehicle's DealSheet, loads when one is first opened. */
const DealsheetScreen = lazy(() => loadDealsheetScreen().then((c) => ({ default: c })));

/**
 * GarageTab is the customer profile's Garage tab: the vehicles the customer owns now, those they
 * owned before (sold, bought by the dealer, not owned) and the vehicles of interest of their
 * leads, with the garage's actions.
 */
export function GarageTab({ contactId, canEdit }: GarageTabProps) {
  const garage = useGarage(contactId);
  const [adding, setAdding] = useState(false);
  const [modal, setModal] = useState<{ kind: VehicleModalKind; vehicle: GarageVehicle } | null>(null);
  const [dealsheet, setDealsheet] = useState<GarageVehicle | null>(null);

  if (garage.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading the garage">
        <Loader size="sm" />
      </Center>
    );
  }
  if (garage.isError) {
    return (
      <Alert color="red" title="The garage could not be loaded" role="alert">
        {errorMessage(garage.error)}
      </Alert>
    );
  }
  const { currentVehicles, previousVehicles, vehiclesOfInterest } = garage.data;
  const open = (kind: VehicleModalKind | 'dealsheet') => (vehicle: GarageVehicle) => (kind === 'dealsheet' ? setDealsheet(vehicle) : setModal({ kind, vehicle }));

  return (
    <Stack gap="lg">
      <Modal opened={dealsheet !== null} onClose={() => setDealsheet(null)} size="100%" title={dealsheet ? `DealSheet: ${vehicleName(dealsheet)}` : ''}>
        {dealsheet && (
          <Suspense
            fallback={
              <Center py="xl" role="status" aria-label="Loading the deal sheet">
                <Loader size="sm" />
              </Center>
            }
          >
            <DealsheetScreen entityId={dealsheet.entityId} />
          </Suspense>
        )}
      </Modal>
      <section aria-labelledby="garage-current">
        <Group justify="space-between" mb="sm">
          <Title order={3} id="garage-current" size="h4">
            Current vehicles
          </Title>
          {canEdit && <Button onClick={() => setAdding(true)}>Add vehicle</Button>}
        </Group>
        {currentVehicles.length === 0 ? (
          <EmptyState title="No current vehicles">Add the vehicles the customer owns, by VIN, to follow their equity and payments.</EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {currentVehicles.map((v) => (
              <CurrentVehicleCard key={v.entityId} vehicle={v} canEdit={canEdit} open={open} />
            ))}
          </SimpleGrid>
        )}
      </section>

      <section aria-labelledby="garage-previous">
        <Title order={3} id="garage-previous" size="h4" mb="sm">
          Previously owned
        </Title>
        {previousVehicles.length === 0 ? (
          <Text c="dimmed" size="sm">
            No previously owned vehicles.
          </Text>
        ) : (
          <PreviousVehicles vehicles={previousVehicles} canEdit={canEdit} />
        )}
      </section>

      <section aria-labelledby="garage-interest">
        <Title order={3} id="garage-interest" size="h4" mb="sm">
          Vehicles of interest
        </Title>
        {vehiclesOfInterest.length === 0 ? (
          <Text c="dimmed" size="sm">
            The customer's leads name no vehicles of interest.
          </Text>
        ) : (
          <InterestVehicles vehicles={vehiclesOfInterest} />
        )}
      </section>

      <AddVehicleModal opened={adding} onClose={() => setAdding(false)} contactId={contactId} />
      <VehicleModal kind={modal?.kind ?? null} vehicle={modal?.vehicle ?? null} onClose={() => setModal(null)} />
    </Stack>
  );
}

function CurrentVehicleCard({ vehicle: v, canEdit, open }: { vehicle: GarageVehicle; canEdit: boolean; open: (k: VehicleModalKind | 'dealsheet') => (v: GarageVehicle) => void }) {
  const contracts = v.paymentCalc.contracts ?? [];
  const c = contracts[v.paymentCalc.defaultContract ?? 0] ?? contracts[0];
  const name = vehicleName(v);
  return (
    <Card withBorder padding="md" aria-label={name} component="article">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {[v.currentVehicle.trim, v.currentVehicle.bodyClass, v.currentVehicle.color].filter(Boolean).join(' · ')}
          </Text>
          {v.currentVehicle.vin && (
            <Text size="xs" ff="monospace">
              VIN {v.currentVehicle.vin}
            </Text>
          )}
        </div>
        {canEdit && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="light" size="xs" aria-label={`Actions for ${name}`}>
                Actions
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => open('payoff')(v)}>Update payoff</Menu.Item>
              <Menu.Item onClick={() => open('mileage')(v)}>Update mileage</Menu.Item>
              <Menu.Item onClick={() => open('tradeIn')(v)}>Trade-in info</Menu.Item>
              {v.currentVehicle.vin && <Menu.Item onClick={() => open('appraisal')(v)}>Appraisal</Menu.Item>}
              <Menu.Item onClick={() => open('recalls')(v)}>Recall details</Menu.Item>
              <Menu.Divider />
              <Menu.Item onClick={() => open('sold')(v)}>Mark as sold</Menu.Item>
              <Menu.Item onClick={() => open('dealerPurchased')(v)}>Purchased by dealer</Menu.Item>
              <Menu.Item onClick={() => open('status')(v)}>Garage vehicle status</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Table mt="sm" withRowBorders={false} verticalSpacing={2} aria-label={`${name} details`}>
        <Table.Tbody>
          <Row label="Mileage" value={v.currentVehicle.mileage ? `${v.currentVehicle.mileage.toLocaleString('en-US')} mi` : '—'} />
          {c && <Row label="Contract" value={[CONTRACT_LABELS[c.contractType] ?? c.contractType, c.lender, c.termMonths ? `${c.termMonths} months` : ''].filter(Boolean).join(' · ')} />}
          {c && c.contractType !== 'cash' && <Row label="Payment" value={c.payment ? `${money(c.payment)} / month` : '—'} />}
          {c && c.contractType !== 'cash' && <Row label="Payoff" value={c.payoff ? money(c.payoff) : '—'} />}
          {c?.maturityDate && <Row label="Matures" value={`${c.maturityDate}${c.paymentsLeft ? ` (${c.paymentsLeft} payments left)` : ''}`} />}
          <Row label="Trade value" value={v.tradeValue ? money(v.tradeValue.value) : '—'} />
          {v.equity != null && <Row label="Equity" value={money(v.equity)} />}
        </Table.Tbody>
      </Table>
      {v.ownershipConfirmed && (
        <Badge mt="xs" variant="light" color="teal">
          Ownership confirmed
        </Badge>
      )}
      <Group mt="sm" gap="xs">
        <Button size="xs" onClick={() => open('dealsheet')(v)} aria-label={`Deal sheet of ${vehicleName(v)}`}>
          Deal sheet
        </Button>
        {v.score && (
          <Button
            size="xs"
            variant="light"
            color={BAND_COLORS[v.score.band]}
            aria-label={`Opportunity score ${v.score.value}, ${BAND_LABELS[v.score.band]}: behind the score`}
            onClick={() => open('score')(v)}
          >
            Score {v.score.value} · {BAND_LABELS[v.score.band]}
          </Button>
        )}
        {v.currentVehicle.vin && (
          <Button size="xs" variant="subtle" onClick={() => open('history')(v)}>
            Vehicle history
          </Button>
        )}
        {v.currentVehicle.vin && FORD_MAKES.includes((v.currentVehicle.make ?? '').toLowerCase()) && (
          <Button size="xs" variant="subtle" onClick={() => open('manufacturerTag')(v)}>
            Ford tag details
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** FORD_MAKES are the makes the manufacturer tag service (Ford OASIS) answers. */
const FORD_MAKES = ['ford', 'lincoln'];

const CONTRACT_LABELS: Record<string, string> = { cash: 'Cash', finance: 'Finance', lease: 'Lease' };

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="40%" fw={400} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
}

function PreviousVehicles({ vehicles, canEdit }: { vehicles: GarageVehicle[]; canEdit: boolean }) {
  const action = useVehicleAction();
  return (
    <Table striped aria-label="Previously owned vehicles">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Vehicle</Table.Th>
          <Table.Th>VIN</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Date</Table.Th>
          {canEdit && <Table.Th aria-label="Actions" />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {vehicles.map((v) => (
          <Table.Tr key={v.entityId}>
            <Table.Td>{vehicleName(v)}</Table.Td>
            <Table.Td ff="monospace">{v.currentVehicle.vin || '—'}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={v.status === 'notOwned' ? 'gray' : 'blue'}>
                {STATUS_LABELS[v.status]}
              </Badge>
            </Table.Td>
            <Table.Td>{v.soldDate || '—'}</Table.Td>
            {canEdit && (
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  aria-label={`Reopen ${vehicleName(v)}`}
                  loading={action.isPending && action.variables?.ref.entityId === v.entityId}
                  onClick={() =>
                    action.mutate(
                      { ref: { entityId: v.entityId, version: v.version, contactId: v.contactId }, action: { kind: 'reopen' } },
                      { onSuccess: () => notify('success', `${vehicleName(v)} is currently owned again.`), onError: (e) => notify('error', errorMessage(e)) },
                    )
                  }
                >
                  Reopen
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function InterestVehicles({ vehicles }: { vehicles: InterestVehicle[] }) {
  return (
    <Table striped aria-label="Vehicles of interest">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Vehicle</Table.Th>
          <Table.Th>Condition</Table.Th>
          <Table.Th>Stock / VIN</Table.Th>
          <Table.Th>Price</Table.Th>
          <Table.Th>Lead</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {vehicles.map((v) => (
          <Table.Tr key={`${v.crmLeadId}-${v.crmLeadVoiId}`}>
            <Table.Td>
              {[v.year || '', v.make, v.model, v.trim].filter(Boolean).join(' ')}
              {v.isPrimary && (
                <Badge ml="xs" size="xs" variant="light">
                  Chosen
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{v.isNew ? 'New' : 'Used'}</Table.Td>
            <Table.Td>{v.stockNumber || v.vin || '—'}</Table.Td>
            <Table.Td>{v.price ? money(v.price) : '—'}</Table.Td>
            <Table.Td>{v.leadStatus}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
