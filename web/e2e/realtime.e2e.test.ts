import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { DEMO_PASSWORD, screenshot, signIn } from './pages';
import { userPoolAccessToken } from './user-pool';

/** Northwind Toyota (account 1001). */
const TOYOTA = 2001;

async function call<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const r = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await r.json()) as { data: T };
  return { status: r.status, data: json.data };
}

describe('live updates', () => {
  const baseUrl = inject('baseUrl');
  const run = Date.now().toString(36).toUpperCase();
  // A number of its own each run, in the UK (replies are recorded at any hour).
  const digits = String(Date.now() % 1_000).padStart(3, '0');
  let browser: BrowserSession;
  let page: Page;
  let salesToken = '';
  let contactId = 0;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    salesToken = await userPoolAccessToken(baseUrl, 'sales@northwind.demo', DEMO_PASSWORD);
    const created = await call<{ id: number }>(baseUrl, salesToken, 'POST', '/crm/contacts', {
      accountPlatformId: TOYOTA,
      firstName: 'Lia',
      lastName: `Live${run}`,
      smsOptInStatusId: 2,
      phones: [{ phone: `7700901${digits}`, isMobile: true, isPreferred: true, phoneTypeId: 1, cc: { abbr: 'GB', code: '44' } }],
    });
    expect(created.status).toBe(200);
    contactId = created.data.id;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("a customer's text shows on the open Messages tab without a reload", async () => {
    await page.goto(`${baseUrl}/#/app/contact/${contactId}?tab=messages`);
    await signIn(page, 'sales@northwind.demo');
    await page.getByRole('heading', { level: 1, name: `Lia Live${run}` }).waitFor();
    await page.getByText('No messages yet').waitFor();
    await page.getByRole('status', { name: 'Live updates: connected' }).waitFor({ timeout: 20_000 });
    const navigations: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations.push(f.url());
    });

    // The customer texts from their phone, through the SMS sandbox.
    const reply = await call<{ contactId: number }>(baseUrl, salesToken, 'POST', '/api/sms/sandbox/reply', {
      accountPlatformId: TOYOTA,
      from: `+447700901${digits}`,
      text: `Is the blue RAV4 still there? ${run}`,
    });
    expect(reply.status).toBe(200);
    expect(reply.data.contactId).toBe(contactId);

    const conversation = page.getByRole('log', { name: 'Conversation' });
    await conversation
      .getByRole('article', { name: /^Text from the customer/ })
      .filter({ hasText: `Is the blue RAV4 still there? ${run}` })
      .waitFor({ timeout: 15_000 });
    expect(navigations).toEqual([]);
    await page.getByRole('status', { name: 'Live updates: connected' }).hover();
    await page.getByRole('tooltip', { name: 'Live updates: connected' }).waitFor();
    await screenshot(page, '95-live-text-arrived');
    expect(browser.pageErrors).toEqual([]);
  });
});
