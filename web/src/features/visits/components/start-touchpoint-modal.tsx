import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import type { Store, VisitView } from '../../../lib/api/types';
import { notify } from '../../../lib/notify';
import { useChangeVisit, type TouchpointSlug } from '../api/visits';
import { visitErrorMessage } from '../visit-display';

export type StartTouchpointModalProps = {
  opened: boolean;
  onClose: () => void;
  stores: readonly Store[];
  /** The customer, when the modal is opened from their profile; otherwise the user enters the id. */
  contactId?: number;
  contactName?: string;
  storeId?: number;
  touchpoint?: TouchpointSlug;
  onStarted?: (v: VisitView) => void;
};

/** StartTouchpointModal starts a showroom or delivery visit: store, customer and touchpoint. */
export function StartTouchpointModal({ opened, onClose, stores, contactId, contactName, storeId, touchpoint = 'showroom', onStarted }: StartTouchpointModalProps) {
  const mutation = useChangeVisit();
  const [store, setStore] = useState<string | null>(storeId ? String(storeId) : stores.length === 1 ? String(stores[0]!.AccountPlatformID) : null);
  const [customer, setCustomer] = useState<number | string>(contactId ?? '');
  const [kind, setKind] = useState<TouchpointSlug>(touchpoint);
  const close = () => {
    mutation.reset();
    onClose();
  };
  const id = typeof customer === 'number' ? customer : Number(customer);
  const save = () => {
    if (!store || !id) return;
    mutation.mutate(
      { kind, action: 'start', body: { contactId: id, accountPlatformId: Number(store) } },
      {
        onSuccess: (v) => {
          notify('success', `${v.contactName || 'The customer'}'s ${kind} visit started.`);
          onStarted?.(v);
          close();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title="Start touchpoint">
      <Stack gap="sm">
        <Select
          label="Store"
          required
          data={stores.map((s) => ({ value: String(s.AccountPlatformID), label: s.Name }))}
          value={store}
          onChange={setStore}
          allowDeselect={false}
        />
        {contactId ? (
          <Text size="sm">Customer: {contactName || `#${contactId}`}</Text>
        ) : (
          <NumberInput label="Customer id" required hideControls min={1} value={customer} onChange={setCustomer} />
        )}
        <Select
          label="Touchpoint"
          required
          data={[
            { value: 'showroom', label: 'Showroom' },
            { value: 'delivery', label: 'Delivery' },
          ]}
          value={kind}
          onChange={(v) => v && setKind(v as TouchpointSlug)}
          allowDeselect={false}
        />
        {mutation.isError && (
          <Alert color="red" role="alert">
            {visitErrorMessage(mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={save} disabled={!store || !id} loading={mutation.isPending}>
            Start visit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
