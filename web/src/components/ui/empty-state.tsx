import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  title: string;
  children?: ReactNode;
};

/** EmptyState tells the user plainly that there is nothing to show here. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <Stack align="center" gap="sm" py={64} px="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <path d="M3 9h18M8 14h8" strokeLinecap="round" />
        </svg>
      </ThemeIcon>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children ? (
        <Text c="dimmed" maw={480}>
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
