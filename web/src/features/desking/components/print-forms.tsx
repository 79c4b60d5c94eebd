import { Alert, Anchor, Button, Center, Group, Loader, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { errorMessage } from '../../../lib/notify';
import { currentUserQueryOptions } from '../../users';
import { useCustomerDesks } from '../api/desks';
import { usePrintForms, usePrintPackets, useRenderForm, type RenderVars } from '../api/print';
import { paymentLine, vehicleName } from '../desk-display';
import { PacketsModal } from './packets-modal';

/** The dealer roles that manage print forms and packets, as the server's authorization matrix has them. */
const PACKET_ROLES = ['SalesManager', 'DealerAdmin', 'GeneralManager', 'UsedCarManager', 'GeneralSalesManager', 'FIManager'];

type PrintFormsProps = {
  contactId: number;
  /** The customer's store, whose forms are offered. */
  storeId: number;
  /** The desk chosen at first; the newest when absent. */
  deskId?: number;
  onCancel?: () => void;
};

const CUSTOMER_ONLY = 'customer';

/**
 * PrintForms prints the store's forms (its own and its dealer group's) filled with a desk's deal
 * (customer, vehicle, trade, payment) or with the customer alone, as one PDF it shows with a
 * link to download it. Choosing one of the store's packets chooses its forms; managers create,
 * change and delete packets.
 */
export function PrintForms({ contactId, storeId, deskId, onCancel }: PrintFormsProps) {
  const forms = usePrintForms(storeId);
  const packets = usePrintPackets(storeId);
  const desks = useCustomerDesks(contactId, storeId);
  const me = useQuery(currentUserQueryOptions());
  const render = useRenderForm();
  const [formIds, setFormIds] = useState<string[]>([]);
  const [packetId, setPacketId] = useState<string | null>(null);
  const [managing, setManaging] = useState(false);
  const [desk, setDesk] = useState<string | null>(deskId ? String(deskId) : null);
  const [pdf, setPdf] = useState<{ url: string; name: string } | null>(null);
  const chosenDesk = desk ?? (desks.data?.[0] ? String(desks.data[0].deskId) : CUSTOMER_ONLY);

  useEffect(() => () => (pdf ? URL.revokeObjectURL(pdf.url) : undefined), [pdf]);

  if (forms.isPending || desks.isPending) {
    return (
      <Center py="md" role="status" aria-label="Loading the forms">
        <Loader size="sm" />
      </Center>
    );
  }
  if (forms.isError) {
    return (
      <Alert color="red" title="The forms could not be loaded" role="alert">
        {errorMessage(forms.error)}
      </Alert>
    );
  }
  const chosen = formIds.map((id) => forms.data.find((f) => String(f.formId) === id)).filter((f) => f !== undefined);
  const packetList = packets.data ?? [];
  const packet = packetList.find((p) => String(p.packetId) === packetId);
  const canManage = (me.data?.Roles ?? []).some((r) => PACKET_ROLES.includes(r.replace(/\s+/g, '')));
  const deskOptions = (desks.data ?? []).map((d) => ({ value: String(d.deskId), label: `${vehicleName(d)} · ${d.terms.dealType}${paymentLine(d) ? ` · ${paymentLine(d)}` : ''}` }));

  // A packet whose forms are printed as chosen prints as the packet; other choices as the forms.
  const asPacket = packet && (packet.formIds ?? []).join(',') === formIds.join(',');
  const print = () => {
    const first = chosen[0];
    if (!first) return;
    const what: RenderVars = asPacket ? { packetId: packet.packetId } : chosen.length === 1 ? { formId: first.formId } : { formIds: chosen.map((f) => f.formId) };
    const vars: RenderVars = chosenDesk === CUSTOMER_ONLY ? { ...what, contactId } : { ...what, deskId: Number(chosenDesk) };
    const name = asPacket ? packet.name : chosen.length === 1 ? first.name : 'Forms';
    render.mutate(vars, {
      onSuccess: (blob) => setPdf({ url: URL.createObjectURL(blob), name: `${name}.pdf` }),
    });
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label="Packet"
          placeholder={packetList.length ? 'Search the store\'s packets' : 'The store has no packets'}
          description="Choosing a packet chooses its forms."
          data={packetList.map((p) => ({ value: String(p.packetId), label: `${p.name} (${(p.forms ?? []).length} forms)` }))}
          value={packetId}
          onChange={(v) => {
            setPacketId(v);
            const p = packetList.find((x) => String(x.packetId) === v);
            setFormIds(p ? (p.formIds ?? []).map(String) : []);
            setPdf(null);
          }}
          searchable
          clearable
          nothingFoundMessage="No packet of that name"
          style={{ flex: 1 }}
        />
        {canManage && (
          <Button variant="default" onClick={() => setManaging(true)}>
            Manage packets
          </Button>
        )}
      </Group>
      {forms.data.length === 0 ? (
        <Text c="dimmed">The store has no print forms yet.</Text>
      ) : (
        <MultiSelect
          label="Forms"
          placeholder={formIds.length ? undefined : 'Choose forms'}
          data={forms.data.map((f) => ({ value: String(f.formId), label: `${f.name} (${f.category}, ${f.paperSize === 'legal' ? 'legal 8.5×14 in' : 'letter 8.5×11 in'})` }))}
          value={formIds}
          onChange={(v) => {
            setFormIds(v);
            setPdf(null);
          }}
          searchable
          error={render.isError && chosen.length === 0 ? 'Choose a form.' : undefined}
        />
      )}
      <Select
        label="Deal"
        description="The desk whose customer, vehicle, trade and payment fill the form."
        data={[...deskOptions, { value: CUSTOMER_ONLY, label: 'The customer only' }]}
        value={chosenDesk}
        onChange={(v) => {
          setDesk(v);
          setPdf(null);
        }}
        allowDeselect={false}
      />
      {render.isError && (
        <Alert color="red" role="alert">
          {errorMessage(render.error)}
        </Alert>
      )}
      {pdf && (
        <Stack gap="xs">
          <iframe title="Printed form" src={pdf.url} style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-3)' }} />
          <Anchor href={pdf.url} download={pdf.name}>
            Download {pdf.name}
          </Anchor>
        </Stack>
      )}
      <Group justify="flex-end" gap="xs">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Close
          </Button>
        )}
        <Button onClick={print} disabled={chosen.length === 0} loading={render.isPending}>
          {chosen.length > 1 ? `Print ${chosen.length} forms` : 'Print'}
        </Button>
      </Group>
      {canManage && <PacketsModal opened={managing} onClose={() => setManaging(false)} storeId={storeId} forms={forms.data} packets={packetList} />}
    </Stack>
  );
}

/** PrintFormsModal is the print forms modal of the customer's profile. */
export function PrintFormsModal({ opened, onClose, ...props }: PrintFormsProps & { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Print forms" centered size="lg">
      {opened && <PrintForms {...props} onCancel={onClose} />}
    </Modal>
  );
}
