import { Alert, Badge, Button, Group, Modal, Radio, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

import type { VisitView } from '../../../lib/api/types';
import { notify } from '../../../lib/notify';
import { useChangeVisit, type TouchpointSlug } from '../api/visits';
import { isOpen, statusColor, statusName, timeOf, visitErrorMessage } from '../visit-display';

type VisitModalProps = { visit: VisitView | null; onClose: () => void };

function ref(v: VisitView) {
  return { contactId: v.contactId, touchpointInstanceId: v.touchpointInstanceId, version: v.version };
}

/** StepInfoModal shows a visit's steps and, while the visit is in progress, starts, completes and cancels them. */
export function StepInfoModal({ visit, onClose }: VisitModalProps) {
  const mutation = useChangeVisit();
  const [shown, setShown] = useState<VisitView | null>(null);
  const v = shown && visit && shown.touchpointInstanceId === visit.touchpointInstanceId && shown.version > visit.version ? shown : visit;
  const close = () => {
    mutation.reset();
    setShown(null);
    onClose();
  };
  const step = (itemSlug: string, request: 'start' | 'complete' | 'cancel') => {
    if (!v) return;
    mutation.mutate({ kind: v.touchpointSlug as TouchpointSlug, action: 'step', itemSlug, request, body: ref(v) }, { onSuccess: (saved) => setShown(saved) });
  };
  return (
    <Modal opened={visit !== null} onClose={close} title="Visit steps" size="lg">
      {v && (
        <Stack gap="sm">
          <Text size="sm">
            {v.contactName || 'Customer'} with {v.userName || 'their sales person'}, {statusName(v.status).toLowerCase()} {timeOf(v.startedAt, v.timeZone, true)}
          </Text>
          <Table aria-label="Steps">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Step</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(v.items ?? []).map((it) => (
                <Table.Tr key={it.itemSlug} aria-label={`Step ${it.name}`}>
                  <Table.Td>{it.name}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor(it.status)} variant="light">
                      {statusName(it.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{timeOf(it.completedAt ?? it.canceledAt ?? it.startedAt, v.timeZone)}</Table.Td>
                  <Table.Td>
                    {isOpen(v) && (
                      <Group gap={4}>
                        {it.status === 0 && (
                          <Button size="compact-xs" variant="default" onClick={() => step(it.itemSlug, 'start')} aria-label={`Start ${it.name}`} disabled={mutation.isPending}>
                            Start
                          </Button>
                        )}
                        {(it.status === 0 || it.status === 1) && (
                          <>
                            <Button size="compact-xs" onClick={() => step(it.itemSlug, 'complete')} aria-label={`Complete ${it.name}`} disabled={mutation.isPending}>
                              Done
                            </Button>
                            <Button size="compact-xs" variant="subtle" color="red" onClick={() => step(it.itemSlug, 'cancel')} aria-label={`Skip ${it.name}`} disabled={mutation.isPending}>
                              Skip
                            </Button>
                          </>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {mutation.isError && (
            <Alert color="red" role="alert">
              {visitErrorMessage(mutation.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** MarkSoldModal marks a visit sold after the user confirms. */
export function MarkSoldModal({ visit, onClose }: VisitModalProps) {
  const mutation = useChangeVisit();
  const close = () => {
    mutation.reset();
    onClose();
  };
  const save = () => {
    if (!visit) return;
    mutation.mutate(
      { kind: visit.touchpointSlug as TouchpointSlug, action: 'update', body: { ...ref(visit), sold: true, result: 'sold' } },
      {
        onSuccess: () => {
          notify('success', `${visit.contactName || 'The customer'}'s visit is marked sold.`);
          close();
        },
      },
    );
  };
  return (
    <Modal opened={visit !== null} onClose={close} title="Mark sold">
      {visit && (
        <Stack gap="sm">
          <Text size="sm">Mark {visit.contactName || 'the customer'}'s visit sold? The visit stays open until it is ended.</Text>
          {mutation.isError && (
            <Alert color="red" role="alert">
              {visitErrorMessage(mutation.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={save} loading={mutation.isPending}>
              Mark sold
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** EndVisitModal completes a visit with how it ended: sold, not sold or be-back, and a note. */
export function EndVisitModal({ visit, onClose }: VisitModalProps) {
  const mutation = useChangeVisit();
  const [result, setResult] = useState('');
  const [notes, setNotes] = useState('');
  const chosen = result || (visit?.sold ? 'sold' : '');
  const close = () => {
    mutation.reset();
    setResult('');
    setNotes('');
    onClose();
  };
  const save = () => {
    if (!visit || chosen === '') return;
    mutation.mutate(
      { kind: visit.touchpointSlug as TouchpointSlug, action: 'complete', body: { ...ref(visit), sold: chosen === 'sold', result: chosen, notes: notes.trim() || undefined } },
      {
        onSuccess: (saved) => {
          notify('success', `${saved.contactName || 'The customer'}'s visit ended${saved.sold ? ': sold' : ''}.`);
          close();
        },
      },
    );
  };
  return (
    <Modal opened={visit !== null} onClose={close} title="End visit">
      {visit && (
        <Stack gap="sm">
          <Text size="sm">
            {visit.contactName || 'Customer'}: {visit.stepsDone} of {visit.items?.length ?? 0} steps done
          </Text>
          <Radio.Group label="How did it end?" value={chosen} onChange={setResult} required>
            <Stack gap={6} mt={6}>
              <Radio value="sold" label="Sold" />
              <Radio value="not_sold" label="Not sold" />
              <Radio value="be_back" label="Be-back" />
            </Stack>
          </Radio.Group>
          <Textarea label="Notes" maxLength={2000} rows={2} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
          {mutation.isError && (
            <Alert color="red" role="alert">
              {visitErrorMessage(mutation.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={save} disabled={chosen === ''} loading={mutation.isPending}>
              End visit
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
