import { Alert, Anchor, Badge, Button, Group, Loader, NumberInput, Progress, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

import { ApiError } from '../../../lib/api/api-error';
import type { GarageVehicle, ScoreFactor } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { useAppraisers, useCreateAppraisal, useHistoryReport, useLatestAppraisal, useManufacturerTag } from '../api/integrations';
import { money, vehicleName } from './vehicle-display';

/** BAND_COLORS are the score's bands as the garage colours them. */
export const BAND_COLORS: Record<string, string> = { hot: 'red', warm: 'orange', cold: 'blue' };

/** BAND_LABELS are the score's bands as the garage names them. */
export const BAND_LABELS: Record<string, string> = { hot: 'Hot', warm: 'Warm', cold: 'Cold' };

/** BehindTheScore shows each factor of a vehicle's opportunity score and its contribution. */
export function BehindTheScore({ vehicle }: { vehicle: GarageVehicle }) {
  const s = vehicle.score;
  if (!s) return <Text size="sm">Only a currently owned vehicle has an opportunity score.</Text>;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={700} size="xl">
          {s.value}
        </Text>
        <Text c="dimmed">/ 100</Text>
        <Badge color={BAND_COLORS[s.band]} variant="light">
          {BAND_LABELS[s.band]}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        How ready the customer is to change their {vehicleName(vehicle)}: the sum of the factors below, from 0 to 100.
      </Text>
      <Table aria-label="Score factors" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Factor</Table.Th>
            <Table.Th>What the vehicle's data says</Table.Th>
            <Table.Th ta="right">Points</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(s.factors ?? []).map((f) => (
            <FactorRow key={f.factor} factor={f} />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function FactorRow({ factor: f }: { factor: ScoreFactor }) {
  const span = f.maxPoints - f.minPoints || 1;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {f.label}
        </Text>
        <Progress size="xs" mt={4} value={((f.points - f.minPoints) / span) * 100} color={f.points > 0 ? 'teal' : f.points < 0 ? 'red' : 'gray'} aria-hidden />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={f.known ? undefined : 'dimmed'}>
          {f.detail}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" fw={600} c={f.points < 0 ? 'red' : undefined}>
          {f.points > 0 ? `+${f.points}` : f.points}
        </Text>
        <Text size="xs" c="dimmed">
          of {f.maxPoints}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

const CONDITIONS = [
  { value: 'excellent', label: 'Excellent' },
  { value: 'good', label: 'Good' },
  { value: 'fair', label: 'Fair' },
  { value: 'poor', label: 'Poor' },
];

/** AppraisalForm shows a vehicle's latest appraisal and appraises it again; the value becomes its trade value. */
export function AppraisalForm({ vehicle, onClose }: { vehicle: GarageVehicle; onClose: () => void }) {
  const latest = useLatestAppraisal(vehicle.entityId);
  const appraisers = useAppraisers(vehicle.accountPlatformId);
  const create = useCreateAppraisal();
  const [odometer, setOdometer] = useState<string | number>(vehicle.currentVehicle.mileage || '');
  const [condition, setCondition] = useState<string | null>('good');
  const [appraiser, setAppraiser] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const fieldErrors = create.error instanceof ApiError ? create.error.fieldErrors : {};
  const fieldError = (name: string) => missing[name] ?? fieldErrors[name]?.[0];
  const clear = (name: string) => setMissing(({ [name]: _gone, ...rest }) => rest);

  if (!vehicle.currentVehicle.vin) return <Text size="sm">Add the vehicle's VIN to appraise it.</Text>;
  if (appraisers.isError) {
    return (
      <Alert color="red" role="alert" title="Appraisals are not available">
        {errorMessage(appraisers.error)}
      </Alert>
    );
  }
  const last = latest.data?.appraisal;
  return (
    <Stack gap="sm">
      {latest.isPending ? (
        <Loader size="sm" aria-label="Loading the latest appraisal" />
      ) : last ? (
        <Stack gap={2} aria-label="Latest appraisal">
          <Text size="sm" fw={600}>
            Latest appraisal {last.id}: {money(last.value)}
          </Text>
          <Text size="xs" c="dimmed">
            Market {money(last.marketValue)} over {last.comparables} comparables, {last.daysSupply} days of supply · {last.odometer.toLocaleString('en-US')} mi, {last.condition} · by{' '}
            {last.appraiser.name} on {new Date(last.createdAt).toLocaleDateString()}
          </Text>
          {last.url && (
            <Anchor size="xs" href={last.url} target="_blank" rel="noreferrer">
              Open in vAuto
            </Anchor>
          )}
        </Stack>
      ) : (
        <Text size="sm">The {vehicleName(vehicle)} has not been appraised yet.</Text>
      )}
      <form
        aria-label="Appraise the vehicle"
        onSubmit={(e) => {
          e.preventDefault();
          const m: Record<string, string> = {};
          if (odometer === '') m.odometer = 'Enter the odometer reading.';
          if (!condition) m.condition = 'Choose the condition.';
          if (!appraiser) m.appraiserId = 'Choose the appraiser.';
          setMissing(m);
          if (Object.keys(m).length > 0 || !condition || !appraiser) return;
          create.mutate(
            {
              contactId: vehicle.contactId,
              entityId: vehicle.entityId,
              version: vehicle.version,
              odometer: Number(odometer),
              condition,
              appraiserId: appraiser,
              notes: notes.trim() || undefined,
            },
            {
              onSuccess: (r) => {
                notify('success', `Appraised at ${money(r.appraisal.value)}: the trade value of the ${vehicleName(vehicle)} is updated.`);
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            <NumberInput label="Odometer" value={odometer} onChange={(v) => {
                clear('odometer');
                setOdometer(v);
              }}
              min={1} max={999999} thousandSeparator="," suffix=" mi" error={fieldError('odometer')} />
            <Select label="Condition" data={CONDITIONS} value={condition}
              onChange={(v) => {
                clear('condition');
                setCondition(v);
              }}
              allowDeselect={false} error={fieldError('condition')} />
          </Group>
          <Select
            label="Appraiser"
            placeholder={appraisers.isPending ? 'Loading the appraisers…' : 'Choose the appraiser'}
            data={(appraisers.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
            value={appraiser}
            onChange={(v) => {
              clear('appraiserId');
              setAppraiser(v);
            }}
            error={fieldError('appraiserId')}
            comboboxProps={{ withinPortal: false }}
          />
          <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={1000} rows={2} />
          {create.isError && Object.keys(fieldErrors).length === 0 && (
            <Alert color="red" role="alert">
              {errorMessage(create.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Appraise
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** VehicleHistory shows a vehicle's history report. */
export function VehicleHistory({ vehicle }: { vehicle: GarageVehicle }) {
  const report = useHistoryReport(vehicle.entityId);
  if (!vehicle.currentVehicle.vin) return <Text size="sm">Add the vehicle's VIN to read its history.</Text>;
  if (report.isPending) return <Loader size="sm" aria-label="Loading the vehicle history" />;
  if (report.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(report.error)}
      </Alert>
    );
  }
  const r = report.data.report;
  const activeLiens = r.liens.filter((l) => l.status === 'active').length;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={r.damage.length > 0 ? 'orange' : 'teal'} variant="light">
          {r.damage.length === 0 ? 'No accidents reported' : `${r.damage.length} damage record${r.damage.length > 1 ? 's' : ''}`}
        </Badge>
        <Badge color={activeLiens > 0 ? 'red' : 'teal'} variant="light">
          {activeLiens > 0 ? 'Active lien' : 'No active lien'}
        </Badge>
        <Badge color={r.stolen ? 'red' : 'teal'} variant="light">
          {r.stolen ? 'Reported stolen' : 'Not reported stolen'}
        </Badge>
        <Badge variant="light" color="gray">
          Brand: {r.brands.join(', ') || 'Normal'}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        Report {r.reportId} · {r.serviceRecords} service records ·{' '}
        <Anchor size="xs" href={r.reportUrl} target="_blank" rel="noreferrer">
          Full report
        </Anchor>
      </Text>
      <HistoryTable
        label="Damage"
        empty="No accident or damage records."
        head={['Date', 'Where', 'Amount', 'Detail']}
        rows={r.damage.map((d) => [d.date, d.jurisdiction, money(d.amount), d.detail])}
      />
      <HistoryTable label="Registrations" empty="No registrations." head={['Date', 'Where', 'Event']} rows={r.registrations.map((g) => [g.date, g.jurisdiction, g.event])} />
      <HistoryTable label="Odometer" empty="No odometer readings." head={['Date', 'Reading', 'Source']} rows={r.odometer.map((o) => [o.date, `${o.reading.toLocaleString('en-US')} ${o.unit}`, o.source])} />
      <HistoryTable label="Liens" empty="No liens registered." head={['Date', 'Where', 'Creditor', 'Status']} rows={r.liens.map((l) => [l.date, l.jurisdiction, l.creditor, l.status])} />
    </Stack>
  );
}

function HistoryTable({ label, empty, head, rows }: { label: string; empty: string; head: string[]; rows: string[][] }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table aria-label={label} striped withRowBorders={false} verticalSpacing={2}>
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={i}>
                {r.map((c, j) => (
                  <Table.Td key={j}>{c}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

const ACTION_KINDS: Record<string, string> = { safetyRecall: 'Safety recall', emissionsRecall: 'Emissions recall', customerSatisfaction: 'Customer satisfaction' };

/** ManufacturerTag shows a vehicle's manufacturer tag details: coverages, field actions and service visits. */
export function ManufacturerTag({ vehicle }: { vehicle: GarageVehicle }) {
  const tag = useManufacturerTag(vehicle.entityId);
  if (tag.isPending) return <Loader size="sm" aria-label="Loading the manufacturer tag details" />;
  if (tag.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(tag.error)}
      </Alert>
    );
  }
  const d = tag.data.details;
  const open = d.fieldActions.filter((a) => a.status === 'open').length;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={open > 0 ? 'red' : 'teal'} variant="light">
          {open > 0 ? `${open} open field action${open > 1 ? 's' : ''}` : 'No open field actions'}
        </Badge>
        {d.extendedPlan && (
          <Badge color="grape" variant="light">
            {d.extendedPlan}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {d.year} {d.make} · warranty from {d.warrantyStart} · sold by {d.sellingDealer} · checked at {d.odometerTested.toLocaleString('en-US')} mi ·{' '}
        <Anchor size="xs" href={tag.data.oasisUrl} target="_blank" rel="noreferrer">
          Open in OASIS
        </Anchor>
      </Text>
      <HistoryTable
        label="Warranty coverages"
        empty="No coverages."
        head={['Coverage', 'Limit', 'Expires', 'Status']}
        rows={d.coverages.map((c) => [c.name, `${c.months} months${c.distance ? ` / ${c.distance.toLocaleString('en-US')} ${c.unit}` : ''}`, c.expiresOn, c.active ? 'Active' : 'Expired'])}
      />
      <HistoryTable
        label="Field service actions"
        empty="No field service actions."
        head={['Number', 'Action', 'Kind', 'Status']}
        rows={d.fieldActions.map((a) => [a.number, a.title, ACTION_KINDS[a.kind] ?? a.kind, a.status === 'open' ? 'Open' : 'Completed'])}
      />
      <HistoryTable
        label="Service visits"
        empty="No service visits reported."
        head={['Date', 'Dealer', 'Odometer', 'Work']}
        rows={d.serviceVisits.map((s) => [s.date, s.dealer, `${s.odometer.toLocaleString('en-US')} mi`, s.work])}
      />
    </Stack>
  );
}
