import { AppShell, Avatar, Burger, Button, Group, ScrollArea, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';

import { useAuth } from '../../features/auth/auth-context';
import type { AppUser } from '../../lib/api/types';
import { PRODUCT_NAME } from '../../lib/product';
import { useRememberLastViewedPage } from '../last-viewed-page';
import { SideNav } from './side-nav';

type AppLayoutProps = { user: AppUser };

function initials(user: AppUser): string {
  const first = user.FirstName?.[0] ?? user.Name?.[0] ?? '';
  const last = user.LastName?.[0] ?? '';
  return `${first}${last}`.toUpperCase();
}

/** storeSummary names the stores the user has selected to view. */
export function storeSummary(user: AppUser): string {
  const names = (user.ViewSelectedStores ?? []).map((s) => s.Name).filter(Boolean);
  if (names.length === 0) return 'No store selected';
  if (names.length <= 2) return names.join(', ');
  return `${names[0]} +${names.length - 1} more`;
}

/** AppLayout is the signed-in shell: header, left navigation and the page. */
export function AppLayout({ user }: AppLayoutProps) {
  const auth = useAuth();
  const [navOpen, nav] = useDisclosure(false);
  useRememberLastViewedPage();

  const stores = storeSummary(user);
  const allStores = (user.ViewSelectedStores ?? []).map((s) => s.Name).join(', ');
  const storeCount = (user.ViewSelectedStores ?? []).length;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpen}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
            />
            <UnstyledButton component={Link} to="/app/default" aria-label={`${PRODUCT_NAME} home`}>
              <Text fw={800} size="xl" c="blue.8">
                {PRODUCT_NAME}
              </Text>
            </UnstyledButton>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Tooltip label={allStores} disabled={allStores === stores}>
              <Text size="sm" c="dimmed" visibleFrom="sm" truncate maw={360} tabIndex={allStores === stores ? undefined : 0}>
                <Text span fw={600} c="dark">
                  {storeCount === 1 ? 'Store:' : 'Stores:'}
                </Text>{' '}
                {stores}
              </Text>
            </Tooltip>
            <Group gap="xs" wrap="nowrap">
              <Avatar radius="xl" size="sm" color={user.AvatarBGColor || 'blue'} aria-hidden>
                {initials(user)}
              </Avatar>
              <Text size="sm" fw={600} data-testid="user-name">
                {user.Name}
              </Text>
            </Group>
            <Button variant="default" size="xs" onClick={() => void auth.signOut()}>
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AppShell.Section hiddenFrom="sm" px="sm" pb="xs">
          <Text size="sm" c="dimmed">
            <Text span fw={600} c="dark">
              {storeCount === 1 ? 'Store:' : 'Stores:'}
            </Text>{' '}
            {allStores || stores}
          </Text>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <SideNav onNavigate={nav.close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
