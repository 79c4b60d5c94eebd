import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';

import { isApiError } from '../../../lib/api/api-error';
import { errorMessage, notify } from '../../../lib/notify';
import { useCatalogue, useDeskableVehicles, useDeskingSettings, useDeskIt } from '../api/desks';

type DeskItModalProps = {
  contactId: number;
  opened: boolean;
  onClose: () => void;
};

const DEAL_TYPES = ['Retail', 'Lease', 'Balloon', 'Cash', 'One-pay lease'];
const NO_VEHICLE = '';

function newRequestId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function fieldError(err: unknown, ...fields: string[]): string | undefined {
  if (!isApiError(err)) return undefined;
  for (const f of fields) {
    const m = err.fieldErrors[f]?.[0];
    if (m) return m;
  }
  return undefined;
}

/**
 * DeskItModal sends the customer to the desk: on the deal sheet of one of their garage vehicles
 * (its replacement vehicle sold, the vehicle traded) priced at the deal type, term, rate and down
 * payment chosen (the vehicle sold chosen from the catalogue with its price, or the deal sheet's
 * replacement vehicle; the term and down payment the store's middle default ones until others are
 * typed), or on the customer alone. The server's field errors show on their fields.
 */
export function DeskItModal({ contactId, opened, onClose }: DeskItModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Desk it" centered>
      {opened && <DeskItForm contactId={contactId} onDone={onClose} />}
    </Modal>
  );
}

function DeskItForm({ contactId, onDone }: { contactId: number; onDone: () => void }) {
  const [requestId] = useState(newRequestId);
  const [entityId, setEntityId] = useState(NO_VEHICLE);
  const [dealType, setDealType] = useState('Retail');
  // The term and down payment are the store's middle default ones until the user types others.
  const [typedTerm, setTerm] = useState<number | string | null>(null);
  const [rate, setRate] = useState<number | string>(6.99);
  const [typedDown, setDown] = useState<number | string | null>(null);
  const [notes, setNotes] = useState('');
  const [make, setMake] = useState<string | null>(null);
  const [model, setModel] = useState<string | null>(null);
  const [year, setYear] = useState<string | null>(null);
  const [trim, setTrim] = useState<string | null>(null);
  const [price, setPrice] = useState<number | string>('');
  const makes = useCatalogue<string>('make', {}, entityId !== NO_VEHICLE);
  const models = useCatalogue<string>('model', { makeName: make ?? '' }, Boolean(make));
  const years = useCatalogue<number>('year', { makeName: make ?? '', modelName: model ?? '' }, Boolean(make && model));
  const trims = useCatalogue<string>('trim', { makeName: make ?? '', modelName: model ?? '', year: Number(year) }, Boolean(make && model && year));
  const vehicles = useDeskableVehicles(contactId);
  const storeId = vehicles.data?.find((v) => String(v.entityId) === entityId)?.accountPlatformId ?? 0;
  const settings = useDeskingSettings(storeId);
  const defaults = settings.data?.defaultTerms?.[dealType.includes('ease') ? 'L' : 'P'];
  const term = typedTerm ?? defaults?.terms?.[1] ?? '';
  const down = typedDown ?? (defaults?.downs?.[1] ?? 0) / 100;
  const desk = useDeskIt();
  const err = desk.error;
  const onVehicle = entityId !== NO_VEHICLE;
  const known = ['entityId', 'terms.dealType', 'terms.term', 'terms.rate', 'terms.down', 'notes', 'vehicle.price', 'vehicle.msrp'];
  const general = err && !(isApiError(err) && Object.keys(err.fieldErrors).some((f) => known.includes(f)));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const vars = onVehicle
      ? {
          contactId,
          body: {
            source: 'dealsheet' as const,
            entityId: Number(entityId),
            notes,
            requestId,
            terms: { dealType: dealType as 'Retail', term: Number(term) || 0, rate: String(rate === '' ? 0 : rate), down: Math.round(Number(down || 0) * 100) },
            ...(make && model
              ? { vehicle: { make, model, year: Number(year) || 0, trim: trim ?? '', isNew: true, price: Math.round(Number(price || 0) * 100) } }
              : {}),
          },
        }
      : { contactId, notes, requestId };
    desk.mutate(vars, {
      onSuccess: () => {
        notify('success', 'The customer was sent to desking.');
        onDone();
      },
    });
  };

  const options = [{ value: NO_VEHICLE, label: 'The customer only (no deal sheet)' }].concat(
    (vehicles.data ?? []).map((v) => ({
      value: String(v.entityId),
      label: `${[v.currentVehicle.year, v.currentVehicle.make, v.currentVehicle.model].filter(Boolean).join(' ')} → ${
        [v.replacementVehicle.year, v.replacementVehicle.make, v.replacementVehicle.model].filter(Boolean).join(' ') || 'no replacement yet'
      }`,
    })),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        {general && (
          <Alert color="red" role="alert">
            {errorMessage(err)}
          </Alert>
        )}
        <Select
          label="Deal sheet"
          description="The garage vehicle whose replacement is desked; its trade value and payoff become the trade."
          data={options}
          value={entityId}
          onChange={(v) => setEntityId(v ?? NO_VEHICLE)}
          allowDeselect={false}
          error={fieldError(err, 'entityId')}
        />
        {onVehicle && (
          <Group grow align="flex-start">
            <Select label="Make" placeholder="The deal sheet's" searchable data={makes.data ?? []} value={make} onChange={(v) => { setMake(v); setModel(null); setYear(null); setTrim(null); }} />
            <Select label="Model" searchable data={models.data ?? []} value={model} onChange={(v) => { setModel(v); setYear(null); setTrim(null); }} disabled={!make} />
          </Group>
        )}
        {onVehicle && (
          <Group grow align="flex-start">
            <Select label="Year" data={(years.data ?? []).map(String)} value={year} onChange={(v) => { setYear(v); setTrim(null); }} disabled={!model} />
            <Select label="Trim" searchable data={trims.data ?? []} value={trim} onChange={setTrim} disabled={!year} />
            <NumberInput label="Selling price ($)" min={0} thousandSeparator="," decimalScale={2} value={price} onChange={setPrice} error={fieldError(err, 'vehicle.price')} />
          </Group>
        )}
        {onVehicle && (
          <Group grow align="flex-start">
            <Select label="Deal type" data={DEAL_TYPES} value={dealType} onChange={(v) => setDealType(v ?? 'Retail')} allowDeselect={false} error={fieldError(err, 'terms.dealType')} />
            <NumberInput label="Term (months)" min={0} max={96} value={term} onChange={setTerm} error={fieldError(err, 'terms.term')} />
          </Group>
        )}
        {onVehicle && (
          <Group grow align="flex-start">
            <NumberInput label={dealType.includes('ease') ? 'Lease rate (%)' : 'APR (%)'} min={0} max={100} decimalScale={4} value={rate} onChange={setRate} error={fieldError(err, 'terms.rate')} />
            <NumberInput label="Down payment ($)" min={0} thousandSeparator="," decimalScale={2} value={down} onChange={setDown} error={fieldError(err, 'terms.down')} />
          </Group>
        )}
        <Textarea label="Notes for the desk" rows={3} maxLength={4000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} error={fieldError(err, 'notes')} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={desk.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={desk.isPending}>
            Desk it
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
