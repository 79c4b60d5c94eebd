import { AppShell, Burger, Button, Group, Loader, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';

import { useEndImpersonation } from '../../features/auth/api/end-impersonation';
import { useAuth } from '../../features/auth/auth-context';
import { ImpersonationBanner } from '../../features/auth/components/impersonation-banner';
import { ChatButton } from '../../features/chat';
import { NotificationBell } from '../../features/notifications';
import { useHorizontalMenu } from '../../features/users/horizontal-menu';
import { PERMISSIONS } from '../../lib/access';
import { getRealtimeUrl } from '../../lib/config';
import type { AppUser } from '../../lib/api/types';
import { PRODUCT_NAME } from '../../lib/product';
import { useRememberLastViewedPage } from '../last-viewed-page';
import { mergeSessionRequest } from '../merge-session-request';
import { customerProfilePath, customerSearchPath } from '../pages';
import type { SessionContext } from '../session-context';
import { useAccess } from '../use-access';
import { userStores } from '../user-stores';
import { Clock } from './clock';
import { useImpersonationExpiry } from './impersonation-expiry';
import { HeaderTooltip } from './header-tooltip';
import { CustomerSpotlight, ImpersonateUserDialog, useCustomerSpotlight } from './lazy-parts';
import { visibleMenuSections } from './menu';
import { SideNav } from './side-nav';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopNav } from './top-nav';
import { UserMenu } from './user-menu';

type AppLayoutProps = { user: AppUser };

/** storeSummary names the stores the user has selected to view. */
export function storeSummary(user: AppUser): string {
  const names = (user.ViewSelectedStores ?? []).map((s) => s.Name).filter(Boolean);
  if (names.length === 0) return 'No store selected';
  if (names.length <= 2) return names.join(', ');
  return `${names[0]} +${names.length - 1} more`;
}

function SearchIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
    </svg>
  );
}

const HEADER_HEIGHT = 60;
const TOP_NAV_HEIGHT = 44;

// Live updates (the push connection and its status dot) load after the shell's first paint.
const LiveStatus = lazy(() => import('./live-status').then((m) => ({ default: m.LiveStatus })));

// The merge check loads with the first page a merge link opens.
const MergeSessionCheck = lazy(() => import('../merge-session-check').then((m) => ({ default: m.MergeSessionCheck })));

/** AppLayout is the signed-in shell: header, navigation (side or top) and the page. */
export function AppLayout({ user }: AppLayoutProps) {
  const auth = useAuth();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [navOpen, nav] = useDisclosure(false);
  const [impersonateOpen, impersonate] = useDisclosure(false);
  const { access, isPending: accessPending } = useAccess(user);
  const menu = useHorizontalMenu();
  const endImpersonation = useEndImpersonation();
  const palette = useCustomerSpotlight();
  useRememberLastViewedPage();
  useImpersonationExpiry(Boolean(user.IsImpersonating));

  const sections = accessPending ? null : visibleMenuSections(access);
  const horizontal = menu.horizontal;
  const stores = storeSummary(user);
  const allStores = (user.ViewSelectedStores ?? []).map((s) => s.Name).join(', ');
  const storeCount = (user.ViewSelectedStores ?? []).length;
  // Impersonation does not chain: only the user's own session may start one.
  const canImpersonate = access.has(PERMISSIONS.impersonate) && !user.IsImpersonating;
  const context: SessionContext = { user, access, accessPending };

  return (
    <AppShell
      header={{ height: horizontal ? { base: HEADER_HEIGHT, sm: HEADER_HEIGHT + TOP_NAV_HEIGHT } : HEADER_HEIGHT }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !navOpen, desktop: horizontal } }}
      padding="md"
    >
      <AppShell.Header>
        <SkipLink />
        <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap">
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
            <Group visibleFrom="sm">
              <HeaderTooltip label="Find a customer (Ctrl+K)">
                <Button
                  variant="default"
                  size="xs"
                  onClick={palette.open}
                  aria-label="Find a customer"
                  aria-keyshortcuts="Control+K Meta+K"
                  aria-busy={palette.opening || undefined}
                  leftSection={palette.opening ? <Loader size={14} /> : <SearchIcon />}
                  px={8}
                >
                  <Text span size="xs" visibleFrom="md" aria-hidden>
                    Find a customer
                  </Text>
                </Button>
              </HeaderTooltip>
            </Group>
            <Group visibleFrom="sm">
              <Clock />
            </Group>
            <HeaderTooltip label={allStores} disabled={allStores === stores}>
              <Text size="sm" c="dimmed" visibleFrom="sm" truncate maw={360} tabIndex={allStores === stores ? undefined : 0}>
                <Text span fw={600} c="dark">
                  {storeCount === 1 ? 'Store:' : 'Stores:'}
                </Text>{' '}
                {stores}
              </Text>
            </HeaderTooltip>
            {getRealtimeUrl() ? (
              <Suspense fallback={null}>
                <LiveStatus />
              </Suspense>
            ) : null}
            <ChatButton user={user} />
            <NotificationBell />
            <UserMenu
              user={user}
              horizontalMenu={horizontal}
              onHorizontalMenuChange={menu.setHorizontal}
              onImpersonate={canImpersonate ? impersonate.open : undefined}
            />
            <Button variant="default" size="xs" onClick={() => void auth.signOut()}>
              Logout
            </Button>
          </Group>
        </Group>
        {horizontal ? (
          <Group h={TOP_NAV_HEIGHT} visibleFrom="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <TopNav sections={sections} />
          </Group>
        ) : null}
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AppShell.Section hiddenFrom="sm" px="sm" pb="xs">
          <Text size="sm" c="dimmed">
            <Text span fw={600} c="dark">
              {storeCount === 1 ? 'Store:' : 'Stores:'}
            </Text>{' '}
            {allStores || stores}
          </Text>
          <Button
            variant="default"
            size="xs"
            mt="xs"
            fullWidth
            justify="flex-start"
            leftSection={palette.opening ? <Loader size={14} /> : <SearchIcon />}
            aria-busy={palette.opening || undefined}
            onClick={() => {
              nav.close();
              palette.open();
            }}
          >
            Find a customer
          </Button>
        </AppShell.Section>
        <AppShell.Section grow style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
          {/* With the horizontal menu the side menu is only the small screens' drop-down. */}
          {!horizontal || navOpen ? <SideNav sections={sections} onNavigate={nav.close} /> : null}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {user.IsImpersonating ? (
          <ImpersonationBanner
            subject={user.Name}
            actor={user.ImpersonatedBy?.Name ?? 'yourself'}
            onDismiss={() => endImpersonation.mutate()}
            dismissing={endImpersonation.isPending}
          />
        ) : null}
        <Outlet context={context} />
      </AppShell.Main>
      {palette.opening ? (
        <VisuallyHidden role="status">Opening Find a customer</VisuallyHidden>
      ) : null}
      {palette.mounted ? (
        <CustomerSpotlight
          stores={userStores(user)}
          onOpenContact={(id) => navigate(customerProfilePath(id))}
          onShowAll={(term) => navigate(customerSearchPath(term))}
        />
      ) : null}
      {mergeSessionRequest(search) ? (
        <Suspense fallback={null}>
          <MergeSessionCheck />
        </Suspense>
      ) : null}
      {canImpersonate && impersonateOpen ? <ImpersonateUserDialog user={user} opened onClose={impersonate.close} /> : null}
    </AppShell>
  );
}
