import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** ImpersonationCandidate is a user the signed-in user may impersonate. */
export type ImpersonationCandidate = { userId: string; name: string; role?: string; email?: string };

type ImpersonateUserModalProps = {
  opened: boolean;
  onClose: () => void;
  candidates: readonly ImpersonationCandidate[];
  loading: boolean;
  /** Why the users could not be listed, if they could not. */
  loadError?: string;
  onStart: (userId: string) => void;
  starting: boolean;
};

/** ImpersonateUserModal picks the user to impersonate. */
export function ImpersonateUserModal({
  opened,
  onClose,
  candidates,
  loading,
  loadError,
  onStart,
  starting,
}: ImpersonateUserModalProps) {
  const [userId, setUserId] = useState<string | null>(null);
  const options = candidates.map((c) => ({
    value: c.userId,
    label: c.role ? `${c.name} (${c.role})` : c.name,
  }));
  return (
    <Modal opened={opened} onClose={onClose} title="Impersonate user" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (userId) onStart(userId);
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Work as another user of your dealer group. Everything you change is recorded with both names.
          </Text>
          {loadError ? (
            <Alert color="red" variant="light" role="alert" title="Users could not be listed">
              {loadError}
            </Alert>
          ) : null}
          <Select
            label="User"
            placeholder={loading ? 'Loading users…' : 'Search by name'}
            data={options}
            value={userId}
            onChange={setUserId}
            searchable
            disabled={loading || Boolean(loadError)}
            nothingFoundMessage="No user matches"
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!userId} loading={starting}>
              Start impersonation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
