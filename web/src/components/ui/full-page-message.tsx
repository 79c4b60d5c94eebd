import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { PRODUCT_NAME } from '../../lib/product';

type FullPageMessageProps = {
  /** Heading announced to assistive technology; the visible product name sits above it. */
  title: string;
  children?: ReactNode;
  /** Whether the message reports progress (announced politely) rather than a failure. */
  busy?: boolean;
};

/** FullPageMessage is the centred card of the app's start-up and failure screens. */
export function FullPageMessage({ title, children, busy = false }: FullPageMessageProps) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={520} w="100%" aria-busy={busy || undefined}>
        <Stack gap="md">
          <Text fw={800} c="blue.8" size="xl" aria-hidden>
            {PRODUCT_NAME}
          </Text>
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
