import { Button, Group, Paper, Text } from '@mantine/core';

type ImpersonationBannerProps = {
  /** The impersonated user's name. */
  subject: string;
  /** The signed-in user's own name. */
  actor: string;
  onDismiss: () => void;
  dismissing?: boolean;
};

/** ImpersonationBanner says whose session the signed-in user is working in, and ends it. */
export function ImpersonationBanner({ subject, actor, onDismiss, dismissing = false }: ImpersonationBannerProps) {
  return (
    <Paper
      component="section"
      aria-label="Impersonation"
      bg="orange.0"
      withBorder
      style={{ borderColor: 'var(--mantine-color-orange-4)' }}
      px="md"
      py="xs"
      mb="md"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600} c="orange.9">
          You are impersonating {subject} (signed in as {actor})
        </Text>
        <Button size="xs" color="orange" onClick={onDismiss} loading={dismissing}>
          Dismiss Impersonation
        </Button>
      </Group>
    </Paper>
  );
}
