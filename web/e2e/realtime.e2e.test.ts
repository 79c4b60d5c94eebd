import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { DEMO_PASSWORD, screenshot, signIn } from './pages';
import { userPoolAccessToken } from './user-pool';

/** Northwind Toyota (account 1001). */
const TOYOTA = 2001;

type Place = { phone: string; e164: string; cc?: { abbr: string; code: string }; state?: string };

/**
 * daytimePlace picks where the test's customer lives for UTC hour h: a US state whose clock
 * reads 8 AM to 8 PM, else (7 to 12 UTC) the United Kingdom, so no quiet hours hold a text back.
 */
function daytimePlace(h: number, digits: string): Place {
  if (h >= 7 && h < 13) return { phone: `7700901${digits}`, e164: `+447700901${digits}`, cc: { abbr: 'GB', code: '44' } };
  const state = h >= 13 && h < 18 ? 'NY' : h >= 18 ? 'CA' : 'HI';
  return { phone: `9715552${digits}`, e164: `+19715552${digits}`, state };
}

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
  // A number of its own each run: the consent ledger of a number outlives its customers.
  const digits = String(Date.now() % 1_000).padStart(3, '0');
  const place = daytimePlace(new Date().getUTCHours(), digits);
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
      phones: [{ phone: place.phone, isMobile: true, isPreferred: true, phoneTypeId: 1, ...(place.cc ? { cc: place.cc } : {}) }],
      ...(place.state ? { addresses: [{ addressLine1: '1 Main St', city: 'Springfield', stateProvince: place.state, isPrimary: true }] } : {}),
    });
    expect(created.status).toBe(200);
    contactId = created.data.id;
    // The conversation starts with the store's text, which the customer's reply answers.
    const sent = await call(baseUrl, salesToken, 'POST', `/crm/contacts/${contactId}/actions/sms/send`, { text: 'Hi Lia, the blue RAV4 you asked about just came in.' });
    expect(sent.status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("a customer's text shows on the open Messages tab without a reload", async () => {
    await page.goto(`${baseUrl}/#/app/contact/${contactId}?tab=messages`);
    await signIn(page, 'sales@northwind.demo');
    await page.getByRole('heading', { level: 1, name: `Lia Live${run}` }).waitFor();
    const conversation = page.getByRole('log', { name: 'Conversation' });
    await conversation.getByText('Hi Lia, the blue RAV4 you asked about just came in.').waitFor();
    await page.getByRole('status', { name: 'Live updates: connected' }).waitFor({ timeout: 20_000 });
    const navigations: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations.push(f.url());
    });

    // The customer texts from their phone, through the SMS sandbox.
    const reply = await call<{ contactId: number }>(baseUrl, salesToken, 'POST', '/api/sms/sandbox/reply', {
      accountPlatformId: TOYOTA,
      from: place.e164,
      text: `Is the blue RAV4 still there? ${run}`,
    });
    expect(reply.status).toBe(200);
    expect(reply.data.contactId).toBe(contactId);

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
