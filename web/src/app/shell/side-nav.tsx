import { NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';

import { menuSections } from '../pages';

type SideNavProps = {
  /** Called after a link is followed, to close the menu on small screens. */
  onNavigate?: () => void;
};

/** SideNav is the left navigation: the spec's menu categories and their pages. */
export function SideNav({ onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  return (
    <Stack component="nav" aria-label="Main" gap={4}>
      {menuSections.map((section) => {
        const single = section.items.length === 1 && section.items[0]?.label === section.label;
        return (
          <div key={section.label}>
            {single ? null : (
              <Text component="h2" size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={4}>
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
