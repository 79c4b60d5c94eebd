import { Anchor, Group, Loader, Text } from '@mantine/core';

import { FullPageMessage } from '../../../components/ui/full-page-message';

type LoadingScreenProps = {
  /** Called by the reload link; reloads the page unless given. */
  onReload?: () => void;
};

/** LoadingScreen is shown while the session is checked and the user's profile loads. */
export function LoadingScreen({ onReload = () => window.location.reload() }: LoadingScreenProps) {
  return (
    <FullPageMessage title="Loading user profile" busy>
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Loading user profile</Text>
      </Group>
      <Text size="sm" c="dimmed">
        Taking too long?{' '}
        <Anchor
          href={window.location.href}
          onClick={(event) => {
            event.preventDefault();
            onReload();
          }}
        >
          Reload
        </Anchor>
      </Text>
    </FullPageMessage>
  );
}
