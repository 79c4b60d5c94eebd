import { Button, Code, Text } from '@mantine/core';

import { FullPageMessage } from '../../../components/ui/full-page-message';

/** The spec's message when impersonation is detected where it is not supported. */
export const IMPERSONATION_DETECTED_MESSAGE =
  "Impersonation detected! CXM can't be loaded while impersonating another user. Please dismiss impersonation or logout and login with your user account.";

type ImpersonationDetectedScreenProps = {
  code: string;
  onDismiss: () => void;
  dismissing?: boolean;
};

/** ImpersonationDetectedScreen is shown instead of a page that cannot run under impersonation. */
export function ImpersonationDetectedScreen({ code, onDismiss, dismissing = false }: ImpersonationDetectedScreenProps) {
  return (
    <FullPageMessage title="Cannot load while impersonating">
      <Text role="alert">{IMPERSONATION_DETECTED_MESSAGE}</Text>
      <Text size="sm" c="dimmed">
        Error code: <Code>{code}</Code>
      </Text>
      <Button onClick={onDismiss} loading={dismissing} w="fit-content">
        Dismiss Impersonation
      </Button>
    </FullPageMessage>
  );
}
