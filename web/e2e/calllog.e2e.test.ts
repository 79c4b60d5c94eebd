import { readFile } from 'node:fs/promises';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { DEMO_PASSWORD, screenshot, signIn } from './pages';
import { resetUserSettings, userPoolAccessToken } from './user-pool';

/** Northwind Toyota, the store the sandbox's call is delivered to. */
const TOYOTA = 2001;

/** sendSandboxCall has the call-tracking sandbox deliver a call to the store through its post-call webhook path. */
async function sendSandboxCall(baseUrl: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const token = await userPoolAccessToken(baseUrl, 'salesmanager@northwind.demo', DEMO_PASSWORD);
  const res = await fetch(`${baseUrl}/api/calltracking/sandbox/send_call`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

describe('Call Log', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;
  let page: Page;
  // A caller of this run, so a reused local stack still gets a new call from nobody it knows.
  const run = Date.now().toString(36).toUpperCase();
  const caller = `CALLER ${run}`;
  const digits = String(Date.now() % 10000).padStart(4, '0');
  const phone = `+1971555${digits}`;
  let callId = '';

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await resetUserSettings(baseUrl, 'salesmanager@northwind.demo', DEMO_PASSWORD);
  });

  function callRow() {
    return page.getByRole('table', { name: 'Calls' }).locator(`tr[data-call="${callId}"]`);
  }

  it('shows a call the sandbox delivers to a manager in the Call Log', async () => {
    callId = (await sendSandboxCall(baseUrl, { accountPlatformId: TOYOTA, customerPhone: phone, customerName: caller })).id;
    expect(callId).toMatch(/^CAL/);

    await page.goto(`${baseUrl}/#/app/calltrackingdashboard`);
    await signIn(page, 'salesmanager@northwind.demo');
    await page.getByRole('heading', { name: 'Call Log' }).waitFor();
    await callRow().waitFor();
    expect(await callRow().textContent()).toContain(caller);
    expect(await callRow().textContent()).toContain('Unmatched');
    expect(await page.getByRole('group', { name: 'Unmatched' }).textContent()).toMatch(/\d/);
    await screenshot(page, '70-call-log');

    await page.getByLabel('Search calls').fill(caller);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(async () => page.getByRole('table', { name: 'Calls' }).locator('tbody tr').count()).toBe(1);
  });

  it('matches the unmatched call to a customer', async () => {
    await page.getByRole('tab', { name: /Unmatched calls/ }).click();
    const row = page.getByRole('table', { name: 'Unmatched calls' }).locator(`tr[data-call="${callId}"]`);
    await row.waitFor();
    await row.getByRole('button', { name: /^Match call from/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Match call to a customer' });
    await dialog.getByLabel('Find the customer').fill('Reed');
    await dialog.getByRole('button', { name: 'Search' }).click();
    await screenshot(page, '71-call-log-match');
    await dialog.getByRole('button', { name: 'Match to Marcus Reed' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Calls', exact: true }).click();
    await expect.poll(async () => callRow().textContent()).toContain('Marcus Reed');
    await screenshot(page, '72-call-log-matched');
  });

  it('exports the Call Log as CSV with Yes and No', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe(
      'Call Id,Store,Started,Direction,Caller Name,Caller Phone,Customer Id,Customer,Matched,Source,Tracking Number,Answered,Voicemail,Duration (s),Logged By,Hidden,Archived,Recording',
    );
    const line = lines.find((l) => l.startsWith(`${callId},`));
    expect(line).toBeDefined();
    expect(line).toContain(`"=""${phone}"""`);
    expect(line).toContain(',Marcus Reed,Yes,');
    expect(csv).not.toMatch(/\b(True|False|true|false)\b/);
    expect(browser.pageErrors).toEqual([]);
  });
});
