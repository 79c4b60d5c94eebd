import type { Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { DEMO_PASSWORD } from './pages';
import { resetUserSettings } from './user-pool';

/** Suite is what the tests of one describe block share: the local stack's address and one browser. */
export type Suite = {
  readonly baseUrl: string;
  /** The browser, open from the block's first test to its last. */
  readonly browser: BrowserSession;
  readonly page: Page;
};

/**
 * useBrowser opens one browser before the tests of the describe block it is called in and closes it after
 * them, then puts back the saved settings of the demo sign-ins named, so later files start from the seed.
 */
export function useBrowser(...resetSettingsOf: string[]): Suite {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession | undefined;

  beforeAll(async () => {
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    for (const email of resetSettingsOf) await resetUserSettings(baseUrl, email, DEMO_PASSWORD);
  });

  return {
    baseUrl,
    get browser() {
      if (!browser) throw new Error('The browser opens before the first test.');
      return browser;
    },
    get page() {
      return this.browser.page;
    },
  };
}
