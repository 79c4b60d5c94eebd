import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { hashOf, screenshot } from './pages';
import { exchangePartnerAssertion, partnerAssertion } from './partner';

/** The demo sales person's CXM user id (Sam Ortega, the first demo sign-in). */
const SALES_USER_ID = '100001';

/** Priya Shah of Northwind Honda, a seeded customer of the demo sales person's stores. */
const PRIYA_ID = '1001000000008';

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

    // A partner's frame is narrower than a browser window.
    await page.setViewportSize({ width: 900, height: 700 });
    await page.goto(`${baseUrl}/#/embedded/customerdashboard/${PRIYA_ID}?ssoToken=${encodeURIComponent(accessToken)}`);

    await page.getByRole('heading', { level: 1, name: 'Priya Shah' }).waitFor();
    expect(await page.getByTestId('user-name').textContent()).toBe('Sam Ortega');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Sign in' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    await page.waitForURL((url) => !url.hash.includes('ssoToken'));
    expect(hashOf(page)).toBe(`#/embedded/customerdashboard/${PRIYA_ID}`);
    // Nothing is wider than the frame.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await page.evaluate(() => window.sessionStorage.getItem('cxm.embeddedToken'))).toBe(accessToken);
    expect(await page.title()).toBe('Customer Profile');
    await screenshot(page, '17-embedded-customer-profile');
  });

  it("logs a note on the customer's Log note page, and the note shows in the customer's activity", async () => {
    const note = `Lease ends in March; call back about a new CR-V (${Date.now()})`;
    // The partner opens its next page in the same frame, with the token the frame already holds.
    await page.goto(`${baseUrl}/#/embedded/customerlognote?contactId=${PRIYA_ID}`);

    await page.getByRole('heading', { level: 1, name: 'Log note' }).waitFor();
    await page.getByText('Priya Shah').first().waitFor();
    expect(await page.title()).toBe('Customer Log Note');
    const form = page.getByRole('region', { name: 'Log note' });
    await form.getByLabel('Note text').fill(note);
    await form.getByRole('button', { name: 'Log note' }).click();

    await page.getByRole('list', { name: 'Activity' }).getByText(note).waitFor();
    expect(await form.getByLabel('Note text').inputValue()).toBe('');
    await screenshot(page, '64-embedded-log-note');

    await page.goto(`${baseUrl}/#/embedded/customerdashboard/${PRIYA_ID}?tab=activity`);
    await page.getByRole('heading', { level: 1, name: 'Priya Shah' }).waitFor();
    await page.getByRole('list', { name: 'Activity' }).getByText(note).waitFor();
    await screenshot(page, '65-embedded-profile-activity');
  });

  it('offers Log call and Customer Merge for the customer', async () => {
    await page.goto(`${baseUrl}/#/embedded/customerlogcall?contactId=${PRIYA_ID}`);
    await page.getByRole('heading', { level: 1, name: 'Log call' }).waitFor();
    await page.getByRole('region', { name: 'Log call' }).getByRole('button', { name: 'Log call' }).waitFor();
    await screenshot(page, '66-embedded-log-call');

    await page.goto(`${baseUrl}/#/embedded/customermerge?contactId=${PRIYA_ID}&platformId=2002`);
    await page.getByRole('region', { name: 'Customer to merge' }).getByText('Priya Shah').waitFor();
    await page.getByLabel('Search customers').waitFor();
    expect(await page.title()).toBe('Customer Merge');
    await screenshot(page, '67-embedded-merge');
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
