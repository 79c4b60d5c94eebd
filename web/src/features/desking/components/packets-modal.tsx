import { Alert, Button, Group, Modal, MultiSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

import { ApiError } from '../../../lib/api/api-error';
import type { PrintForm, PrintPacket } from '../../../lib/api/types';
import { errorMessage, notify } from '../../../lib/notify';
import { useDeletePacket, useSavePacket } from '../api/print';

type PacketsModalProps = {
  opened: boolean;
  onClose: () => void;
  storeId: number;
  /** The forms the store prints: those a packet may hold. */
  forms: PrintForm[];
  packets: PrintPacket[];
};

type Draft = { packetId?: number; version?: number; name: string; formIds: string[] };

/**
 * PacketsModal manages the store's print packets: named groups of its forms printed together.
 * A manager creates one, renames it or changes its forms, and deletes it; a packet of every
 * store of the dealer group is a dealer admin's.
 */
export function PacketsModal({ opened, onClose, storeId, forms, packets }: PacketsModalProps) {
  const save = useSavePacket(storeId);
  const remove = useDeletePacket(storeId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const fields = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const formName = new Map(forms.map((f) => [f.formId, f.name]));

  const close = () => {
    setDraft(null);
    save.reset();
    remove.reset();
    onClose();
  };
  const submit = () => {
    if (!draft) return;
    save.mutate(
      { packetId: draft.packetId, version: draft.version, accountPlatformId: storeId, name: draft.name, formIds: draft.formIds.map(Number) },
      {
        onSuccess: (p) => {
          notify('success', `The packet ${p.name} is saved.`);
          setDraft(null);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Print packets" size="lg" centered>
      <Stack gap="sm">
        {draft === null ? (
          <>
            {packets.length === 0 ? (
              <Text c="dimmed">The store has no packets yet.</Text>
            ) : (
              <Table aria-label="Packets">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Packet</Table.Th>
                    <Table.Th>Forms</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {packets.map((p) => (
                    <Table.Tr key={p.packetId}>
                      <Table.Td>
                        {p.name}
                        {p.accountPlatformId === 0 && (
                          <Text size="xs" c="dimmed">
                            Every store
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{(p.forms ?? []).map((f) => f.name).join(', ')}</Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            aria-label={`Edit ${p.name}`}
                            onClick={() => setDraft({ packetId: p.packetId, version: p.version, name: p.name, formIds: (p.formIds ?? []).map(String) })}
                          >
                            Edit
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${p.name}`}
                            loading={remove.isPending && remove.variables?.packetId === p.packetId}
                            onClick={() => remove.mutate({ packetId: p.packetId, version: p.version }, { onSuccess: () => notify('success', `The packet ${p.name} is deleted.`) })}
                          >
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {remove.isError && (
              <Alert color="red" role="alert">
                {errorMessage(remove.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Close
              </Button>
              <Button onClick={() => setDraft({ name: '', formIds: [] })}>New packet</Button>
            </Group>
          </>
        ) : (
          <>
            <TextInput label="Packet name" value={draft.name} maxLength={100} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} error={fields.name?.[0]} required />
            <MultiSelect
              label="Forms"
              description="In the order they print."
              placeholder="Choose the packet's forms"
              data={forms.map((f) => ({ value: String(f.formId), label: f.name }))}
              value={draft.formIds}
              onChange={(v) => setDraft({ ...draft, formIds: v })}
              error={fields.formIds?.[0]}
              searchable
              required
            />
            {draft.formIds.length > 0 && (
              <Text size="sm" c="dimmed">
                Prints: {draft.formIds.map((id) => formName.get(Number(id)) ?? id).join(' → ')}
              </Text>
            )}
            {save.isError && (
              <Alert color="red" role="alert">
                {errorMessage(save.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setDraft(null);
                  save.reset();
                }}
              >
                Cancel
              </Button>
              <Button onClick={submit} loading={save.isPending} disabled={draft.name.trim() === '' || draft.formIds.length === 0}>
                {draft.packetId ? 'Save packet' : 'Create packet'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
