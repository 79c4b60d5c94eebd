import { Group, Text, UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithoutRef, Ref } from 'react';

import type { AppUser } from '../../lib/api/types';
import { deferredPart, useDeferredPart } from '../../lib/deferred-part';

function initials(user: AppUser): string {
  const first = user.FirstName?.[0] ?? user.Name?.[0] ?? '';
  const last = user.LastName?.[0] ?? '';
  return `${first}${last}`.toUpperCase();
}

export type UserMenuProps = {
  user: AppUser;
  horizontalMenu: boolean;
  onHorizontalMenuChange: (on: boolean) => void;
  /** Opens the impersonation picker; absent when the user may not impersonate. */
  onImpersonate?: () => void;
};

type UserMenuButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style'> & {
  user: AppUser;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * Initials is the user's avatar: their initials in a circle of their colour, a theme colour's
 * light shade (as the component library's light avatar) or, for any other colour, the colour
 * itself under white. A plain element, so the shell carries no avatar component.
 */
function Initials({ user }: { user: AppUser }) {
  const color = user.AvatarBGColor || 'blue';
  const themed = /^[a-z]+$/.test(color);
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: 26,
        height: 26,
        borderRadius: '50%',
        fontSize: 11,
        fontWeight: 700,
        background: themed ? `var(--mantine-color-${color}-light)` : color,
        color: themed ? `var(--mantine-color-${color}-light-color)` : 'white',
      }}
    >
      {initials(user)}
    </span>
  );
}

/** UserMenuButton is the user's initials in the header, and their name from a small tablet's width up (a phone
 * keeps room for Logout), opening the user menu. */
export function UserMenuButton({ user, ...props }: UserMenuButtonProps) {
  return (
    <UnstyledButton aria-label={`User menu: ${user.Name}`} px={6} py={4} style={{ borderRadius: 6 }} {...props}>
      <Group gap="xs" wrap="nowrap">
        <Initials user={user} />
        <Text size="sm" fw={600} data-testid="user-name" truncate maw={{ base: 120, sm: 260 }} visibleFrom="xs">
          {user.Name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

const userMenuPart = deferredPart<UserMenuProps>(() => import('./header-popovers').then((m) => m.LoadedUserMenu));

/**
 * UserMenu is the user's name in the header, opening the layout option and user actions. The
 * menu's code loads when the user points at, focuses or presses the button.
 */
export function UserMenu(props: UserMenuProps) {
  const { loaded, handlers } = useDeferredPart(userMenuPart, 'press');
  if (loaded) {
    const { Component, takeFocus, openNow } = loaded;
    return <Component {...props} takeFocus={takeFocus} openNow={openNow} />;
  }
  return <UserMenuButton user={props.user} aria-haspopup="menu" aria-expanded={false} {...handlers} />;
}
