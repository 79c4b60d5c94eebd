import { Notifications } from '@mantine/notifications';

/**
 * NotificationsContainer shows the notifications at the bottom left. It is its own module so the
 * providers can load it with the first notification: a static import here lets the bundler keep
 * only the container in its chunk, and the notifications' store in the page's.
 */
export function NotificationsContainer() {
  return <Notifications position="bottom-left" />;
}
