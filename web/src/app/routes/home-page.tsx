import { Stack, Text, Title } from '@mantine/core';

import { useCurrentUser } from '../../features/users/api/get-current-user';

/** HomePage is the default page under /app. */
export function HomePage() {
  const { data: user } = useCurrentUser();
  return (
    <Stack gap="xs" py="md">
      <Title order={1} size="h2">
        {user?.FirstName ? `Welcome, ${user.FirstName}` : 'Welcome'}
      </Title>
      <Text c="dimmed">Choose a page from the menu to start.</Text>
    </Stack>
  );
}
