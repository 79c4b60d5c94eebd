import { Text } from '@mantine/core';

import { FullPageMessage } from '../../../components/ui/full-page-message';

/** The spec's message when an embedded page's token has lapsed. */
export const EMBEDDED_EXPIRED_MESSAGE = 'This session has expired! Please close this window.';

/** EmbeddedExpiredScreen replaces an embedded page once its token has expired. */
export function EmbeddedExpiredScreen() {
  return (
    <FullPageMessage title="Session expired">
      <Text role="alert">{EMBEDDED_EXPIRED_MESSAGE}</Text>
    </FullPageMessage>
  );
}
