import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { isApiError } from '../../../lib/api/api-error';
import { errorMessage, notify } from '../../../lib/notify';
import { MERGE_OTHER_STORE_MESSAGE, MERGE_TWO_SELECTED_MESSAGE, useAddToMerge, type AddToMergeParams } from '../api/add-to-merge';
import { useDeleteMergeSession } from '../api/delete-merge-session';

type AddToMergeButtonProps = {
  contactId: number;
  accountPlatformId: number;
  /** The customer's name, for the button's accessible name. */
  name: string;
  disabled?: boolean;
  /** The button's text; "Add to merge" unless given. */
  label?: string;
};

/**
 * AddToMergeButton adds a customer to the user's merge session. A session of another store is
 * replaced only after the user confirms deleting it; a third customer is refused with the
 * spec's warning.
 */
export function AddToMergeButton({ contactId, accountPlatformId, name, disabled, label = 'Add to merge' }: AddToMergeButtonProps) {
  const add = useAddToMerge();
  const del = useDeleteMergeSession();
  const [replacing, setReplacing] = useState<AddToMergeParams | null>(null);

  const run = (params: AddToMergeParams) =>
    add.mutate(params, {
      onSuccess: () => notify('success', `${name || 'The customer'} was added to the merge session.`),
      onError: (err) => {
        if (isApiError(err, 409) && err.messages.includes(MERGE_OTHER_STORE_MESSAGE)) {
          setReplacing(params);
        } else if (isApiError(err, 409) && err.messages.includes(MERGE_TWO_SELECTED_MESSAGE)) {
          notify('warning', MERGE_TWO_SELECTED_MESSAGE);
        } else {
          notify('error', errorMessage(err));
        }
      },
    });

  return (
    <>
      <Button
        variant="default"
        size="xs"
        onClick={() => run({ contactId, accountPlatformId })}
        loading={add.isPending}
        disabled={disabled}
        aria-label={`Add ${name || 'customer'} to merge`}
      >
        {label}
      </Button>
      <Modal opened={replacing !== null} onClose={() => setReplacing(null)} title="Delete existing active session">
        <Stack gap="md">
          <Text size="sm">
            {MERGE_OTHER_STORE_MESSAGE} Delete it and start a new merge session with this customer?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setReplacing(null)}>
              Keep the session
            </Button>
            <Button
              color="red"
              loading={del.isPending}
              onClick={() => {
                const params = replacing;
                if (!params) return;
                del.mutate(
                  { silent: true },
                  {
                    onSuccess: () => {
                      setReplacing(null);
                      run(params);
                    },
                  },
                );
              }}
            >
              Delete existing active session
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
