import { notifications } from '@mantine/notifications';

import { isApiError } from './api/api-error';

/** Toast limits from the spec's display constants. */
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 500;

/** The message shown when a failure carries no message of its own. */
export const DEFAULT_FAILURE_MESSAGE = 'Something went wrong... Please refresh the page and try again.';

export type NotificationKind = 'success' | 'warning' | 'info' | 'error';

/**
 * Every toast closes by itself: a success after a few seconds, what the user must read (a
 * warning, an error) after longer. Pointing at one keeps it open.
 */
export const TOAST_CLOSE_MS: Record<NotificationKind, number> = { success: 4000, info: 5000, warning: 8000, error: 8000 };

/** At most this many toasts show at once; later ones wait for a place. */
export const TOAST_LIMIT = 3;

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
    autoClose: TOAST_CLOSE_MS[kind],
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

/** holdsInvalid reports whether node is, or holds, a field marked invalid. */
function holdsInvalid(node: Node): boolean {
  if (!(node instanceof Element)) return false;
  return node.getAttribute('aria-invalid') === 'true' || node.querySelector('[aria-invalid="true"]') !== null;
}

/**
 * clearToastsOnInvalidFields closes every toast when a field in root becomes invalid (a form
 * showing what to fix), so that no toast, stacked at the bottom left over the form it came
 * from, covers the field in error. It returns the function that stops watching.
 */
export function clearToastsOnInvalidFields(root: HTMLElement = document.body): () => void {
  const observer = new MutationObserver((records) => {
    const invalid = records.some((r) =>
      r.type === 'attributes' ? (r.target as Element).getAttribute('aria-invalid') === 'true' : [...r.addedNodes].some(holdsInvalid),
    );
    if (invalid) notifications.clean();
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-invalid'] });
  return () => observer.disconnect();
}
