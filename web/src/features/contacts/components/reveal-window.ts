import { useEffect } from 'react';

/** REVEAL_SECONDS is how long a revealed value stays on screen before it is masked again. */
export const REVEAL_SECONDS = 30;

/**
 * useRevealWindow hides a revealed value again (calls hide) REVEAL_SECONDS after it was shown
 * and as soon as the page is hidden; shown says whether one is on screen.
 */
export function useRevealWindow(shown: boolean, hide: () => void): void {
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(hide, REVEAL_SECONDS * 1000);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hide();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [shown, hide]);
}
