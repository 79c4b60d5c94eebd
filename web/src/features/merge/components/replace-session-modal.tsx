import { Button, Group, Modal, Stack, Text } from '@mantine/core';

import { MERGE_OTHER_STORE_MESSAGE } from '../api/add-to-merge';

type ReplaceSessionModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Deletes the other store's session and adds the customer. */
  onConfirm: () => void;
  confirming: boolean;
};

/** ReplaceSessionModal asks before a merge session of another store is deleted for a new one. */
export function ReplaceSessionModal({ opened, onClose, onConfirm, confirming }: ReplaceSessionModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Delete existing active session">
      <Stack gap="md">
        <Text size="sm">
          {MERGE_OTHER_STORE_MESSAGE} Delete it and start a new merge session with this customer?
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep the session
          </Button>
          <Button color="red" loading={confirming} onClick={onConfirm}>
            Delete existing active session
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
