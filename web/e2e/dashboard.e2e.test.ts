import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';
import { userPoolAccessToken } from './user-pool';

/** Northwind Toyota's first demo customer (account 1001, customer 1), whom the sales person works. */
const TOYOTA_CUSTOMER = '1001000000001';

/** calls reads the number of the widget's Calls tile ("Calls: N"). */
async function calls(page: Page, widget: string): Promise<number> {
  const tile = page.getByRole('region', { name: widget }).getByRole('group', { name: /^Calls: \d+$/ });
  await tile.waitFor();
  return Number((await tile.getAttribute('aria-label'))!.match(/\d+/)![0]);
}

/** logCall logs an outbound call that reached the customer, as email. */
async function logCall(baseUrl: string, email: string): Promise<void> {
  const token = await userPoolAccessToken(baseUrl, email, DEMO_PASSWORD);
  const res = await fetch(`${baseUrl}/crm/contacts/${TOYOTA_CUSTOMER}/actions/log_phone_call`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ direction: 'outbound', outcome: 'contacted', notes: 'Called about the dashboard test drive.', durationSeconds: 60, phoneId: 1 }),
  });
  expect(res.status).toBe(200);
}

/** countsUp reloads the dashboard until the widget's calls exceed before (the counters follow the events). */
async function countsUp(page: Page, widget: string, before: number): Promise<number> {
  let now = before;
  await expect
    .poll(
      async () => {
        await page.reload();
        now = await calls(page, widget);
        return now;
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBeGreaterThan(before);
  return now;
}

describe('the sales dashboard', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it("shows the sales person their own counts, which go up when they log a call", async () => {
    await openSignedIn(page, `${baseUrl}/#/app/salesdashboard`, 'sales@northwind.demo');
    await page.getByRole('heading', { level: 1, name: 'Sales Dashboard' }).waitFor();
    await page.getByRole('region', { name: 'My Customer Engagement' }).waitFor();
    await page.getByRole('region', { name: 'My Leads' }).waitFor();
    expect(await page.getByRole('region', { name: 'Team Management' }).count()).toBe(0);
    const before = await calls(page, 'Dashboard');

    await logCall(baseUrl, 'sales@northwind.demo');

    const after = await countsUp(page, 'Dashboard', before);
    expect(after).toBe(before + 1);
    expect(await calls(page, 'My Customer Engagement')).toBeGreaterThanOrEqual(1);
    await screenshot(page, '90-sales-dashboard');
    expect(suite.browser.pageErrors).toEqual([]);
  });

});

describe('the manager dashboard', () => {
  const suite = useBrowser('salesmanager@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it("shows the manager the team's counts, the funnel and speed to lead, every user's calls and the service leads", async () => {
    await openSignedIn(page, `${baseUrl}/#/app/managerdashboard`, 'salesmanager@northwind.demo');
    await page.getByRole('heading', { level: 1, name: 'Manager Dashboard' }).waitFor();
    const team = page.getByRole('region', { name: 'Team Management' });
    await team.getByRole('table', { name: 'Team activity' }).waitFor();
    expect(await team.getByRole('row').filter({ hasText: 'Sam Ortega' }).count()).toBe(1);
    await page.getByRole('table', { name: 'Speed to lead in business hours' }).waitFor();
    const before = await calls(page, 'Dashboard');

    await logCall(baseUrl, 'salesmanager@northwind.demo');

    expect(await countsUp(page, 'Dashboard', before)).toBe(before + 1);
    // The range picker reads the counts again for the range chosen.
    await page.getByRole('combobox', { name: 'Date range' }).click();
    await page.getByRole('option', { name: 'Last 30 days' }).click();
    await page.waitForURL((url) => url.hash.includes('range=30'));
    expect(await calls(page, 'Dashboard')).toBeGreaterThanOrEqual(before + 1);
    await page.getByRole('region', { name: 'Lead funnel and speed to lead' }).getByRole('button', { name: /^Contacted \(\d+\)$/ }).click();

    // Service Lead Management counts the service lane's appointments and repair orders (from the
    // dealer management system; the demo seed writes the latest days' ones).
    const slm = page.getByRole('region', { name: 'Service Lead Management' });
    const count = async (label: string) => {
      const button = slm.getByRole('button', { name: new RegExp(`^${label}: \\d+$`) });
      await button.waitFor();
      return Number((await button.getAttribute('aria-label'))!.match(/\d+$/)![0]);
    };
    expect(await slm.getByText('Not available yet').count()).toBe(0);
    expect(await count('Service appointments')).toBeGreaterThanOrEqual(1);
    expect(await count('Completed')).toBeGreaterThanOrEqual(1);
    const working = await count('Working');
    expect(working).toBeGreaterThanOrEqual(1);
    await slm.getByRole('button', { name: `Working: ${working}` }).click();
    const rows = slm.getByRole('table', { name: 'Service leads: Working' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(working + 1);
    expect(await rows.nth(1).getByRole('link').count()).toBe(1);
    await slm.scrollIntoViewIfNeeded();
    await screenshot(page, '91-manager-dashboard');
    expect(suite.browser.pageErrors).toEqual([]);
  });
});
