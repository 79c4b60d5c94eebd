import { Text } from '@mantine/core';

import { FullPageMessage } from '../../components/ui/full-page-message';

/**
 * VehicleHistoryAuthorization stands for the vehicle-history provider's authorization and its
 * callback, which the app does not offer yet.
 */
export function VehicleHistoryAuthorization() {
  return (
    <FullPageMessage title="Vehicle history authorization is not available yet">
      <Text c="dimmed">
        Connecting a store to its vehicle history provider will be done here once it is available.
      </Text>
    </FullPageMessage>
  );
}
