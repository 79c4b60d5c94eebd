/** The user setting that holds the last page the user viewed. */
export const LAST_VIEWED_PAGE_KEY = 'lastViewedPage';

/** isRememberedPath reports whether visiting path updates the last viewed page. */
export function isRememberedPath(path: string): boolean {
  return path.includes('/app/') && !path.includes('default');
}

/** encodeLastViewedPage is the setting's value for path. */
export function encodeLastViewedPage(path: string): string {
  return encodeURIComponent(path);
}

/** isStartPath reports whether path is where the app lands when no page was asked for. */
export function isStartPath(path: string): boolean {
  return ['', '/', '/app', '/app/', '/app/default'].includes(path);
}

/**
 * lastViewedPageTarget returns the path to open at start-up instead of currentPath, or null to
 * stay: only a start path is replaced, and only by a saved page the app would itself remember.
 */
export function lastViewedPageTarget(currentPath: string, savedValue: string | null | undefined): string | null {
  if (!isStartPath(currentPath) || !savedValue) return null;
  let path: string;
  try {
    path = decodeURIComponent(savedValue);
  } catch {
    return null;
  }
  if (path.startsWith('#')) path = path.slice(1);
  if (!path.startsWith('/app/') || !isRememberedPath(path)) return null;
  return path;
}
