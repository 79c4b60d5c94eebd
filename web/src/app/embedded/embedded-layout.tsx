import { Box, Group, Text } from '@mantine/core';
import { Outlet } from 'react-router';

import type { AppUser } from '../../lib/api/types';
import { PRODUCT_NAME } from '../../lib/product';
import type { SessionContext } from '../session-context';
import { useAccess } from '../use-access';

/**
 * EmbeddedLayout frames a page shown inside a partner's page or the mobile app: no menu and no
 * Logout, since the host owns the session, and nothing wider than the host's frame. Its pages
 * get the same session context as the shell's.
 */
export function EmbeddedLayout({ user }: { user: AppUser }) {
  const { access, isPending: accessPending } = useAccess(user);
  const context: SessionContext = { user, access, accessPending };
  return (
    <Box mih="100vh" maw="100vw" style={{ overflowX: 'hidden' }}>
      <Group
        component="header"
        justify="space-between"
        wrap="nowrap"
        px="sm"
        h={40}
        bg="gray.0"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text fw={800} c="blue.8">
          {PRODUCT_NAME}
        </Text>
        <Text size="sm" fw={600} data-testid="user-name" truncate>
          {user.Name}
        </Text>
      </Group>
      <Box component="main" px={{ base: 'xs', sm: 'md' }} pb="md">
        <Outlet context={context} />
      </Box>
    </Box>
  );
}
