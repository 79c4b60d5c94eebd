import { Button, Code, Text } from '@mantine/core';

import { FullPageMessage } from '../../../components/ui/full-page-message';
import type { StartUpErrorCode } from '../start-up-error';

/** The spec's message when the signed-in identity has no usable profile. */
export const NO_PROFILE_MESSAGE =
  "We're sorry, we couldn't find your user profile. Please try again later or contact support for further assistance.";

type NoProfileScreenProps = {
  code: StartUpErrorCode;
  /** Embedded pages have no Logout button: the host page owns the session. */
  embedded: boolean;
  onLogout: () => void;
};

/** NoProfileScreen is shown when the user's profile cannot be loaded at start-up. */
export function NoProfileScreen({ code, embedded, onLogout }: NoProfileScreenProps) {
  return (
    <FullPageMessage title="User profile not found">
      <Text role="alert">{NO_PROFILE_MESSAGE}</Text>
      <Text size="sm" c="dimmed">
        Error code: <Code>{code}</Code>
      </Text>
      {embedded ? null : (
        <Button onClick={onLogout} variant="filled" w="fit-content">
          Logout
        </Button>
      )}
    </FullPageMessage>
  );
}
