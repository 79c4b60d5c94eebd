import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium, type BrowserContext, type Page } from 'playwright-core';

export type BrowserSession = {
  context: BrowserContext;
  page: Page;
  /** Errors thrown in the page, collected so a test can assert there were none. */
  pageErrors: string[];
  close: () => Promise<void>;
};

/** openBrowser starts Debian's Chromium with a fresh profile and opens one page. */
export async function openBrowser(): Promise<BrowserSession> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'cxm-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  context.setDefaultTimeout(30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  return {
    context,
    page,
    pageErrors,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
