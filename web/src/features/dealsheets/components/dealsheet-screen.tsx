import { Alert, Badge, Button, Card, Center, Group, Loader, Modal, NumberInput, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';

import type { DealReplacement, DealStructure, DealsheetView, ReplacementOption } from '../../../lib/api/types';
import { errorMessage, notify, notifyError } from '../../../lib/notify';
import { downloadProposal, useCustomerDoesNotOwn, useDealsheet, useDealsheetChange, usePaymentRecalc, useReplacements } from '../api/dealsheet';
import { useEmailProposal } from '../api/settings';
import { TermsSettingsModal } from './terms-settings';
import { TurnPredictorModal } from './turn-predictor';

/** money shows cents as dollars ("$28,400.00"). */
export function money(cents: number | undefined | null): string {
  return ((cents ?? 0) / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

const SALE_TYPE_NAMES: Record<string, string> = { L: 'Lease', P: 'Finance', B: 'Balloon', C: 'Cash' };
const PAYING = ['Lease', 'Retail', 'Balloon', 'Cash', 'One-pay lease'];

function replacementLabel(r: DealReplacement | undefined): string {
  if (!r || !r.make) return 'None chosen';
  return [r.year, r.make, r.model, r.trim].filter(Boolean).join(' ');
}

function optionValue(r: DealReplacement): string {
  return [r.year, r.make, r.model, r.trim].join('|');
}

type DealsheetScreenProps = { entityId: number };

/** DealsheetScreen is the DealSheet of a garage vehicle: the current vehicle and contract, the replacement, the payment and grid, the offer and the sale. */
export function DealsheetScreen({ entityId }: DealsheetScreenProps) {
  const sheet = useDealsheet(entityId);
  if (sheet.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading the deal sheet">
        <Loader />
      </Center>
    );
  }
  if (sheet.isError) {
    return (
      <Alert color="red" title="DealSheet" role="alert">
        {errorMessage(sheet.error)}
      </Alert>
    );
  }
  return <DealsheetBody key={`${entityId}-${sheet.data.sheet.version}`} view={sheet.data} />;
}

function DealsheetBody({ view }: { view: DealsheetView }) {
  const entityId = view.sheet.entityId;
  const sold = view.sheet.state === 'sold';
  const editable = view.canEdit && !sold;
  const [structure, setStructure] = useState<DealStructure>(view.sheet.structure);
  const [replacement, setReplacement] = useState<DealReplacement>(view.sheet.replacement);
  const [offBrand, setOffBrand] = useState(false);
  const [unwindOpen, setUnwindOpen] = useState(false);
  const [notOwnOpen, setNotOwnOpen] = useState(false);
  const [paper, setPaper] = useState<'letter' | 'legal'>('letter');
  const [downloading, setDownloading] = useState(false);
  const [turnOpen, setTurnOpen] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const change = useDealsheetChange(entityId);
  const emailProposal = useEmailProposal(view.sheet.contactId);

  // The payment follows what is typed once the user pauses for 300 ms.
  const storeId = view.sheet.accountPlatformId;
  const typed = useMemo(() => ({ structure, replacement, accountPlatformId: storeId }), [structure, replacement, storeId]);
  const [debounced, setDebounced] = useState(typed);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(typed), 300);
    return () => clearTimeout(t);
  }, [typed]);
  const recalc = usePaymentRecalc(entityId, debounced);
  const sameBrand = useReplacements(entityId, false);
  const otherBrands = useReplacements(entityId, true, offBrand);
  const options: ReplacementOption[] = [...(sameBrand.data ?? []), ...(offBrand ? (otherBrands.data ?? []) : [])];

  const quote = recalc.data?.quote ?? view.quote ?? null;
  const grid = recalc.data?.grid ?? view.grid ?? null;
  const rateDisplay = recalc.data?.rateDisplay ?? view.rateDisplay;
  const lease = structure.dealType === 'Lease' || structure.dealType === 'One-pay lease';
  const recalcError = recalc.isError ? errorMessage(recalc.error) : null;
  const payment = quote ? (quote.saleType === 'C' ? quote.cashDue : quote.payment) : null;
  const offer = view.sheet.offer;

  const set = (patch: Partial<DealStructure>) => setStructure((s) => ({ ...s, ...patch }));
  const dollars = (cents: number | undefined) => (cents ?? 0) / 100;
  const cents = (v: string | number) => Math.round(Number(v || 0) * 100);

  const send = (path: string, body: unknown, done: string) =>
    change.mutate(
      { path, body },
      {
        onSuccess: () => notify('success', done),
        onError: (err) => notifyError(err),
      },
    );

  useEffect(() => {
    setStructure(view.sheet.structure);
    setReplacement(view.sheet.replacement);
  }, [view]);

  const chooseReplacement = (value: string | null) => {
    const o = options.find((x) => optionValue(x) === value);
    if (!o) return;
    setReplacement({ year: o.year, make: o.make, model: o.model, trim: o.trim, msrp: o.msrp, offBrand: o.offBrand });
    set({ price: o.msrp });
  };

  const cv = view.vehicle.currentVehicle;
  return (
    <Stack gap="md" aria-label="DealSheet">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3}>DealSheet</Title>
          <Text c="dimmed" size="sm">
            {view.customerName} · {view.storeName}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="subtle" size="xs" onClick={() => setTermsOpen(true)}>
            Default terms
          </Button>
          <Badge color={sold ? 'green' : 'blue'} size="lg" aria-label="Deal state">
            {sold ? 'Sold' : 'Open'}
          </Badge>
          {offer && (
            <Badge color={offer.status === 'Accepted' ? 'green' : offer.status === 'Pending' ? 'yellow' : 'gray'} size="lg" aria-label="Offer status">
              Offer {offer.status}
            </Badge>
          )}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={5}>Current vehicle and contract</Title>
          <Text fw={600}>{[cv.year || '', cv.make, cv.model, cv.trim].filter(Boolean).join(' ')}</Text>
          <Text size="sm">VIN {cv.vin || '—'} · {(cv.mileage ?? 0).toLocaleString('en-US')} mi</Text>
          {view.current.saleType ? (
            <Text size="sm">
              {SALE_TYPE_NAMES[view.current.saleType] ?? view.current.saleType} ({view.current.saleType}) with {view.current.lender || '—'}: {money(view.current.payment)} a month,{' '}
              {view.current.paymentsLeft} payments left, rate {view.current.rateDisplay}
            </Text>
          ) : (
            <Text size="sm">No contract recorded.</Text>
          )}
          <Text size="sm">
            Payoff {money(view.current.payoff)} · Trade value {money(view.current.tradeValue)} · Equity {money(view.current.equity)}
          </Text>
          {view.canEdit && (
            <Button variant="subtle" color="red" size="xs" mt="xs" onClick={() => setNotOwnOpen(true)} disabled={view.vehicle.status !== 'current'}>
              Customer does not own
            </Button>
          )}
        </Card>
        <Card withBorder>
          <Title order={5}>Replacement vehicle</Title>
          <Text fw={600} aria-label="Chosen replacement">
            {replacementLabel(replacement)}
          </Text>
          <Text size="sm">MSRP {money(replacement.msrp)}</Text>
          <Select
            label="Replacement vehicle"
            placeholder="Choose a vehicle"
            data={options.map((o) => ({ value: optionValue(o), label: `${replacementLabel(o)} — ${money(o.msrp)}${o.payment ? ` (${money(o.payment)}/mo)` : ''}` }))}
            value={replacement.make ? optionValue(replacement) : null}
            onChange={chooseReplacement}
            disabled={!editable}
            searchable
            nothingFoundMessage="No vehicle in the catalogue feed"
          />
          <Group gap="xs" mt="xs">
            <Button variant="subtle" size="xs" onClick={() => setOffBrand((b) => !b)} disabled={!editable}>
              {offBrand ? 'Only the current make' : 'Show other makes'}
            </Button>
            <Button variant="light" size="xs" onClick={() => setTurnOpen(true)} disabled={!replacement.make}>
              Turn predictor
            </Button>
          </Group>
        </Card>
      </SimpleGrid>

      <Card withBorder>
        <Title order={5} mb="xs">
          Deal
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
          <Select label="Deal type" data={view.dealTypes ?? PAYING} value={structure.dealType} onChange={(v) => v && set({ dealType: v as DealStructure['dealType'] })} disabled={!editable} allowDeselect={false} />
          <NumberInput label="Selling price" prefix="$" thousandSeparator="," decimalScale={2} min={0} value={dollars(structure.price)} onChange={(v) => set({ price: cents(v) })} disabled={!editable} />
          <TextInput label={lease ? 'Lease rate (%)' : 'APR (%)'} value={structure.rate ?? ''} onChange={(e) => set({ rate: e.currentTarget.value })} disabled={!editable} description={`Shown as ${rateDisplay}`} />
          <NumberInput label="Term (months)" min={1} max={120} value={structure.term} onChange={(v) => set({ term: Number(v || 0) })} disabled={!editable} />
          <NumberInput label="Down payment" prefix="$" thousandSeparator="," decimalScale={2} min={0} value={dollars(structure.down)} onChange={(v) => set({ down: cents(v) })} disabled={!editable} />
          <NumberInput label="Trade allowance" prefix="$" thousandSeparator="," decimalScale={2} min={0} value={dollars(structure.tradeAllowance)} onChange={(v) => set({ tradeAllowance: cents(v) })} disabled={!editable} />
          <NumberInput label="Payoff" prefix="$" thousandSeparator="," decimalScale={2} min={0} value={dollars(structure.payoff)} onChange={(v) => set({ payoff: cents(v) })} disabled={!editable} />
          <NumberInput label="Fees" prefix="$" thousandSeparator="," decimalScale={2} min={0} value={dollars(structure.fees)} onChange={(v) => set({ fees: cents(v) })} disabled={!editable} />
          <NumberInput label="Rebates" prefix="$" thousandSeparator="," decimalScale={2} min={0} value={dollars(structure.rebates)} onChange={(v) => set({ rebates: cents(v) })} disabled={!editable} />
          {(lease || structure.dealType === 'Balloon') && (
            <TextInput label="Residual (% of MSRP)" value={structure.residualPercent ?? ''} onChange={(e) => set({ residualPercent: e.currentTarget.value })} disabled={!editable} />
          )}
          {view.country !== 'CA' && <TextInput label="Sales tax (%)" value={structure.salesTax ?? ''} onChange={(e) => set({ salesTax: e.currentTarget.value })} disabled={!editable} />}
        </SimpleGrid>
        {view.country === 'CA' && (view.taxLevies ?? []).length > 0 && (
          <Text size="sm" c="dimmed" mt="xs">
            Taxes: {(view.taxLevies ?? []).map((l) => `${l.name} ${l.rate}%`).join(', ')}
          </Text>
        )}
        <Group mt="md" align="baseline" gap="xs">
          <Text size="sm">{quote?.saleType === 'C' ? 'Balance due' : 'Payment'}</Text>
          <Text fw={700} size="xl" aria-label="Payment" data-testid="payment">
            {payment !== null ? money(payment) : '—'}
          </Text>
          {quote && quote.saleType !== 'C' && <Text size="sm">a month for {quote.term} months</Text>}
          {recalc.isFetching && <Loader size="xs" aria-label="Recalculating" />}
        </Group>
        {(recalcError || (!quote && view.quoteError)) && (
          <Text c="red" size="sm" role="alert">
            {recalcError ?? view.quoteError}
          </Text>
        )}
      </Card>

      {grid && (
        <Card withBorder>
          <Title order={5} mb="xs">
            Payment grid
          </Title>
          <Table withTableBorder withColumnBorders aria-label="Payment grid">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Term</Table.Th>
                {(grid.downs ?? []).map((d) => (
                  <Table.Th key={d}>{money(d)} down</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(grid.terms ?? []).map((t, i) => (
                <Table.Tr key={t}>
                  <Table.Td>{t} months</Table.Td>
                  {(grid.downs ?? []).map((d, j) => {
                    const cell = grid.cells?.[i]?.[j];
                    const chosen = t === structure.term && d === structure.down;
                    return (
                      <Table.Td key={d} bg={chosen ? 'var(--mantine-color-blue-light)' : undefined}>
                        <Button variant="subtle" size="compact-sm" aria-pressed={chosen} onClick={() => set({ term: t, down: d })} disabled={!editable}>
                          {cell ? money(cell.saleType === 'C' ? cell.cashDue : cell.payment) : '—'}
                        </Button>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}

      <Card withBorder>
        <Group justify="space-between">
          <Group gap="xs">
            {editable && (
              <Button
                onClick={() => send(`/api/Dealsheet/entity/${entityId}/offer`, { version: view.sheet.version, structure, replacement }, 'The offer is made.')}
                loading={change.isPending}
                disabled={!replacement.make || !!recalcError}
              >
                Make an offer
              </Button>
            )}
            {editable && offer?.status === 'Pending' && (
              <Select
                aria-label="Offer status"
                placeholder="Answer the offer"
                data={['Accepted', 'Declined', 'Withdrawn']}
                value={null}
                onChange={(v) => v && send('/api/Dealsheet/entity/offer_status', { entityId, version: view.sheet.version, status: v }, `The offer is ${v.toLowerCase()}.`)}
                w={170}
              />
            )}
            {editable && (
              <Button color="green" onClick={() => send(`/api/Dealsheet/entity/${entityId}/mark_as_sold`, { version: view.sheet.version }, 'The deal is marked sold.')} disabled={!view.sheet.replacement.make}>
                Mark sold
              </Button>
            )}
            {view.canEdit && sold && (
              <Button color="orange" onClick={() => setUnwindOpen(true)}>
                Unwind
              </Button>
            )}
          </Group>
          <Group gap="xs">
            <Select aria-label="Paper" data={[{ value: 'letter', label: 'Letter 8.5 × 11 in' }, { value: 'legal', label: 'Legal 8.5 × 14 in' }]} value={paper} onChange={(v) => v && setPaper(v as 'letter' | 'legal')} w={170} allowDeselect={false} />
            <Button
              variant="default"
              loading={downloading}
              onClick={() => {
                setDownloading(true);
                downloadProposal(entityId, paper)
                  .catch(notifyError)
                  .finally(() => setDownloading(false));
              }}
            >
              Download PDF proposal
            </Button>
            {view.canEdit && (
              <Button
                variant="default"
                loading={emailProposal.isPending}
                onClick={() =>
                  emailProposal.mutate(
                    { entityId, paper },
                    { onSuccess: () => notify('success', 'The PDF proposal is e-mailed to the customer.'), onError: notifyError },
                  )
                }
              >
                E-mail PDF proposal
              </Button>
            )}
          </Group>
        </Group>
        {offer && (
          <Text size="sm" mt="xs" aria-label="Offer">
            Offer of {money(offer.payment)} ({offer.structure.dealType}, {offer.structure.term} months, {money(offer.structure.down)} down) on the {replacementLabel(offer.replacement)} by {offer.byName}: {offer.status}
          </Text>
        )}
        {view.sheet.sale && (
          <Text size="sm" c="green" aria-label="Sale">
            Sold by {view.sheet.sale.byName} at {money(view.sheet.sale.payment)} ({view.sheet.sale.dealType})
          </Text>
        )}
        {(view.sheet.unwinds ?? []).map((u) => (
          <Text key={u.at} size="sm" c="dimmed">
            Unwound by {u.byName}: {u.reason}
            {u.notes ? ` — ${u.notes}` : ''}
          </Text>
        ))}
      </Card>

      <UnwindModal
        opened={unwindOpen}
        reasons={view.unwindReasons ?? []}
        onClose={() => setUnwindOpen(false)}
        onUnwind={(reason, notes) =>
          change.mutate(
            { path: '/api/Dealsheet/unwind', body: { entityId, version: view.sheet.version, reason, notes } },
            { onSuccess: () => { setUnwindOpen(false); notify('success', 'The deal is unwound.'); }, onError: notifyError },
          )
        }
        pending={change.isPending}
      />
      <TurnPredictorModal
        opened={turnOpen}
        onClose={() => setTurnOpen(false)}
        entityId={entityId}
        vehicle={replacement.make ? { year: replacement.year, make: replacement.make, model: replacement.model, trim: replacement.trim } : null}
      />
      <TermsSettingsModal opened={termsOpen} onClose={() => setTermsOpen(false)} storeId={view.sheet.accountPlatformId} storeName={view.storeName} />
      <NotOwnModal opened={notOwnOpen} onClose={() => setNotOwnOpen(false)} entityId={entityId} vehicleVersion={view.vehicle.version} />
    </Stack>
  );
}

type UnwindModalProps = { opened: boolean; reasons: string[]; onClose: () => void; onUnwind: (reason: string, notes: string) => void; pending: boolean };

/** UnwindModal asks why a sold deal is unwound. */
export function UnwindModal({ opened, reasons, onClose, onUnwind, pending }: UnwindModalProps) {
  const [reason, setReason] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const needNotes = reason === 'Other' && notes.trim() === '';
  return (
    <Modal opened={opened} onClose={onClose} title="Unwind the deal">
      <Stack>
        <Text size="sm">The sale is taken back and the deal opens again; the offer it accepted is pending again.</Text>
        <Select label="Reason" placeholder="Choose why" data={reasons} value={reason} onChange={setReason} required />
        <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={1000} error={needNotes ? 'Say why the deal is unwound.' : undefined} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="orange" onClick={() => reason && onUnwind(reason, notes.trim())} disabled={!reason || needNotes} loading={pending}>
            Unwind
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function NotOwnModal({ opened, onClose, entityId, vehicleVersion }: { opened: boolean; onClose: () => void; entityId: number; vehicleVersion: number }) {
  const notOwn = useCustomerDoesNotOwn(entityId);
  const [note, setNote] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title="Customer does not own">
      <Stack>
        <Text size="sm">The vehicle moves to the customer's previously owned vehicles.</Text>
        <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={notOwn.isPending}
            onClick={() =>
              notOwn.mutate(
                { vehicleVersion, note: note.trim() },
                { onSuccess: () => { onClose(); notify('success', 'The vehicle is marked as not owned.'); }, onError: notifyError },
              )
            }
          >
            Customer does not own
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
