/** The spec's timers (section 9), in milliseconds. */

/** How often an embedded page checks whether its token has lapsed. */
export const EMBEDDED_TOKEN_CHECK_MS = 5_000;

/** How long after start-up the contact-merge check runs. */
export const MERGE_CHECK_DELAY_MS = 2_000;

/** How long the loading screen stays when impersonation is detected where it is not supported. */
export const IMPERSONATION_LOADING_DELAY_MS = 2_000;

/** How long the session-expiry modal shows before the user is sent to sign in. */
export const SESSION_EXPIRY_MODAL_MS = 300_000;

/** How long before the access token expires the session is renewed. */
export const SESSION_RENEWAL_MARGIN_MS = 60_000;

/** How long sign-out waits for the logout notification before going on without it. */
export const LOGOUT_NOTIFICATION_WAIT_MS = 3_000;
