import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

import { errorMessage } from '../../lib/notify';
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

type ConfirmModalProps = { opened: boolean; title: string; keepLabel: string; onClose: () => void; onConfirm: () => void; mutation: { isPending: boolean; error: unknown }; children: ReactNode };

/**
 * ConfirmModal asks before an action that cannot be undone: the children say what it does and
 * what follows, the title names it (its button says the same) and the mutation, its call, shows
 * its progress and why it was refused if it was.
 */
export function ConfirmModal({ opened, title, keepLabel, onClose, onConfirm, mutation, children }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      {opened && (
        <Stack gap="sm">
          <Text size="sm">{children}</Text>
          <ErrorAlert message={mutation.error ? errorMessage(mutation.error) : null} />
          <ModalActions onClose={onClose} closeLabel={keepLabel} action={title} onAction={onConfirm} loading={mutation.isPending} color="red" />
        </Stack>
      )}
    </Modal>
  );
}
