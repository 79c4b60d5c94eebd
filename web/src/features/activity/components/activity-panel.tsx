import { Alert, Badge, Button, Center, Chip, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';

import { EmptyState } from '../../../components/ui/empty-state';
import type { ActivityEntry } from '../../../lib/api/types';
import { errorMessage } from '../../../lib/notify';
import { ACTIVITY_CATEGORIES, entrySummary, isActivityCategory, kindLabel } from '../activity-display';
import { useActivityCounts } from '../api/get-activity-counts';
import { useActivityFeed } from '../api/get-activity-feed';

/** The address parameters holding the feed's category and the cursors of the pages before the one shown. */
export const CATEGORY_PARAM = 'activity';
export const CURSOR_PARAM = 'activityCursor';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * ActivityPanel is the profile's Activity tab: the customer's activity newest first, filtered by
 * category with each category's count, a page at a time. The category and the cursors of the
 * pages before the one shown live in the address, so a page can be linked and reloaded.
 */
export function ActivityPanel({ contactId }: { contactId: number }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(CATEGORY_PARAM);
  const category = isActivityCategory(raw) ? raw : '';
  const cursors = params.getAll(CURSOR_PARAM);
  const cursor = cursors[cursors.length - 1] ?? '';
  const counts = useActivityCounts(contactId);
  const feed = useActivityFeed({ contactId, category, cursor, pageNumber: cursors.length + 1 });

  const goTo = (nextCategory: string, nextCursors: string[]) => {
    const next = new URLSearchParams(params);
    next.delete(CATEGORY_PARAM);
    next.delete(CURSOR_PARAM);
    if (nextCategory !== '') next.set(CATEGORY_PARAM, nextCategory);
    for (const c of nextCursors) next.append(CURSOR_PARAM, c);
    setParams(next);
  };
  const setCategory = (value: string) => goTo(value, []);

  const total = counts.data?.total ?? 0;
  const shownCategories = ACTIVITY_CATEGORIES.filter((c) => c.value === category || (counts.data?.categories ?? []).some((x) => x.category === c.value && x.count > 0));
  const countOf = (value: string) => counts.data?.categories?.find((c) => c.category === value)?.count ?? 0;
  const page = feed.data?.pageData;
  const entries = feed.data?.data.entries ?? [];
  const next = feed.data?.data.nextCursor ?? '';

  return (
    <Stack gap="md">
      <Chip.Group multiple={false} value={category || 'all'} onChange={(v) => setCategory(v === 'all' ? '' : String(v))}>
        <Group gap="xs" role="group" aria-label="Activity category">
          <Chip value="all" variant="outline">
            All ({total})
          </Chip>
          {shownCategories.map((c) => (
            <Chip key={c.value} value={c.value} variant="outline">
              {c.label} ({countOf(c.value)})
            </Chip>
          ))}
        </Group>
      </Chip.Group>

      {feed.isPending ? (
        <Center py="xl" role="status" aria-label="Loading activity">
          <Loader size="sm" />
        </Center>
      ) : feed.isError ? (
        <Alert color="red" title="The activity could not be loaded" role="alert">
          {errorMessage(feed.error)}
        </Alert>
      ) : entries.length === 0 ? (
        <EmptyState title="No activity yet">Calls, notes and other activity with this customer will show here.</EmptyState>
      ) : (
        <Stack gap="xs" component="ol" aria-label="Activity" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {entries.map((e) => (
            <ActivityItem key={e.id} entry={e} />
          ))}
        </Stack>
      )}

      {page && page.pageTotal > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Page {page.pageNumber} of {page.pageTotal} · {page.totalRecords} entries
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={cursors.length === 0} onClick={() => goTo(category, cursors.slice(0, -1))}>
              Previous page
            </Button>
            <Button variant="default" size="xs" disabled={next === '' || feed.isFetching} onClick={() => goTo(category, [...cursors, next])}>
              Next page
            </Button>
          </Group>
        </Group>
      ) : null}
    </Stack>
  );
}

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const summary = entrySummary(entry);
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={`${kindLabel(entry.kind)} by ${entry.userName || entry.userId}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Badge variant="light" size="sm">
              {kindLabel(entry.kind)}
            </Badge>
            <Text size="sm" fw={500}>
              {entry.userName || entry.userId}
            </Text>
          </Group>
          {summary ? (
            <Text size="sm" c="dimmed">
              {summary}
            </Text>
          ) : null}
          {entry.text ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {entry.text}
            </Text>
          ) : null}
        </Stack>
        <Text size="xs" c="dimmed" component="time" dateTime={entry.at} style={{ whiteSpace: 'nowrap' }}>
          {dateTime.format(new Date(entry.at))}
        </Text>
      </Group>
    </Paper>
  );
}
