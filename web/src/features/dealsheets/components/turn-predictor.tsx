import { Alert, Badge, Center, Group, Loader, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';

import { errorMessage } from '../../../lib/notify';
import { useTurnPrediction, type TurnVehicle } from '../api/settings';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function days(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

type TurnPredictorModalProps = {
  opened: boolean;
  onClose: () => void;
  entityId: number;
  /** The deal sheet's replacement vehicle. */
  vehicle: TurnVehicle | null;
};

/**
 * TurnPredictorModal is the vehicle turn predictor of a deal sheet's replacement vehicle: the
 * days it is estimated to take to turn at the store, from the store's own sales, with the range,
 * the pace, the sales it is based on and how it is computed.
 */
export function TurnPredictorModal({ opened, onClose, entityId, vehicle }: TurnPredictorModalProps) {
  const name = vehicle ? [vehicle.year || '', vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' ') : '';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Vehicle turn predictor${name ? `: ${name}` : ''}`}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close the turn predictor' }}
    >
      {opened && <TurnPredictorBody entityId={entityId} vehicle={vehicle} />}
    </Modal>
  );
}

function TurnPredictorBody({ entityId, vehicle }: { entityId: number; vehicle: TurnVehicle | null }) {
  const turn = useTurnPrediction(entityId, vehicle);
  if (!vehicle || !vehicle.make) return <Text>Choose a replacement vehicle first.</Text>;
  if (turn.isPending) {
    return (
      <Center py="md" role="status" aria-label="Estimating the days to turn">
        <Loader size="sm" />
      </Center>
    );
  }
  if (turn.isError) {
    return (
      <Alert color="red" role="alert" title="The turn predictor could not be loaded">
        {errorMessage(turn.error)}
      </Alert>
    );
  }
  const p = turn.data;
  return (
    <Stack gap="sm" aria-label="Turn prediction">
      {p.estimate === null ? (
        <Alert color="yellow" title="No estimate yet">
          {p.basisLabel}
        </Alert>
      ) : (
        <>
          <Group align="baseline" gap="xs">
            <Text size="sm">Estimated days to turn</Text>
            <Text fw={700} size="xl" aria-label="Estimated days to turn">
              {days(p.estimate)}
            </Text>
            <Badge variant="light">{p.sales} sales</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Based on: {p.basisLabel}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Stat label="Typical range" value={`${days(p.low)} to ${days(p.high)}`} />
            <Stat label="Fastest" value={days(p.fastest)} />
            <Stat label="Slowest" value={days(p.slowest)} />
            <Stat label="Sold per 30 days" value={String(p.perMonth)} />
          </SimpleGrid>
        </>
      )}
      <Text size="xs" c="dimmed">
        {p.method}
        {p.estimate !== null && ` The store sold ${p.storeSales} vehicles in the last ${p.windowDays} days.`}
      </Text>
      {(p.recentSales ?? []).length > 0 && (
        <Table aria-label="Sales the estimate is based on" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vehicle</Table.Th>
              <Table.Th>Deal</Table.Th>
              <Table.Th>Sold</Table.Th>
              <Table.Th>Days to turn</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(p.recentSales ?? []).map((s) => (
              <Table.Tr key={`${s.entityId}-${s.soldAt}`}>
                <Table.Td>{[s.year || '', s.make, s.model, s.trim].filter(Boolean).join(' ')}</Table.Td>
                <Table.Td>{s.dealType}</Table.Td>
                <Table.Td>{day.format(new Date(s.soldAt))}</Table.Td>
                <Table.Td>{days(s.days)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}
