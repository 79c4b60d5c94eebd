import { useCallback, useEffect, useState } from 'react';

import { notify } from '../../lib/notify';
import { lazyPage } from '../lazy-page';

// Parts of the shell that are opened rarely load when first shown, not with the shell.

/** ImpersonateUserDialog, with its searchable user list, loads when it is first opened. */
export const ImpersonateUserDialog = lazyPage(() => import('./impersonate-user-action').then((m) => m.ImpersonateUserDialog), null);

const loadSpotlight = () => import('../../features/contacts/components/customer-spotlight');

/** CustomerSpotlight, the customer command palette, loads when it is first opened. */
export const CustomerSpotlight = lazyPage(() => loadSpotlight().then((m) => m.CustomerSpotlight), null);

/** isPaletteShortcut tells Ctrl+K (⌘K on a Mac), the customer palette's shortcut. */
export function isPaletteShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/**
 * useCustomerSpotlight opens the customer command palette, loading its code the first time:
 * open does it from the header's button, and Ctrl+K / ⌘K anywhere (even in a text field) until
 * the palette is there to hear its shortcut itself. mounted says when to render
 * CustomerSpotlight; opening is true while its code loads.
 */
export function useCustomerSpotlight() {
  const [mounted, setMounted] = useState(false);
  const [opening, setOpening] = useState(false);
  const open = useCallback(() => {
    setOpening(true);
    Promise.all([loadSpotlight(), CustomerSpotlight.preload()])
      .then(([palette]) => {
        palette.openCustomerSpotlight();
        setMounted(true);
      })
      .catch(() => notify('error', 'Find a customer could not be opened. Please check your connection and try again.'))
      .finally(() => setOpening(false));
  }, []);
  useEffect(() => {
    if (mounted) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      open();
    };
    document.documentElement.addEventListener('keydown', onKeyDown);
    return () => document.documentElement.removeEventListener('keydown', onKeyDown);
  }, [mounted, open]);
  return { mounted, opening, open };
}
