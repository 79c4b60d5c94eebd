import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { hashOf, screenshot } from './pages';
import { exchangePartnerAssertion, partnerAssertion } from './partner';

/** The demo sales person's CXM user id (Sam Ortega, the first demo sign-in). */
const SALES_USER_ID = '100001';

describe('an embedded page opened by a partner with an ssoToken', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens as the user without the sign-in page, with no Logout', async () => {
    const { accessToken } = await exchangePartnerAssertion(baseUrl, await partnerAssertion(SALES_USER_ID));
    // The page's clock is driven by the test from here on, so its expiry can be reached at once.
    await page.clock.install();

    await page.goto(`${baseUrl}/#/embedded/customerdashboard?ssoToken=${encodeURIComponent(accessToken)}`);

    await page.getByRole('heading', { level: 1, name: 'Customer Profile' }).waitFor();
    await page.getByText('Sam Ortega').waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    await page.waitForURL((url) => !url.hash.includes('ssoToken'));
    expect(hashOf(page)).toBe('#/embedded/customerdashboard');
    expect(await page.evaluate(() => window.sessionStorage.getItem('cxm.embeddedToken'))).toBe(accessToken);
    expect(await page.title()).toBe('Customer Profile');
    await screenshot(page, '17-embedded-customer-profile');
  });

  it('shows the expiry message once the token lapses', async () => {
    // Partner tokens last 10 minutes; the page checks its token every 5 seconds.
    await page.clock.fastForward('10:30');

    await page.getByText('This session has expired! Please close this window.').waitFor();
    expect(await page.getByRole('heading', { name: 'Customer Profile' }).count()).toBe(0);
    await screenshot(page, '18-embedded-expired');
    expect(browser.pageErrors).toEqual([]);
  });
});
