import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

import { fullStoreSettings } from './fixtures';
import { uiDealerSettings } from './handlers';
import { relationsDefaults } from './relations-handlers';

/**
 * Calls every signed-in screen makes, answered unless a test says otherwise: the selected
 * stores have every feature, and the logout notification is accepted.
 */
const defaultHandlers = [
  uiDealerSettings(fullStoreSettings),
  http.post('*/auth/logout', () => HttpResponse.json({ successful: true, data: null })),
  ...relationsDefaults,
];

/** server answers component tests' requests; each test adds the handlers it needs. */
export const server = setupServer(...defaultHandlers);
