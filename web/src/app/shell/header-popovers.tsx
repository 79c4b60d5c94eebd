import { Button, Menu, Tooltip } from '@mantine/core';
import { cloneElement, useEffect, useRef, type ReactElement, type Ref } from 'react';
import { Link } from 'react-router';

import type { MenuSection } from '../pages';
import { useLoadedMenu, type LoadedPartProps } from '../../lib/deferred-part';
import { Chevron, type TopNavMenuProps } from './top-nav';
import { UserMenuButton, type UserMenuProps } from './user-menu';
import type { HeaderTooltipProps } from './header-tooltip';

// The header's menus and tooltips, loaded when the user first shows interest in one of them
// (see lib/deferred-part.ts), not with the shell.

/** LoadedUserMenu is the user menu with its drop-down. */
export function LoadedUserMenu({ user, horizontalMenu, onHorizontalMenuChange, onImpersonate, ...loaded }: UserMenuProps & LoadedPartProps) {
  const { target, opened, setOpened } = useLoadedMenu(loaded);
  return (
    <Menu position="bottom-end" withinPortal width={220} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <UserMenuButton user={user} ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Layout</Menu.Label>
        <Menu.CheckboxItem checked={horizontalMenu} onChange={onHorizontalMenuChange}>
          Horizontal menu
        </Menu.CheckboxItem>
        {onImpersonate ? (
          <>
            <Menu.Divider />
            <Menu.Item onClick={onImpersonate}>Impersonate user</Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

/** LoadedTopNavMenu is one category of the horizontal menu, a drop-down of its pages. */
export function LoadedTopNavMenu({ section, pathname, variant, ...loaded }: TopNavMenuProps & LoadedPartProps) {
  const { target, opened, setOpened } = useLoadedMenu(loaded);
  return (
    <Menu position="bottom-start" offset={6} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Button ref={target} variant={variant} size="compact-sm" rightSection={<Chevron />}>
          {section.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {section.items.map((item: MenuSection['items'][number]) => {
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
}

/** LoadedTooltip is a header tooltip, shown at once when the pointer was already over it. */
export function LoadedTooltip({ label, disabled, children, takeFocus, openNow }: HeaderTooltipProps & LoadedPartProps) {
  const target = useRef<HTMLElement>(null);
  const initialFocus = useRef(takeFocus);
  useEffect(() => {
    if (initialFocus.current) target.current?.focus();
  }, []);
  return (
    <Tooltip label={label} disabled={disabled} defaultOpened={openNow && !disabled}>
      {cloneElement(children as ReactElement<{ ref?: Ref<HTMLElement> }>, { ref: target })}
    </Tooltip>
  );
}
