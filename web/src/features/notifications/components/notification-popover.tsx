import { ActionIcon, Anchor, Button, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useId } from 'react';

import type { UserNotification } from '../../../lib/api/types';
import { useLoadedMenu, type LoadedPartProps } from '../../../lib/deferred-part';
import { useNotifications } from '../api/list-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';
import { bellLabel, BellIcon } from './notification-bell';

type ItemProps = {
  notification: UserNotification;
  onRead: (id: string) => void;
  /** onOpen is called when the notification's link is followed. */
  onOpen: () => void;
  marking: boolean;
};

function NotificationItem({ notification: n, onRead, onOpen, marking }: ItemProps) {
  const title = n.Title || n.Message || 'Notification';
  const open = () => {
    if (!n.Read) onRead(n.NotificationId);
    onOpen();
  };
  const heading = n.Link ? (
    <Anchor href={n.Link} fw={n.Read ? 400 : 700} size="sm" onClick={open}>
      {title}
    </Anchor>
  ) : (
    <Text fw={n.Read ? 400 : 700} size="sm">
      {title}
    </Text>
  );
  return (
    <li aria-label={`${title}${n.Read ? '' : ', unread'}`} style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          {heading}
          {n.Title && n.Message ? (
            <Text size="sm" c="dimmed">
              {n.Message}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {new Date(n.CreatedAt).toLocaleString()}
          </Text>
        </Stack>
        {n.Read ? null : (
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => onRead(n.NotificationId)}
            loading={marking}
            aria-label={`Mark "${title}" read`}
          >
            Mark read
          </Button>
        )}
      </Group>
    </li>
  );
}

/**
 * LoadedNotificationBell is the bell with its list of notifications, newest first, to mark one or
 * all read. It takes the place of NotificationBell's stand-in when the user presses the bell.
 */
export function LoadedNotificationBell({ count, ...part }: LoadedPartProps & { count: number }) {
  const { target, opened, setOpened } = useLoadedMenu(part);
  const close = () => setOpened(false);
  const toggle = () => setOpened((o) => !o);
  const headingId = useId();
  const list = useNotifications(opened);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const notifications = (list.data?.pages ?? []).flatMap((p) => p.notifications ?? []);

  return (
    <Popover opened={opened} onChange={(o) => (o ? undefined : close())} position="bottom-end" width={360} shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Indicator label={count > 99 ? '99+' : count} size={16} disabled={count === 0} offset={4} color="red">
          <ActionIcon ref={target} variant="default" size="lg" onClick={toggle} aria-label={bellLabel(count)} aria-expanded={opened} aria-haspopup="dialog">
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={headingId}>
        <Group justify="space-between" mb="xs">
          <Text fw={700} id={headingId}>
            Notifications
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            disabled={count === 0}
          >
            Mark all read
          </Button>
        </Group>
        {list.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading notifications" />
          </Group>
        ) : list.isError ? (
          <Text size="sm" c="red">
            The notifications could not be loaded.
          </Text>
        ) : notifications.length === 0 ? (
          <Text size="sm" c="dimmed">
            No notifications
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420}>
            <Stack component="ul" gap="sm" p={0} m={0} aria-label="Notifications">
              {notifications.map((n) => (
                <NotificationItem
                  key={n.NotificationId}
                  notification={n}
                  onRead={(id) => markRead.mutate(id)}
                  onOpen={close}
                  marking={markRead.isPending && markRead.variables === n.NotificationId}
                />
              ))}
            </Stack>
            {list.hasNextPage ? (
              <Button variant="default" size="xs" fullWidth mt="sm" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                Show older notifications
              </Button>
            ) : null}
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
