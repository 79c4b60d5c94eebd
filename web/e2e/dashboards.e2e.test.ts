import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { DEMO_PASSWORD, screenshot, signIn } from './pages';
import { resetUserSettings, userPoolAccessToken } from './user-pool';

/** Northwind Toyota and its first demo customer (account 1001, customer 1). */
const TOYOTA = 2001;
const TOYOTA_CUSTOMER = 1001 * 1_000_000_000 + 1;

describe('My Leads', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await resetUserSettings(baseUrl, 'sales@northwind.demo', DEMO_PASSWORD);
  });

  it('counts the sales person’s new lead and opens the Leads Log filtered to their new leads', async () => {
    // The sales person adds a lead for a customer: it is theirs, and new until they work it.
    const token = await userPoolAccessToken(baseUrl, 'sales@northwind.demo', DEMO_PASSWORD);
    const created = await fetch(`${baseUrl}/api/Lead/adhoc/create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ contactId: TOYOTA_CUSTOMER, accountPlatformId: TOYOTA, leadTypeId: 3 }),
    });
    expect(created.status).toBe(200);
    const { data: lead } = (await created.json()) as { data: { crmLeadId: number; salesPersonId: string } };

    await page.goto(`${baseUrl}/#/app/salesdashboard`);
    await signIn(page, 'sales@northwind.demo');
    const widget = page.getByRole('region', { name: 'My Leads' });
    const newLeads = widget.getByRole('link', { name: /^New: \d+ leads$/ });
    await newLeads.waitFor();
    const count = Number((await newLeads.getAttribute('aria-label'))!.match(/\d+/)![0]);
    expect(count).toBeGreaterThanOrEqual(1);
    await screenshot(page, '60-sales-dashboard-my-leads');

    await newLeads.click();
    await page.waitForURL((url) => url.hash.includes('status=-1') && url.hash.includes(`assigned=${lead.salesPersonId}`));
    await page.getByText('Only the leads of one assignee').waitFor();
    const table = page.getByRole('table', { name: 'Leads' });
    await table.waitFor();
    await expect.poll(async () => page.getByRole('navigation', { name: 'Result pages' }).textContent()).toContain(`(${count} leads)`);
    const rows = await table.getByRole('row').allTextContents();
    expect(rows.slice(1).every((r) => r.includes('New') && r.includes('Sam Ortega'))).toBe(true);
    await screenshot(page, '61-leads-log-my-new-leads');
    expect(browser.pageErrors).toEqual([]);
  });
});
