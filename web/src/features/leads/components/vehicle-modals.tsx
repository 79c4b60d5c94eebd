import { Alert, Button, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import type { LeadTradeIn } from '../../../lib/api/types';
import { notify } from '../../../lib/notify';
import { cleanVin, MSG_LEAD_VEHICLE, MSG_LEAD_VIN } from '../../../lib/validation';
import { useAddVehicle, useChooseVehicle, useRemoveVehicle, type VehicleKind } from '../api/lead-vehicles';
import { chosenVehicle, fieldErrorsOf, leadErrorMessage, vehicleLabel, type LeadRef } from '../lead-display';

type VehicleFields = {
  year: string;
  make: string;
  model: string;
  trim: string;
  vin: string;
  stockNumber: string;
  odometer: string;
  payoff: string;
  appraisedValue: string;
};

const EMPTY: VehicleFields = { year: '', make: '', model: '', trim: '', vin: '', stockNumber: '', odometer: '', payoff: '', appraisedValue: '' };

const NUMBER_FIELDS = ['year', 'odometer', 'payoff', 'appraisedValue'] as const;

const NUMBER_MESSAGES: Record<(typeof NUMBER_FIELDS)[number], string> = {
  year: 'Enter the year as four digits.',
  odometer: 'Enter the odometer as a whole number.',
  payoff: 'Enter the payoff as an amount.',
  appraisedValue: 'Enter the appraised value as an amount.',
};

/**
 * vehicleOf reads the form into the call's body, or returns the fields the browser can tell are
 * wrong, with the server's messages: numbers that are not numbers, a VIN of the wrong shape, a
 * vehicle with nothing to know it by. Ranges the server checks and names.
 */
function vehicleOf(f: VehicleFields, kind: VehicleKind): { vehicle: LeadTradeIn; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const number = (name: (typeof NUMBER_FIELDS)[number], whole: boolean): number | undefined => {
    const text = f[name].trim().replace(/[,$\s]/g, '');
    if (text === '') return undefined;
    const n = Number(text);
    if (!Number.isFinite(n) || (whole && !Number.isInteger(n))) {
      errors[name] = NUMBER_MESSAGES[name];
      return undefined;
    }
    return n;
  };
  const vehicle: LeadTradeIn = { make: f.make.trim(), model: f.model.trim(), trim: f.trim.trim(), vin: f.vin.trim(), stockNumber: f.stockNumber.trim() };
  const year = number('year', true);
  if (year !== undefined) vehicle.year = year;
  const odometer = number('odometer', true);
  if (odometer !== undefined) vehicle.odometer = odometer;
  if (kind === 'trade') {
    const payoff = number('payoff', false);
    if (payoff !== undefined) vehicle.payoff = payoff;
    const appraised = number('appraisedValue', false);
    if (appraised !== undefined) vehicle.appraisedValue = appraised;
  }
  if (vehicle.vin && !cleanVin(vehicle.vin)) errors.vin = MSG_LEAD_VIN;
  else if (!vehicle.vin && !vehicle.stockNumber && !vehicle.make && !vehicle.model && !f.year.trim() && !errors.vin) errors.vin = MSG_LEAD_VEHICLE;
  return { vehicle, errors };
}

type AddVehicleModalProps = {
  lead: LeadRef | null;
  kind: VehicleKind;
  onClose: () => void;
};

/**
 * AddVehicleModal adds a vehicle of interest or a trade-in (with its payoff and appraised
 * value) to a lead. The server's validation messages show on the fields they name.
 */
export function AddVehicleModal({ lead, kind, onClose }: AddVehicleModalProps) {
  const [fields, setFields] = useState<VehicleFields>(EMPTY);
  const [local, setLocal] = useState<Record<string, string>>({});
  const mutation = useAddVehicle();
  const server = fieldErrorsOf(mutation.error);
  const general = mutation.isError && Object.keys(server).length === 0 ? leadErrorMessage(mutation.error) : null;
  const title = kind === 'trade' ? 'Add trade-in' : 'Add vehicle of interest';

  const close = () => {
    setFields(EMPTY);
    setLocal({});
    mutation.reset();
    onClose();
  };
  const set = (name: keyof VehicleFields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setFields((f) => ({ ...f, [name]: value }));
  };
  const errorOf = (name: keyof VehicleFields) => local[name] ?? server[name];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!lead) return;
    const { vehicle, errors } = vehicleOf(fields, kind);
    setLocal(errors);
    if (Object.keys(errors).length > 0) return;
    mutation.mutate(
      { leadId: lead.crmLeadId, kind, vehicle },
      {
        onSuccess: () => {
          notify('success', kind === 'trade' ? `The trade-in ${vehicleLabel(vehicle)} is added.` : `The vehicle of interest ${vehicleLabel(vehicle)} is added.`);
          close();
        },
      },
    );
  };

  return (
    <Modal opened={lead !== null} onClose={close} title={title} size="lg">
      {lead && (
        <form onSubmit={onSubmit} aria-label={title} noValidate>
          <Stack gap="sm">
            {lead.contactName && <Text size="sm">{lead.contactName}</Text>}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Year" inputMode="numeric" value={fields.year} onChange={set('year')} error={errorOf('year')} />
              <TextInput label="Make" value={fields.make} onChange={set('make')} error={errorOf('make')} maxLength={50} />
              <TextInput label="Model" value={fields.model} onChange={set('model')} error={errorOf('model')} maxLength={50} />
              <TextInput label="Trim" value={fields.trim} onChange={set('trim')} error={errorOf('trim')} maxLength={50} />
              <TextInput label="VIN" value={fields.vin} onChange={set('vin')} error={errorOf('vin')} maxLength={20} />
              {kind === 'voi' ? (
                <TextInput label="Stock number" value={fields.stockNumber} onChange={set('stockNumber')} error={errorOf('stockNumber')} maxLength={20} />
              ) : (
                <TextInput label="Odometer" inputMode="numeric" value={fields.odometer} onChange={set('odometer')} error={errorOf('odometer')} />
              )}
              {kind === 'trade' && (
                <>
                  <TextInput label="Payoff" inputMode="decimal" value={fields.payoff} onChange={set('payoff')} error={errorOf('payoff')} />
                  <TextInput label="Appraised value" inputMode="decimal" value={fields.appraisedValue} onChange={set('appraisedValue')} error={errorOf('appraisedValue')} />
                </>
              )}
            </SimpleGrid>
            {general && (
              <Alert color="red" role="alert">
                {general}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                {kind === 'trade' ? 'Add trade-in' : 'Add vehicle'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

type ChooseVehicleModalProps = {
  lead: LeadRef | null;
  onClose: () => void;
};

/** ChooseVehicleModal makes one of a lead's vehicles of interest the customer's chosen one. */
export function ChooseVehicleModal({ lead, onClose }: ChooseVehicleModalProps) {
  return (
    <Modal opened={lead !== null} onClose={onClose} title="Choose vehicle of interest">
      {lead && <ChooseVehicleForm key={lead.crmLeadId} lead={lead} onClose={onClose} />}
    </Modal>
  );
}

function ChooseVehicleForm({ lead, onClose }: { lead: LeadRef; onClose: () => void }) {
  const [choice, setChoice] = useState(String(chosenVehicle(lead.vehiclesOfInterest)?.crmLeadVoiId ?? ''));
  const mutation = useChooseVehicle();
  const vehicles = lead.vehiclesOfInterest ?? [];

  const close = () => {
    mutation.reset();
    onClose();
  };
  const save = () => {
    const vehicle = vehicles.find((v) => String(v.crmLeadVoiId) === choice);
    if (!vehicle) return;
    mutation.mutate(
      { leadId: lead.crmLeadId, vehicle },
      {
        onSuccess: () => {
          notify('success', `${vehicleLabel(vehicle)} is the chosen vehicle.`);
          close();
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Radio.Group label="The customer's chosen vehicle" value={choice} onChange={setChoice}>
        <Stack gap={6} mt={6}>
          {vehicles.map((v) => (
            <Radio key={v.crmLeadVoiId} value={String(v.crmLeadVoiId)} label={vehicleLabel(v)} />
          ))}
        </Stack>
      </Radio.Group>
      {mutation.isError && (
        <Alert color="red" role="alert">
          {leadErrorMessage(mutation.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button onClick={save} disabled={choice === ''} loading={mutation.isPending}>
          Choose vehicle
        </Button>
      </Group>
    </Stack>
  );
}

type RemoveVehicleModalProps = {
  lead: LeadRef | null;
  onClose: () => void;
};

/**
 * RemoveVehicleModal removes one of a lead's vehicles of interest after the user picks it and
 * confirms.
 */
export function RemoveVehicleModal({ lead, onClose }: RemoveVehicleModalProps) {
  return (
    <Modal opened={lead !== null} onClose={onClose} title="Remove vehicle of interest">
      {lead && <RemoveVehicleForm key={lead.crmLeadId} lead={lead} onClose={onClose} />}
    </Modal>
  );
}

function RemoveVehicleForm({ lead, onClose }: { lead: LeadRef; onClose: () => void }) {
  const vehicles = lead.vehiclesOfInterest ?? [];
  const [choice, setChoice] = useState(vehicles.length === 1 ? String(vehicles[0]?.crmLeadVoiId) : '');
  const mutation = useRemoveVehicle();
  const vehicle = vehicles.find((v) => String(v.crmLeadVoiId) === choice);

  const close = () => {
    mutation.reset();
    onClose();
  };
  const remove = () => {
    if (!vehicle?.crmLeadVoiId) return;
    mutation.mutate(
      { kind: 'voi', vehicleId: vehicle.crmLeadVoiId },
      {
        onSuccess: () => {
          notify('success', `${vehicleLabel(vehicle)} is removed from the lead.`);
          close();
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {vehicles.length > 1 && (
        <Radio.Group label="Vehicle to remove" value={choice} onChange={setChoice}>
          <Stack gap={6} mt={6}>
            {vehicles.map((v) => (
              <Radio key={v.crmLeadVoiId} value={String(v.crmLeadVoiId)} label={vehicleLabel(v)} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {vehicle && <Text size="sm">Remove {vehicleLabel(vehicle)} from this lead? This cannot be undone.</Text>}
      {mutation.isError && (
        <Alert color="red" role="alert">
          {leadErrorMessage(mutation.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button color="red" onClick={remove} disabled={!vehicle} loading={mutation.isPending}>
          Remove vehicle
        </Button>
      </Group>
    </Stack>
  );
}
