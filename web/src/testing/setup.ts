import '@testing-library/jest-dom/vitest';

import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

import { setRequestScope } from '../lib/api/scope';
import { server } from './server';

// The whole suite shares two cores; give screens time to settle before a query gives up.
configure({ asyncUtilTimeout: 5000 });

const inBrowser = typeof window !== 'undefined';

// Browser APIs Mantine uses that jsdom does not implement.
if (inBrowser && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}
if (inBrowser && !window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (inBrowser) window.HTMLElement.prototype.scrollIntoView ??= () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  setRequestScope(undefined);
  if (inBrowser) {
    cleanup();
    // The toasts' store outlives a test: a toast still showing, or waiting for one of the few
    // places, would hold back the next test's.
    notifications.clean();
    window.location.hash = '';
    window.sessionStorage.clear();
    window.localStorage.clear();
  }
});
afterAll(() => server.close());
