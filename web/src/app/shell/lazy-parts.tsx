import { lazyPage } from '../lazy-page';

// Parts of the shell that are opened rarely load when first shown, not with the shell.

/** ImpersonateUserDialog, with its searchable user list, loads when it is first opened. */
export const ImpersonateUserDialog = lazyPage(() => import('./impersonate-user-action').then((m) => m.ImpersonateUserDialog), null);
