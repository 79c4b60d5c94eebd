import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { deliverLead, HONDA } from './lead-intake';
import { DEMO_PASSWORD, screenshot, signIn } from './pages';
import { resetUserSettings, userPoolAccessToken } from './user-pool';

/** A phone's screen (an iPhone 14's CSS pixels). */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** apiPost sends a call as a demo user and returns its data. */
async function apiPost<T>(baseUrl: string, email: string, path: string, body: unknown): Promise<T> {
  const token = await userPoolAccessToken(baseUrl, email, DEMO_PASSWORD);
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** openLog opens the Leads Log in a new browser of the given size, signed in as email. */
async function openLog(baseUrl: string, email: string, size: { width: number; height: number }, text = ''): Promise<BrowserSession> {
  const browser = await openBrowser();
  await browser.page.setViewportSize(size);
  await browser.page.goto(`${baseUrl}/#/app/leadsdashboard${text ? `?q=${encodeURIComponent(text)}` : ''}`);
  await signIn(browser.page, email);
  await browser.page.getByRole('heading', { name: 'Leads Log' }).waitFor();
  return browser;
}

/** findLeads types text into the log's text filter and waits for the address to carry it. */
async function findLeads(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Find leads' }).fill(text);
  await page.waitForURL((url) => url.hash.includes(`q=${encodeURIComponent(text)}`));
}

describe('Leads Log: speed to lead, on a phone and at a desk', () => {
  const baseUrl = inject('baseUrl');
  const run = Date.now().toString(36).toUpperCase();
  const last = `Swift${run}`;
  const name = `Skye ${last}`;
  const opened: BrowserSession[] = [];

  afterAll(async () => {
    for (const b of opened) await b.close();
    for (const who of ['sales', 'bdc', 'salesmanager']) await resetUserSettings(baseUrl, `${who}@northwind.demo`, DEMO_PASSWORD);
  });

  it('lets a sales person find a new lead and claim it on a phone, with its phone, e-mail and wait', async () => {
    await deliverLead(baseUrl, `SP-${run}`, 'Skye', last);
    const browser = await openLog(baseUrl, 'sales@northwind.demo', PHONE);
    opened.push(browser);
    const { page } = browser;

    await findLeads(page, last);
    const card = page.getByRole('listitem', { name: `Lead of ${name}` });
    await card.waitFor();
    expect(await page.getByRole('table', { name: 'Leads' }).count()).toBe(0);
    expect(await card.getByRole('link', { name: '(503) 555-0188' }).getAttribute('href')).toBe('tel:5035550188');
    await card.getByRole('link', { name: `sp-${run.toLowerCase()}@example.net` }).waitFor();
    await card.getByText(/^Waiting \d+ (s|min)$/).waitFor();
    await card.getByText('Not answered yet').waitFor();

    // Claim is on the screen, not beyond its right edge.
    const claim = card.getByRole('button', { name: `Claim the lead of ${name}` });
    const box = await claim.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, '60-leads-log-phone-sales-find');

    await claim.click();
    await card.getByRole('status').getByText('You claimed this lead.').waitFor();
    await expect.poll(async () => card.textContent()).toContain('New');
    await screenshot(page, '61-leads-log-phone-sales-claimed');

    // The sales person calls the customer: the lead shows its first response time.
    const [row] = await apiPost<{ contactId: number; crmLeadId: number }[]>(baseUrl, 'sales@northwind.demo', '/api/CrmLead/dashboard/search', { accountPlatformIds: [HONDA], text: last });
    expect(row).toBeDefined();
    await apiPost(baseUrl, 'sales@northwind.demo', `/crm/contacts/${row!.contactId}/actions/log_phone_call`, { direction: 'outbound', outcome: 'contacted', requestId: `speed-${run}` });
    await page.reload();
    await card.getByText(/^First response \d+ (s|min)$/).waitFor();
    expect(await card.getByText('Not answered yet').count()).toBe(0);
    await screenshot(page, '62-leads-log-phone-sales-answered');
    expect(browser.pageErrors).toEqual([]);
  });

  it('shows a BDC agent the leads of the store, filtered by text, at a desk and on a phone', async () => {
    const browser = await openLog(baseUrl, 'bdc@northwind.demo', DESKTOP);
    opened.push(browser);
    const { page } = browser;
    const table = page.getByRole('table', { name: 'Leads' });
    await table.waitFor();
    await table.getByRole('columnheader', { name: 'Speed to lead' }).waitFor();
    await screenshot(page, '63-leads-log-bdc-desktop');

    await findLeads(page, 'gonzalez');
    await expect.poll(async () => (await table.getByRole('row').allTextContents()).slice(1).every((t) => /gonzalez/i.test(t))).toBe(true);
    const rows = await table.getByRole('row').count();
    expect(rows).toBeGreaterThan(1);
    await screenshot(page, '64-leads-log-bdc-desktop-filter');

    expect(browser.pageErrors).toEqual([]);

    // The same search on the agent's phone (the address carries it).
    const phone = await openLog(baseUrl, 'bdc@northwind.demo', PHONE, 'gonzalez');
    opened.push(phone);
    const list = phone.page.getByRole('list', { name: 'Leads' });
    await list.waitFor();
    await expect.poll(async () => list.getByRole('listitem').count()).toBe(rows - 1);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone.page, '65-leads-log-bdc-phone-filter');
    expect(phone.pageErrors).toEqual([]);
  });

  it('shows a sales manager the answered lead with its first response, at a desk and on a phone', async () => {
    const browser = await openLog(baseUrl, 'salesmanager@northwind.demo', DESKTOP);
    opened.push(browser);
    const { page } = browser;
    await findLeads(page, last);
    const row = page.getByRole('row', { name: `Lead of ${name}` });
    await row.waitFor();
    await row.getByText(/^First response \d+ (s|min)/).waitFor();
    expect(await row.textContent()).toContain('Sam Ortega');
    await screenshot(page, '66-leads-log-manager-desktop');

    expect(browser.pageErrors).toEqual([]);

    const phone = await openLog(baseUrl, 'salesmanager@northwind.demo', PHONE, last);
    opened.push(phone);
    const card = phone.page.getByRole('listitem', { name: `Lead of ${name}` });
    await card.getByText(/^First response \d+ (s|min)/).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone.page, '67-leads-log-manager-phone');
    expect(phone.pageErrors).toEqual([]);
  });
});
