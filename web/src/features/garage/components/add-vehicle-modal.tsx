import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

import { ApiError } from '../../../lib/api/api-error';
import type { GarageContractInput } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { cleanVin, useDecodeVin, VIN_LENGTH } from '../api/decode-vin';
import { useSaveVehicle } from '../api/save-vehicle';

type AddVehicleModalProps = {
  opened: boolean;
  onClose: () => void;
  contactId: number;
};

type ContractType = 'cash' | 'finance' | 'lease';

const num = (v: string | number) => (typeof v === 'number' ? v : v === '' ? undefined : Number(v));

/**
 * AddVehicleModal adds a currently owned vehicle to the customer's garage. The VIN is decoded as
 * it is typed (year, make, model, trim from the catalogue); a VIN failing its check digit is
 * flagged and cannot be saved. The contract is cash, finance (rate) or lease (money factor).
 */
export function AddVehicleModal({ opened, onClose, contactId }: AddVehicleModalProps) {
  const save = useSaveVehicle();
  const [vin, setVin] = useState('');
  const [year, setYear] = useState<string | number>('');
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [trim, setTrim] = useState('');
  const [color, setColor] = useState('');
  const [mileage, setMileage] = useState<string | number>('');
  const [contractType, setContractType] = useState<ContractType>('finance');
  const [lender, setLender] = useState('');
  const [term, setTerm] = useState<string | number>('');
  const [rate, setRate] = useState<string | number>('');
  const [payment, setPayment] = useState<string | number>('');
  const [payoff, setPayoff] = useState<string | number>('');
  const [startDate, setStartDate] = useState('');
  const decoded = useDecodeVin(vin);
  const cleaned = cleanVin(vin);
  const d = decoded.data;
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const fieldError = (name: string) => fieldErrors[name]?.[0];

  const reset = () => {
    setVin('');
    setYear('');
    setMake('');
    setModel('');
    setTrim('');
    setColor('');
    setMileage('');
    setLender('');
    setTerm('');
    setRate('');
    setPayment('');
    setPayoff('');
    setStartDate('');
    save.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  let vinHint: string | undefined;
  let vinError: string | undefined = fieldError('currentVehicle.vin');
  if (cleaned.length > 0 && cleaned.length < VIN_LENGTH) vinHint = `${cleaned.length} of ${VIN_LENGTH} characters`;
  if (cleaned.length > VIN_LENGTH) vinError = `A VIN has ${VIN_LENGTH} characters.`;
  if (decoded.isError) vinError = errorMessage(decoded.error);
  if (d && !d.checkDigitValid) vinError = d.messages?.[0] ?? 'This VIN fails its check digit.';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const contract: GarageContractInput = {
      contractType,
      lender: lender.trim() || undefined,
      termMonths: num(term),
      rate: contractType === 'finance' ? num(rate) : undefined,
      moneyFactor: contractType === 'lease' ? num(rate) : undefined,
      payment: num(payment),
      payoff: num(payoff),
      startDate: startDate || undefined,
    };
    if (contractType === 'cash') {
      contract.termMonths = undefined;
      contract.payment = undefined;
      contract.payoff = undefined;
    }
    save.mutate(
      {
        contactId,
        body: {
          currentVehicle: {
            vin: cleaned || undefined,
            year: num(year),
            make: make.trim() || undefined,
            model: model.trim() || undefined,
            trim: trim.trim() || undefined,
            color: color.trim() || undefined,
            mileage: num(mileage),
          },
          paymentCalc: { defaultContract: 0, contracts: [contract] },
        },
      },
      {
        onSuccess: (v) => {
          notify('success', `${v.currentVehicle.year} ${v.currentVehicle.make} ${v.currentVehicle.model} added to the garage.`);
          close();
        },
      },
    );
  };

  const decodedName = d && d.decoded ? [d.year, d.make, d.model, d.trim || d.series].filter(Boolean).join(' ') : '';

  return (
    <Modal opened={opened} onClose={close} title="Add a current vehicle" size="lg">
      <form onSubmit={submit} aria-label="Add a current vehicle">
        <Stack gap="sm">
          <TextInput
            label="VIN"
            description="Decoded as you type: the year, make, model and trim come from the catalogue."
            value={vin}
            onChange={(e) => setVin(e.currentTarget.value)}
            error={vinError}
            maxLength={20}
            autoFocus
            data-autofocus
          />
          {vinHint && <Text size="sm" c="dimmed">{vinHint}</Text>}
          {decoded.isFetching && <Text size="sm" c="dimmed" role="status">Decoding…</Text>}
          {d && d.checkDigitValid && (
            <Alert color={d.decoded ? 'teal' : 'yellow'} title={d.decoded ? 'Decoded' : 'Not in the catalogue'} role="status">
              {d.decoded ? `${decodedName}${d.bodyClass ? ` · ${d.bodyClass}` : ''}` : (d.messages ?? []).join(' ')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label="Year" placeholder={d?.year ? String(d.year) : undefined} value={year} onChange={setYear} min={1981} max={2100} error={fieldError('currentVehicle.year')} />
            <TextInput label="Make" placeholder={d?.make} value={make} onChange={(e) => setMake(e.currentTarget.value)} error={fieldError('currentVehicle.make')} />
            <TextInput label="Model" placeholder={d?.model} value={model} onChange={(e) => setModel(e.currentTarget.value)} error={fieldError('currentVehicle.model')} />
            <TextInput label="Trim" placeholder={d?.trim || d?.series} value={trim} onChange={(e) => setTrim(e.currentTarget.value)} />
            <TextInput label="Colour" value={color} onChange={(e) => setColor(e.currentTarget.value)} />
            <NumberInput label="Mileage" value={mileage} onChange={setMileage} min={0} thousandSeparator="," error={fieldError('currentVehicle.mileage')} />
          </SimpleGrid>
          <Text fw={600} size="sm" mt="xs">Contract</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Contract type"
              data={[
                { value: 'finance', label: 'Finance' },
                { value: 'lease', label: 'Lease' },
                { value: 'cash', label: 'Cash' },
              ]}
              value={contractType}
              onChange={(v) => v && setContractType(v as ContractType)}
              allowDeselect={false}
            />
            <TextInput label="Lender" value={lender} onChange={(e) => setLender(e.currentTarget.value)} disabled={contractType === 'cash'} />
            {contractType !== 'cash' && (
              <>
                <NumberInput label="Term (months)" value={term} onChange={setTerm} min={0} max={120} />
                <NumberInput
                  label={contractType === 'lease' ? 'Money factor' : 'Rate (APR %)'}
                  value={rate}
                  onChange={setRate}
                  min={0}
                  decimalScale={contractType === 'lease' ? 5 : 2}
                  error={fieldError('paymentCalc.contracts[0].rate') ?? fieldError('paymentCalc.contracts[0].moneyFactor')}
                />
                <NumberInput label="Monthly payment" value={payment} onChange={setPayment} min={0} prefix="$" decimalScale={2} thousandSeparator="," />
                <NumberInput label="Payoff" value={payoff} onChange={setPayoff} min={0} prefix="$" decimalScale={2} thousandSeparator="," />
                <TextInput label="Contract start" type="date" value={startDate} onChange={(e) => setStartDate(e.currentTarget.value)} />
              </>
            )}
          </SimpleGrid>
          {save.isError && !Object.keys(fieldErrors).length && (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={Boolean(d && !d.checkDigitValid)}>
              Save vehicle
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
