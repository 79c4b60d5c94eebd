import { ActionIcon, Indicator } from '@mantine/core';
import { useEffect } from 'react';

import { deferredPart, useDeferredPart } from '../../../lib/deferred-part';
import { useUnreadCount } from '../api/get-unread-count';

/** bellLabel is the bell's accessible name, which carries the unread count. */
export function bellLabel(unread: number | undefined): string {
  if (!unread) return 'Notifications, none unread';
  return `Notifications, ${unread} unread`;
}

/** BellIcon is the bell's drawing. */
export function BellIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M13.73 21a2 2 0 01-3.46 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const bellPart = deferredPart<{ count: number }>(() =>
  import('./notification-popover').then((m) => m.LoadedNotificationBell),
);

type NotificationBellProps = {
  /** How often the unread count is read again; a minute unless a test says otherwise. */
  refreshMs?: number;
};

/**
 * NotificationBell shows the user's unread notification count and, when pressed, their
 * notifications newest first, to mark one or all read (that list's code loads when the user
 * points at, focuses or presses the bell). The count is read on an interval and whenever the
 * window regains focus.
 */
export function NotificationBell({ refreshMs }: NotificationBellProps) {
  const unread = useUnreadCount(refreshMs);
  const count = unread.data?.count ?? 0;
  const { refetch } = unread;
  const { loaded, handlers } = useDeferredPart(bellPart, 'press');

  // Coming back to the window (from another window, not only another tab) reads the count again.
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);

  if (loaded) {
    const { Component, takeFocus, openNow } = loaded;
    return <Component count={count} takeFocus={takeFocus} openNow={openNow} />;
  }
  return (
    <Indicator label={count > 99 ? '99+' : count} size={16} disabled={count === 0} offset={4} color="red">
      <ActionIcon variant="default" size="lg" aria-label={bellLabel(count)} aria-expanded={false} aria-haspopup="dialog" {...handlers}>
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );
}
