import { notifications } from '@mantine/notifications';

import { isApiError } from './api/api-error';

/** Toast limits from the spec's display constants. */
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 500;

/** The message shown when a failure carries no message of its own. */
export const DEFAULT_FAILURE_MESSAGE = 'Something went wrong... Please refresh the page and try again.';

export type NotificationKind = 'success' | 'warning' | 'info' | 'error';

const kinds: Record<NotificationKind, { title?: string; color: string }> = {
  success: { title: 'Success', color: 'green' },
  warning: { title: 'Warning', color: 'yellow' },
  info: { color: 'blue' },
  error: { title: 'Error', color: 'red' },
};

/** truncate shortens text to at most max characters, ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export type NotifyOptions = {
  /** A toast with the same id as one showing is not shown twice. */
  id?: string;
};

/** notify shows a toast of the given kind; titles and bodies are cut to the spec's limits. */
export function notify(kind: NotificationKind, message: string, title?: string, options: NotifyOptions = {}): void {
  const { title: defaultTitle, color } = kinds[kind];
  const shownTitle = title ?? defaultTitle;
  notifications.show({
    id: options.id,
    color,
    title: shownTitle === undefined ? undefined : truncate(shownTitle, NOTIFICATION_TITLE_MAX),
    message: truncate(message, NOTIFICATION_BODY_MAX),
  });
}

/** errorMessage returns the text shown for a failed call. */
export function errorMessage(err: unknown): string {
  if (isApiError(err) && err.messages.length > 0) return err.messages.join('\n');
  return DEFAULT_FAILURE_MESSAGE;
}

/** notifyError shows a failed call's messages as an error toast. */
export function notifyError(err: unknown): void {
  notify('error', errorMessage(err));
}
