import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';

import type { AppUser } from '../../lib/api/types';

function initials(user: AppUser): string {
  const first = user.FirstName?.[0] ?? user.Name?.[0] ?? '';
  const last = user.LastName?.[0] ?? '';
  return `${first}${last}`.toUpperCase();
}

type UserMenuProps = {
  user: AppUser;
  horizontalMenu: boolean;
  onHorizontalMenuChange: (on: boolean) => void;
  /** Opens the impersonation picker; absent when the user may not impersonate. */
  onImpersonate?: () => void;
};

/** UserMenu is the user's name in the header, opening the layout option and user actions. */
export function UserMenu({ user, horizontalMenu, onHorizontalMenuChange, onImpersonate }: UserMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={`User menu: ${user.Name}`} px={6} py={4} style={{ borderRadius: 6 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size="sm" color={user.AvatarBGColor || 'blue'} aria-hidden>
              {initials(user)}
            </Avatar>
            <Text size="sm" fw={600} data-testid="user-name" truncate maw={{ base: 120, sm: 260 }}>
              {user.Name}
            </Text>
          </Group>
        </UnstyledButton>
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
