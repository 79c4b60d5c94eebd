import { Anchor, MantineProvider, Text } from '@mantine/core';

import { FullPageMessage } from '../components/ui/full-page-message';
import { theme } from './theme';

/** ConfigError is shown when the deployment's configuration cannot be loaded. */
export function ConfigError({ message }: { message: string }) {
  return (
    <MantineProvider theme={theme}>
      <FullPageMessage title="CXM could not start">
        <Text role="alert">The application's configuration could not be loaded: {message}</Text>
        <Anchor
          href={window.location.href}
          onClick={(event) => {
            event.preventDefault();
            window.location.reload();
          }}
        >
          Reload
        </Anchor>
      </FullPageMessage>
    </MantineProvider>
  );
}
