import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

import { errorMessage, notify } from '../../lib/notify';
import { wallClock, zoneLabel } from '../../lib/store-time';

/** ErrorAlert shows a refusal's message, or nothing. */
export function ErrorAlert({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : null;
}

type StoreTimeInputProps = { label: string; value: string; onChange: (v: string) => void; timeZone: string; error?: string | null };

/** StoreTimeInput takes a time from now on as the store's clocks read it, with the store's time zone named. */
export function StoreTimeInput({ label, value, onChange, timeZone, error }: StoreTimeInputProps) {
  return (
    <TextInput
      type="datetime-local"
      label={label}
      description={`In the store's time zone (${zoneLabel(timeZone)})`}
      value={value}
      min={wallClock(new Date(), timeZone)}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error || undefined}
      required
    />
  );
}

type ModalActionsProps = { onClose: () => void; closeLabel?: string; action: string; onAction: () => void; loading: boolean; color?: string };

/** ModalActions are a modal's buttons: one that closes it and, last, the one that does its work. */
export function ModalActions({ onClose, closeLabel = 'Close', action, onAction, loading, color }: ModalActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        {closeLabel}
      </Button>
      <Button color={color} onClick={onAction} loading={loading}>
        {action}
      </Button>
    </Group>
  );
}

/** ConfirmMutation is the call a ConfirmModal makes: TanStack Query's mutation fits. */
type ConfirmMutation<V> = { isPending: boolean; error: unknown; reset: () => void; mutate: (variables: V, options: { onSuccess: () => void }) => void };

type ConfirmModalProps<V> = { title: string; keepLabel: string; onClose: () => void; mutation: ConfirmMutation<V>; variables: V | null; done: string; children: ReactNode };

/**
 * ConfirmModal asks before an action that cannot be undone, open while there are variables to
 * call the mutation with: the children say what it does and what follows, the title names it
 * (its button says the same). It shows the call's progress and why it was refused if it was;
 * once done it says done and closes.
 */
export function ConfirmModal<V>({ title, keepLabel, onClose, mutation, variables, done, children }: ConfirmModalProps<V>) {
  const close = () => {
    mutation.reset();
    onClose();
  };
  const confirm = () => {
    if (variables === null) return;
    mutation.mutate(variables, {
      onSuccess: () => {
        notify('success', done);
        close();
      },
    });
  };
  const opened = variables !== null;
  return (
    <Modal opened={opened} onClose={close} title={title}>
      {opened && (
        <Stack gap="sm">
          <Text size="sm">{children}</Text>
          <ErrorAlert message={mutation.error ? errorMessage(mutation.error) : null} />
          <ModalActions onClose={close} closeLabel={keepLabel} action={title} onAction={confirm} loading={mutation.isPending} color="red" />
        </Stack>
      )}
    </Modal>
  );
}
