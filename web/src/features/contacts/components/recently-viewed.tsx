import { Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import type { Store } from '../../../lib/api/types';
import { useRecentlyViewed } from '../api/recently-viewed';
import { matchName, storeName } from '../contact-display';

type RecentlyViewedProps = {
  stores: readonly Store[];
  profilePath: (contactId: number) => string;
};

const viewedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** RecentlyViewed lists the customers the user opened last, so they are one click away again. */
export function RecentlyViewed({ stores, profilePath }: RecentlyViewedProps) {
  const recent = useRecentlyViewed();
  if (recent.isPending) return <Loader size="xs" aria-label="Loading recently viewed customers" />;
  if (recent.isError || recent.data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="recently-viewed-title">
      <Title order={2} size="h4" id="recently-viewed-title">
        Recently viewed
      </Title>
      <Paper withBorder radius="md" p={0}>
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {recent.data.map((c, i) => (
            <Group
              key={c.contactId}
              component="li"
              justify="space-between"
              wrap="nowrap"
              px="md"
              py="xs"
              style={{ borderTop: i === 0 ? undefined : '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={profilePath(c.contactId)} fw={600} truncate>
                    {matchName(c)}
                  </Anchor>
                  {c.isMarkedHot ? (
                    <Badge color="red" variant="light" size="sm">
                      Hot
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {[c.phone, c.email, storeName(stores, c.accountPlatformId)].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {viewedFormat.format(new Date(c.viewedAt))}
              </Text>
            </Group>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
