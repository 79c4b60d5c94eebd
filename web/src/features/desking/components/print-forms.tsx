import { Alert, Anchor, Button, Center, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import { errorMessage } from '../../../lib/notify';
import { useCustomerDesks } from '../api/desks';
import { usePrintForms, useRenderForm } from '../api/print';
import { paymentLine, vehicleName } from '../desk-display';

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
 * PrintForms prints one of the store's forms (its own and its dealer group's) filled with a
 * desk's deal (customer, vehicle, trade, payment) or with the customer alone, and shows the PDF
 * with a link to download it.
 */
export function PrintForms({ contactId, storeId, deskId, onCancel }: PrintFormsProps) {
  const forms = usePrintForms(storeId);
  const desks = useCustomerDesks(contactId, storeId);
  const render = useRenderForm();
  const [formId, setFormId] = useState<string | null>(null);
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
  const form = forms.data.find((f) => String(f.formId) === formId);
  const deskOptions = (desks.data ?? []).map((d) => ({ value: String(d.deskId), label: `${vehicleName(d)} · ${d.terms.dealType}${paymentLine(d) ? ` · ${paymentLine(d)}` : ''}` }));

  const print = () => {
    if (!form) return;
    const vars = chosenDesk === CUSTOMER_ONLY ? { formId: form.formId, contactId } : { formId: form.formId, deskId: Number(chosenDesk) };
    render.mutate(vars, {
      onSuccess: (blob) => setPdf({ url: URL.createObjectURL(blob), name: `${form.name}.pdf` }),
    });
  };

  return (
    <Stack gap="sm">
      {forms.data.length === 0 ? (
        <Text c="dimmed">The store has no print forms yet.</Text>
      ) : (
        <Select
          label="Form"
          placeholder="Choose a form"
          data={forms.data.map((f) => ({ value: String(f.formId), label: `${f.name} (${f.category}, ${f.paperSize === 'legal' ? 'legal 8.5×14 in' : 'letter 8.5×11 in'})` }))}
          value={formId}
          onChange={(v) => {
            setFormId(v);
            setPdf(null);
          }}
          error={render.isError && !form ? 'Choose a form.' : undefined}
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
        <Button onClick={print} disabled={!form} loading={render.isPending}>
          Print
        </Button>
      </Group>
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
