import { setupServer } from 'msw/node';

/** server answers component tests' requests; each test adds the handlers it needs. */
export const server = setupServer();
