import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

import { fullStoreSettings } from './fixtures';
import { recentlyViewed, uiDealerSettings } from './handlers';

/**
 * Calls every signed-in screen makes, answered unless a test says otherwise: the selected
 * stores have every feature, the logout notification is accepted, and the user has viewed no
 * customer yet.
 */
const defaultHandlers = [
  uiDealerSettings(fullStoreSettings),
  http.post('*/auth/logout', () => HttpResponse.json({ successful: true, data: null })),
  recentlyViewed([]),
];

/** server answers component tests' requests; each test adds the handlers it needs. */
export const server = setupServer(...defaultHandlers);
