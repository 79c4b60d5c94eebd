import { NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';

import type { MenuSection } from '../pages';
import { isSingleItemSection, navFilterFromPath } from './menu';

type SideNavProps = {
  /** The categories the user may see; null while they are worked out. */
  sections: readonly MenuSection[] | null;
  /** Called after a link is followed, to close the menu on small screens. */
  onNavigate?: () => void;
};

/** The room (px) around the links for their focus ring. */
export const FOCUS_RING_ROOM = 6;

/** SideNav is the left navigation: the spec's menu categories and their pages. */
export function SideNav({ sections, onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  const filter = navFilterFromPath(pathname);
  if (sections === null) {
    return (
      <Stack component="nav" aria-label="Main" aria-busy gap="sm" p="sm">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} height={14} radius="sm" width={`${70 - (i % 3) * 15}%`} />
        ))}
      </Stack>
    );
  }
  return (
    // The padding leaves room for a link's focus ring (2px wide, 2px outside the link), which the
    // scrolling section around the menu would otherwise cut off.
    <Stack component="nav" aria-label="Main" gap={4} p={FOCUS_RING_ROOM}>
      {sections.map((section) => {
        const single = isSingleItemSection(section);
        const current = filter?.category === section.label;
        return (
          <div key={section.label} data-current-category={current || undefined}>
            {single ? null : (
              <Text
                component="h2"
                size="xs"
                fw={700}
                c={current ? 'blue.8' : 'dimmed'}
                tt="uppercase"
                px="sm"
                pt="xs"
                pb={4}
              >
                {section.label}
              </Text>
            )}
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {section.items.map((item) => {
                const to = `/app/${item.path}`;
                const active = pathname === to;
                return (
                  <li key={item.path}>
                    <NavLink
                      component={Link}
                      to={to}
                      label={item.label}
                      active={active}
                      aria-current={active ? 'page' : undefined}
                      onClick={onNavigate}
                      fw={single ? 600 : undefined}
                      py={6}
                    />
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </Stack>
  );
}
