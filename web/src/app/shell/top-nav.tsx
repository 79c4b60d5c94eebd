import { Button, Group, Menu, Skeleton } from '@mantine/core';
import { Link, useLocation } from 'react-router';

import type { MenuSection } from '../pages';
import { isSingleItemSection, navFilterFromPath } from './menu';

type TopNavProps = {
  /** The categories the user may see; null while they are worked out. */
  sections: readonly MenuSection[] | null;
};

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden>
      <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
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
        return (
          <Menu key={section.label} position="bottom-start" offset={6} withinPortal>
            <Menu.Target>
              <Button variant={variant} size="compact-sm" rightSection={<Chevron />}>
                {section.label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {section.items.map((item) => {
                const to = `/app/${item.path}`;
                const active = pathname === to;
                return (
                  <Menu.Item
                    key={item.path}
                    component={Link}
                    to={to}
                    aria-current={active ? 'page' : undefined}
                    fw={active ? 600 : undefined}
                    c={active ? 'blue.8' : undefined}
                  >
                    {item.label}
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}
