import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { DEMO_PASSWORD as password, hashOf, screenshot, signIn } from './pages';
import { createSignInWithoutProfile, userPoolAccessToken } from './user-pool';

function lastViewedPageSaved(page: Page) {
  return page.waitForResponse(
    (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/usersettings/key/lastViewedPage',
  );
}

describe('signing in and finding the way back', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    // Other tests leave the sales person on pages of their own: this one starts from the default.
    const token = await userPoolAccessToken(baseUrl, 'sales@northwind.demo', password);
    const reset = await fetch(`${baseUrl}/usersettings/key/lastViewedPage`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: 'lastViewedPage', value: encodeURIComponent('/app/default') }),
    });
    expect(reset.status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens on the sign-in page', async () => {
    await page.goto(baseUrl);

    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.waitForURL((url) => url.hash === '#/signin');
    await screenshot(page, '01-sign-in');
  });

  it('rejects a wrong password with a clear message', async () => {
    await signIn(page, 'sales@northwind.demo', 'not-the-password');

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Incorrect email or password.');
    expect(hashOf(page)).toBe('#/signin');
    await screenshot(page, '02-wrong-password');
  });

  it('signs in as the sales person and shows the shell', async () => {
    await signIn(page, 'sales@northwind.demo', password);

    const banner = page.getByRole('banner');
    await banner.getByText('Sam Ortega').waitFor();
    await banner.getByRole('button', { name: 'Logout' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(hashOf(page)).toBe('#/app/default');
    expect(await page.title()).toBe('CXM');
    await screenshot(page, '03-shell');
  });

  it('opens Customer Search from the menu and saves it as the last viewed page', async () => {
    const saved = lastViewedPageSaved(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customer Search' }).click();

    await page.getByRole('textbox', { name: 'Search customers' }).waitFor();
    expect(hashOf(page)).toBe('#/app/contactsearch');
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      key: 'lastViewedPage',
      value: encodeURIComponent('/app/contactsearch'),
    });
    await page.waitForFunction(() => document.title === 'Customer Search');
    await screenshot(page, '04-customer-search');
  });

  it('stays on the page and signed in after a reload', async () => {
    await page.reload();

    await page.getByRole('textbox', { name: 'Search customers' }).waitFor();
    await page.getByRole('banner').getByText('Sam Ortega').waitFor();
    expect(hashOf(page)).toBe('#/app/contactsearch');
    await screenshot(page, '05-after-reload');
  });

  it('signs out to the sign-in page', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();

    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.waitForURL((url) => url.hash === '#/signin');
    await screenshot(page, '06-signed-out');
  });

  it('returns to the last viewed page on the next sign-in', async () => {
    await signIn(page, 'sales@northwind.demo', password);

    await page.getByRole('textbox', { name: 'Search customers' }).waitFor();
    await page.getByRole('banner').getByText('Sam Ortega').waitFor();
    expect(hashOf(page)).toBe('#/app/contactsearch');
    await screenshot(page, '07-restored-last-viewed-page');
  });

  it('threw no errors in the page', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});

describe('a link to a page, opened without a session', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('asks to sign in, then opens the linked page', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/#/app/leadsdashboard`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    await signIn(page, 'salesmanager@northwind.demo', password);

    await page.getByRole('heading', { name: 'Leads Log', exact: true }).waitFor();
    await page.getByRole('banner').getByText('Morgan Reyes').waitFor();
    expect(hashOf(page)).toBe('#/app/leadsdashboard');
    await screenshot(page, '08-linked-page-after-sign-in');
    expect(browser.pageErrors).toEqual([]);
  });

  it('on a narrow screen, opens the menu from the header button', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    const open = page.getByRole('button', { name: 'Open navigation' });
    await open.waitFor();
    // The menu slides out of view as the screen narrows; wait until it has.
    await page.waitForFunction(() => {
      const nav = document.querySelector('nav[aria-label="Main"]');
      return nav !== null && Math.round(nav.getBoundingClientRect().right) <= 0;
    });
    await screenshot(page, '09-narrow');
    // Everything in the header stays within the phone's width, Logout included.
    const logout = await page.getByRole('banner').getByRole('button', { name: 'Logout' }).boundingBox();
    expect(logout).not.toBeNull();
    expect(logout!.x + logout!.width).toBeLessThanOrEqual(390);

    await open.click();
    const wishlist = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wishlist' });
    await wishlist.waitFor();
    // The menu slides in; wait until it is fully in view.
    await page.waitForFunction(() => {
      const nav = document.querySelector('nav[aria-label="Main"]');
      return nav !== null && Math.round(nav.getBoundingClientRect().left) >= 0;
    });
    await screenshot(page, '10-narrow-menu-open');
    await wishlist.click();

    await page.getByRole('heading', { name: 'Wishlist Manager is not available yet' }).waitFor();
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    // Following a link closes the menu; wait until it has slid out of view.
    await page.waitForFunction(() => {
      const nav = document.querySelector('nav[aria-label="Main"]');
      return nav !== null && Math.round(nav.getBoundingClientRect().right) <= 0;
    });
    expect(hashOf(page)).toBe('#/app/wishlist');
    await screenshot(page, '11-narrow-wishlist');
  });
});

describe('a sign-in without a user profile', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await openBrowser();
    await createSignInWithoutProfile(baseUrl, 'noprofile@northwind.demo', password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the no-profile screen with its code, and Logout returns to sign-in', async () => {
    const { page } = browser;
    await page.goto(baseUrl);
    await signIn(page, 'noprofile@northwind.demo', password);

    await page.getByText("We're sorry, we couldn't find your user profile.", { exact: false }).waitFor();
    await page.getByText('0x303030').waitFor();
    await screenshot(page, '12-no-profile');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(hashOf(page)).toBe('#/signin');
    expect(browser.pageErrors).toEqual([]);
  });
});
