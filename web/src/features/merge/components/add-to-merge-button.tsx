import { Button } from '@mantine/core';

import { useAddToMergeFlow } from './add-to-merge-flow';

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
 * AddToMergeButton adds a customer to the user's merge session (see useAddToMergeFlow for the
 * refusals and the question to replace another store's session).
 */
export function AddToMergeButton({ contactId, accountPlatformId, name, disabled, label = 'Add to merge' }: AddToMergeButtonProps) {
  const flow = useAddToMergeFlow(name);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        onClick={() => flow.add({ contactId, accountPlatformId })}
        loading={flow.pending}
        disabled={disabled}
        aria-label={`Add ${name || 'customer'} to merge`}
      >
        {label}
      </Button>
      {flow.dialog}
    </>
  );
}
