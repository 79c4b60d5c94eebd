import { Box, Group, Text } from '@mantine/core';
import { Outlet } from 'react-router';

import type { AppUser } from '../../lib/api/types';
import { PRODUCT_NAME } from '../../lib/product';

/**
 * EmbeddedLayout frames a page shown inside a partner's page or the mobile app: no menu and no
 * Logout, since the host owns the session.
 */
export function EmbeddedLayout({ user }: { user: AppUser }) {
  return (
    <Box mih="100vh">
      <Group component="header" justify="space-between" px="md" h={44} bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Text fw={800} c="blue.8">
          {PRODUCT_NAME}
        </Text>
        <Text size="sm" fw={600} data-testid="user-name">
          {user.Name}
        </Text>
      </Group>
      <Box component="main" px="md">
        <Outlet />
      </Box>
    </Box>
  );
}
