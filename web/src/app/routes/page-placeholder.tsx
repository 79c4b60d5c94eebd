import { Stack, Title } from '@mantine/core';

import { EmptyState } from '../../components/ui/empty-state';
import type { AppPage } from '../pages';

/** PagePlaceholder stands for a page whose capability the app does not offer yet. */
export function PagePlaceholder({ page }: { page: AppPage }) {
  return (
    <Stack gap="md" py="md">
      <Title order={1} size="h2">
        {page.title}
      </Title>
      <EmptyState title={`${page.title} is not available yet`}>{page.purpose}</EmptyState>
    </Stack>
  );
}
