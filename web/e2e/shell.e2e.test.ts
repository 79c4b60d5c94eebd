import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, hashOf, mainMenu, openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';
import { userPoolAccessToken } from './user-pool';

const always = ['Customer Search', 'Opportunities', 'Opportunities Search', 'Priority Opportunities'];

describe('a sales manager', () => {
  const suite = useBrowser();
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it("sees the manager's menu", async () => {
    await openSignedIn(page, `${baseUrl}/#/app/default`, 'salesmanager@northwind.demo', 'Morgan Reyes');

    const menu = await mainMenu(page);

    expect(menu.categories).toEqual(['Customer Search', 'Dashboards', 'CXM Logs', 'Data Mining', 'Service', 'Inventory']);
    expect(menu.items).toEqual([
      'Customer Search',
      'Reassign Customers',
      'Manager',
      'Sales',
      'Leads Log',
      'Showroom Log',
      'Delivery Log',
      'Call Log',
      'Unmatched Sales',
      ...always.slice(1),
      'Service Experience',
      'All Inventory',
      'Wishlist',
    ]);
    await screenshot(page, '13-manager-menu');
  });

  it('opens the manager dashboard with its widgets', async () => {
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/usersettings/key/lastViewedPage',
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manager' }).click();
    expect((await saved).status()).toBe(200);

    await page.getByRole('heading', { level: 1, name: 'Manager Dashboard' }).waitFor();
    await page.getByRole('main').getByRole('heading', { level: 2, name: 'Processes' }).waitFor();
    const widgets = await page.getByRole('main').getByRole('region').getByRole('heading', { level: 2 }).allTextContents();
    expect(widgets).toEqual(['Dashboard', 'Team Management', 'Customer Engagement', 'Service Lead Management', 'Lead funnel and speed to lead', 'Processes']);
    expect(hashOf(page)).toBe('#/app/managerdashboard');
    expect(await page.title()).toBe('Manager Dashboard');
    await page.getByRole('banner').locator('time').waitFor();
    await screenshot(page, '14-manager-dashboard');
    expect(suite.browser.pageErrors).toEqual([]);
  });

  it('is told of a notification by the bell and marks it read', async () => {
    const token = await userPoolAccessToken(baseUrl, 'sales@northwind.demo', DEMO_PASSWORD);
    const sent = await fetch(`${baseUrl}/users/100002/notify`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ Title: 'Customer waiting', Message: 'Your customer is at the front desk.' }),
    });
    expect(sent.status).toBe(200);

    // Coming back to the window reads the unread count again.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await list.getByRole('listitem', { name: 'Customer waiting, unread' }).first().waitFor();
    await screenshot(page, '14b-notifications');
    await list.getByRole('button', { name: 'Mark all read' }).click();
    await banner.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
    expect(suite.browser.pageErrors).toEqual([]);
  });
});

describe('a sales person', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it("sees the sales person's menu", async () => {
    await openSignedIn(page, `${baseUrl}/#/app/default`, 'sales@northwind.demo', 'Sam Ortega');

    const menu = await mainMenu(page);

    expect(menu.categories).toEqual(['Dashboards', 'CXM Logs', 'Data Mining', 'Service', 'Inventory']);
    expect(menu.items).toEqual([
      'Customer Search',
      'Sales',
      'Leads Log',
      'Showroom Log',
      'Delivery Log',
      ...always.slice(1),
      'Service Experience',
      'All Inventory',
    ]);
    await screenshot(page, '15-sales-menu');
  });

  it('is refused the manager dashboard typed into the address bar', async () => {
    await page.goto(`${baseUrl}/#/app/managerdashboard`);

    await page.getByRole('heading', { level: 1, name: 'Sales Dashboard' }).waitFor();
    await page.getByText('You do not have access to the Manager dashboard.').waitFor();
    await page.waitForURL((url) => url.hash === '#/app/salesdashboard');
    await page.getByRole('main').getByRole('heading', { level: 2, name: 'Processes' }).waitFor();
    const widgets = await page.getByRole('main').getByRole('region').getByRole('heading', { level: 2 }).allTextContents();
    expect(widgets).toEqual(['Dashboard', 'My Customer Engagement', 'My Leads', 'Processes']);
    await screenshot(page, '16-sales-refused-manager-dashboard');
    expect(suite.browser.pageErrors).toEqual([]);
  });
});

describe('a long session', () => {
  const suite = useBrowser('bdc@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it('is renewed silently before the access token expires', async () => {
    const claims = JSON.parse(
      Buffer.from((await userPoolAccessToken(baseUrl, 'bdc@northwind.demo', DEMO_PASSWORD)).split('.')[1] ?? '', 'base64url').toString(),
    ) as { iat: number; exp: number };
    const lifetimeMs = (claims.exp - claims.iat) * 1000;
    // The page's clock is driven by the test, so the token's expiry can be reached at once.
    await page.clock.install();
    await openSignedIn(page, `${baseUrl}/#/app/default`, 'bdc@northwind.demo', 'Bailey Chen');
    await mainMenu(page);

    const renewed = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/cognito' &&
        r.request().headers()['x-amz-target'] === 'AWSCognitoIdentityProviderService.InitiateAuth' &&
        (r.request().postData() ?? '').includes('REFRESH_TOKEN_AUTH'),
    );
    await page.clock.fastForward(lifetimeMs - 30_000);

    expect((await renewed).status()).toBe(200);
    expect(await page.getByRole('dialog', { name: 'Your session has expired' }).count()).toBe(0);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/usersettings/key/lastViewedPage',
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Showroom Log' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Showroom Log' }).waitFor();
    expect(suite.browser.pageErrors).toEqual([]);
  });
});
