import { Alert, Button, Group, Loader, Modal, NumberInput, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';

import { ApiError } from '../../../lib/api/api-error';
import type { GarageVehicle } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { useRecalls, useTradeValue, useVehicleAction, type GarageAction } from '../api/vehicle-actions';
import { AppraisalForm, BehindTheScore, ManufacturerTag, VehicleHistory } from './integration-modals';
import { money, vehicleName } from './vehicle-display';

/** The garage's modals, by the action they take. */
export type VehicleModalKind =
  | 'sold'
  | 'dealerPurchased'
  | 'status'
  | 'payoff'
  | 'mileage'
  | 'tradeIn'
  | 'recalls'
  | 'score'
  | 'appraisal'
  | 'history'
  | 'manufacturerTag';

type VehicleModalProps = {
  kind: VehicleModalKind | null;
  vehicle: GarageVehicle | null;
  onClose: () => void;
};

const TITLES: Record<VehicleModalKind, string> = {
  sold: 'Mark as sold',
  dealerPurchased: 'Purchased by dealer',
  status: 'Garage vehicle status',
  payoff: 'Update payoff',
  mileage: 'Update mileage',
  tradeIn: 'Trade-in info',
  recalls: 'Recall details',
  score: 'Behind the score',
  appraisal: 'Appraisal',
  history: 'Vehicle history',
  manufacturerTag: 'Manufacturer tag details',
};

/** WIDE are the modals whose tables need room. */
const WIDE: VehicleModalKind[] = ['score', 'history', 'manufacturerTag'];

/** VehicleModal is the open garage modal for one vehicle, or nothing. */
export function VehicleModal({ kind, vehicle, onClose }: VehicleModalProps) {
  return (
    <Modal opened={kind !== null && vehicle !== null} onClose={onClose} title={kind ? TITLES[kind] : ''} size={kind && WIDE.includes(kind) ? 'xl' : 'md'}>
      {kind && vehicle && <ModalBody kind={kind} vehicle={vehicle} onClose={onClose} />}
    </Modal>
  );
}

function ModalBody({ kind, vehicle, onClose }: { kind: VehicleModalKind; vehicle: GarageVehicle; onClose: () => void }) {
  const action = useVehicleAction();
  const ref = { entityId: vehicle.entityId, version: vehicle.version, contactId: vehicle.contactId };
  const fieldErrors = action.error instanceof ApiError ? action.error.fieldErrors : {};
  const run = (a: GarageAction, done: string) =>
    action.mutate(
      { ref, action: a },
      {
        onSuccess: () => {
          notify('success', done);
          onClose();
        },
      },
    );
  const failure = action.isError && Object.keys(fieldErrors).length === 0 && (
    <Alert color="red" role="alert">
      {errorMessage(action.error)}
    </Alert>
  );
  const name = vehicleName(vehicle);

  switch (kind) {
    case 'sold':
    case 'dealerPurchased':
      return (
        <LeaveForm
          label={kind === 'sold' ? 'Sold on' : 'Purchased on'}
          intro={kind === 'sold' ? `The customer sold their ${name}. It moves to the previously owned vehicles.` : `The dealership bought the customer's ${name}. It moves to the previously owned vehicles.`}
          submitLabel={kind === 'sold' ? 'Mark as sold' : 'Purchased by dealer'}
          pending={action.isPending}
          failure={failure}
          onCancel={onClose}
          onSubmit={(date, note) =>
            run(
              kind === 'sold' ? { kind: 'sold', soldDate: date || undefined, note } : { kind: 'dealerPurchased', soldDate: date || undefined, note },
              kind === 'sold' ? `${name} marked as sold.` : `${name} marked as purchased by dealer.`,
            )
          }
        />
      );
    case 'status':
      return (
        <Stack gap="sm">
          <Text size="sm">Does the customer still own the {name}? Marking it not owned stops the vehicle's processes and tasks.</Text>
          {failure}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="orange" loading={action.isPending} onClick={() => run({ kind: 'notOwned' }, `${name}: the customer does not own it.`)}>
              Customer does not own
            </Button>
            <Button loading={action.isPending} onClick={() => run({ kind: 'contactOwns' }, `${name}: ownership confirmed.`)}>
              Customer owns it
            </Button>
          </Group>
        </Stack>
      );
    case 'payoff':
      return (
        <NumberForm
          label="Payoff"
          money
          initial={vehicle.paymentCalc.contracts?.[vehicle.paymentCalc.defaultContract ?? 0]?.payoff}
          error={fieldErrors.payoff?.[0]}
          pending={action.isPending}
          failure={failure}
          onCancel={onClose}
          submitLabel="Update payoff"
          onSubmit={(n) => run({ kind: 'payoff', payoff: n }, `Payoff of the ${name} updated.`)}
        />
      );
    case 'mileage':
      return (
        <NumberForm
          label="Mileage"
          initial={vehicle.currentVehicle.mileage}
          error={fieldErrors.mileage?.[0]}
          pending={action.isPending}
          failure={failure}
          onCancel={onClose}
          submitLabel="Update mileage"
          onSubmit={(n) => run({ kind: 'mileage', mileage: n }, `Mileage of the ${name} updated.`)}
        />
      );
    case 'tradeIn':
      return <TradeInForm vehicle={vehicle} onClose={onClose} />;
    case 'recalls':
      return <RecallDetails vehicle={vehicle} />;
    case 'score':
      return <BehindTheScore vehicle={vehicle} />;
    case 'appraisal':
      return <AppraisalForm vehicle={vehicle} onClose={onClose} />;
    case 'history':
      return <VehicleHistory vehicle={vehicle} />;
    case 'manufacturerTag':
      return <ManufacturerTag vehicle={vehicle} />;
  }
}

function LeaveForm(props: {
  label: string;
  intro: string;
  submitLabel: string;
  pending: boolean;
  failure: React.ReactNode;
  onCancel: () => void;
  onSubmit: (date: string, note: string) => void;
}) {
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  return (
    <form
      aria-label={props.submitLabel}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(date, note.trim());
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{props.intro}</Text>
        <TextInput label={props.label} type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} description="Today when left empty." />
        <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} rows={2} />
        {props.failure}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NumberForm(props: {
  label: string;
  money?: boolean;
  initial?: number;
  error?: string;
  pending: boolean;
  failure: React.ReactNode;
  submitLabel: string;
  onCancel: () => void;
  onSubmit: (n: number) => void;
}) {
  const [value, setValue] = useState<string | number>(props.initial ?? '');
  const [missing, setMissing] = useState(false);
  return (
    <form
      aria-label={props.submitLabel}
      onSubmit={(e) => {
        e.preventDefault();
        if (value === '') {
          setMissing(true);
          return;
        }
        props.onSubmit(Number(value));
      }}
    >
      <Stack gap="sm">
        <NumberInput
          label={props.label}
          value={value}
          onChange={(v) => {
            setMissing(false);
            setValue(v);
          }}
          min={0}
          prefix={props.money ? '$' : undefined}
          decimalScale={props.money ? 2 : 0}
          thousandSeparator=","
          error={missing ? `Enter the ${props.label.toLowerCase()}.` : props.error}
          data-autofocus
        />
        {props.failure}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TradeInForm({ vehicle, onClose }: { vehicle: GarageVehicle; onClose: () => void }) {
  const info = useTradeValue(vehicle.entityId);
  const action = useVehicleAction();
  const [value, setValue] = useState<string | number>('');
  const [source, setSource] = useState('');
  if (info.isPending) return <Loader size="sm" aria-label="Loading the trade value" />;
  if (info.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(info.error)}
      </Alert>
    );
  }
  const ref = { entityId: vehicle.entityId, version: info.data.version, contactId: vehicle.contactId };
  const tv = info.data.tradeValue;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {tv ? `Trade value ${money(tv.value)} (${tv.source}), by ${tv.userName || tv.userId} on ${new Date(tv.at).toLocaleDateString()}.` : 'No trade value yet.'}
        {info.data.equity != null && ` Equity ${money(info.data.equity)} against a payoff of ${money(info.data.payoff)}.`}
      </Text>
      <form
        aria-label="Store trade value"
        onSubmit={(e) => {
          e.preventDefault();
          if (value === '') return;
          action.mutate(
            { ref, action: { kind: 'storeTradeValue', tradeValue: Number(value), source: source.trim() || undefined } },
            {
              onSuccess: () => {
                notify('success', 'Trade value stored.');
                onClose();
              },
            },
          );
        }}
      >
        <Group align="flex-end" grow>
          <NumberInput label="Trade value" value={value} onChange={setValue} min={0} prefix="$" decimalScale={2} thousandSeparator="," />
          <TextInput label="Source" placeholder="Appraisal" value={source} onChange={(e) => setSource(e.currentTarget.value)} />
        </Group>
        <Group justify="flex-end" mt="sm">
          {tv && (
            <Button
              variant="default"
              color="red"
              loading={action.isPending}
              onClick={() =>
                action.mutate(
                  { ref, action: { kind: 'resetTradeValue' } },
                  {
                    onSuccess: () => {
                      notify('success', 'Trade value reset.');
                      onClose();
                    },
                  },
                )
              }
            >
              Reset trade value
            </Button>
          )}
          <Button type="submit" loading={action.isPending}>
            Store trade value
          </Button>
        </Group>
      </form>
      {action.isError && (
        <Alert color="red" role="alert">
          {errorMessage(action.error)}
        </Alert>
      )}
      {info.data.history.length > 0 && (
        <Table aria-label="Trade value history" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Change</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {info.data.history.map((h, i) => (
              <Table.Tr key={i}>
                <Table.Td>{new Date(h.at).toLocaleString()}</Table.Td>
                <Table.Td>{h.userName || h.userId}</Table.Td>
                <Table.Td>
                  {h.field === 'replacementPrice' ? 'Replacement price' : 'Trade value'} {h.action}: {h.oldValue != null ? money(h.oldValue) : '—'} → {h.newValue != null ? money(h.newValue) : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function RecallDetails({ vehicle }: { vehicle: GarageVehicle }) {
  const recalls = useRecalls(vehicle.entityId);
  if (recalls.isPending) return <Loader size="sm" aria-label="Loading the recalls" />;
  if (recalls.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(recalls.error)}
      </Alert>
    );
  }
  const results = recalls.data.recalls.results ?? [];
  if (results.length === 0) return <Text size="sm">No open recalls for the {vehicleName(vehicle)}.</Text>;
  return (
    <Stack gap="md" aria-label="Recalls">
      {results.map((r) => (
        <Stack key={r.NHTSACampaignNumber} gap={4}>
          <Text fw={600}>
            Campaign {r.NHTSACampaignNumber} · {r.Component}
          </Text>
          <Text size="xs" c="dimmed">
            {r.Manufacturer} · reported {r.ReportReceivedDate}
            {r.parkIt ? ' · Park it: do not drive' : ''}
          </Text>
          <Text size="sm">{r.Summary}</Text>
          <Text size="sm">
            <b>Consequence:</b> {r.Consequence}
          </Text>
          <Text size="sm">
            <b>Remedy:</b> {r.Remedy}
          </Text>
          {r.Notes && (
            <Text size="xs" c="dimmed">
              {r.Notes}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
