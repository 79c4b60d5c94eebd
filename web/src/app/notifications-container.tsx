import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';

import { clearToastsOnInvalidFields, TOAST_LIMIT } from '../lib/notify';

/**
 * NotificationsContainer shows the notifications at the bottom left, a few at a time, and
 * closes them when a form marks a field invalid, so that none covers the field to fix. It is
 * its own module so the providers can load it with the first notification: a static import
 * here lets the bundler keep only the container in its chunk, and the notifications' store in
 * the page's.
 */
export function NotificationsContainer() {
  useEffect(() => clearToastsOnInvalidFields(), []);
  return <Notifications position="bottom-left" limit={TOAST_LIMIT} />;
}
