import { Button, Group, Skeleton } from '@mantine/core';
import { Link, useLocation } from 'react-router';

import type { MenuSection } from '../pages';
import { deferredPart, useDeferredPart } from '../../lib/deferred-part';
import { isSingleItemSection, navFilterFromPath } from './menu';

type TopNavProps = {
  /** The categories the user may see; null while they are worked out. */
  sections: readonly MenuSection[] | null;
};

/** Chevron marks a category that opens a drop-down. */
export function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden>
      <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export type TopNavMenuProps = {
  section: MenuSection;
  pathname: string;
  variant: 'light' | 'subtle';
};

const topNavMenuPart = deferredPart<TopNavMenuProps>(() => import('./header-popovers').then((m) => m.LoadedTopNavMenu));

/**
 * TopNavMenu is a category of the horizontal menu with several pages: a button opening a
 * drop-down, whose code loads when the user points at, focuses or presses the button.
 */
function TopNavMenu(props: TopNavMenuProps) {
  const { loaded, handlers } = useDeferredPart(topNavMenuPart, 'press');
  if (loaded) {
    const { Component, takeFocus, openNow } = loaded;
    return <Component {...props} takeFocus={takeFocus} openNow={openNow} />;
  }
  return (
    <Button variant={props.variant} size="compact-sm" rightSection={<Chevron />} aria-haspopup="menu" aria-expanded={false} {...handlers}>
      {props.section.label}
    </Button>
  );
}

/** TopNav is the horizontal menu: each category a link or a drop-down of its pages. */
export function TopNav({ sections }: TopNavProps) {
  const { pathname } = useLocation();
  const filter = navFilterFromPath(pathname);
  if (sections === null) {
    return (
      <Group component="nav" aria-label="Main" aria-busy gap="md" h="100%" px="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={14} width={90} radius="sm" />
        ))}
      </Group>
    );
  }
  return (
    <Group component="nav" aria-label="Main" gap={4} h="100%" px="sm" wrap="nowrap" style={{ overflowX: 'auto' }}>
      {sections.map((section) => {
        const current = filter?.category === section.label;
        const variant = current ? 'light' : 'subtle';
        if (isSingleItemSection(section)) {
          const item = section.items[0]!;
          const to = `/app/${item.path}`;
          return (
            <Button
              key={section.label}
              component={Link}
              to={to}
              variant={variant}
              size="compact-sm"
              aria-current={pathname === to ? 'page' : undefined}
            >
              {item.label}
            </Button>
          );
        }
        return <TopNavMenu key={section.label} section={section} pathname={pathname} variant={variant} />;
      })}
    </Group>
  );
}
