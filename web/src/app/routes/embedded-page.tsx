import { Stack, Title } from '@mantine/core';

import { EmptyState } from '../../components/ui/empty-state';
import type { AppPage } from '../pages';

/** EmbeddedPagePlaceholder stands for an embedded page whose capability the app does not offer yet. */
export function EmbeddedPagePlaceholder({ page }: { page: AppPage }) {
  return (
    <Stack gap="md" py="md">
      <Title order={1} size="h2">
        {page.title}
      </Title>
      <EmptyState title={`${page.title} is not available yet`}>{page.purpose}</EmptyState>
    </Stack>
  );
}

/** EmbeddedNotFound answers an embedded address that names no page. */
export function EmbeddedNotFound() {
  return (
    <Stack gap="md" py="md">
      <EmptyState title="There is no such page">Check the link that opened this window.</EmptyState>
    </Stack>
  );
}
