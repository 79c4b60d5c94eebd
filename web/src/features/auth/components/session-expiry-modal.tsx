import { Button, Modal, Stack, Text } from '@mantine/core';

import { SESSION_EXPIRY_MODAL_MS } from '../../../lib/timing';
import type { SessionEndReason } from '../auth-service';

type SessionExpiryModalProps = {
  /** Why the session ended; the modal is closed while null. */
  reason: SessionEndReason | null;
  onSignIn: () => void;
};

const reasons: Record<SessionEndReason, string> = {
  renewalFailed: 'Your session could not be renewed.',
  signedOutElsewhere: 'You signed out in another window.',
};

/**
 * SessionExpiryModal tells the user the session has ended; the app sends them to sign in when
 * its time is up, or at once with the button.
 */
export function SessionExpiryModal({ reason, onSignIn }: SessionExpiryModalProps) {
  const minutes = Math.round(SESSION_EXPIRY_MODAL_MS / 60_000);
  return (
    <Modal
      opened={reason !== null}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title="Your session has expired"
      zIndex={400}
    >
      <Stack gap="md">
        <Text>
          {reason ? reasons[reason] : null} You will be taken to the sign-in page in {minutes} minutes.
        </Text>
        <Button onClick={onSignIn} w="fit-content" data-autofocus>
          Sign in again
        </Button>
      </Stack>
    </Modal>
  );
}
