import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { DEMO_PASSWORD, screenshot, signIn } from './pages';
import { call, createTextableCustomer, TOYOTA } from './suite';
import { userPoolAccessToken } from './user-pool';

describe('live updates', () => {
  const baseUrl = inject('baseUrl');
  const run = Date.now().toString(36).toUpperCase();
  let browser: BrowserSession;
  let page: Page;
  let salesToken = '';
  let contactId = 0;
  let e164 = '';

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    salesToken = await userPoolAccessToken(baseUrl, 'sales@northwind.demo', DEMO_PASSWORD);
    const customer = await createTextableCustomer(baseUrl, salesToken, { firstName: 'Lia', lastName: `Live${run}` }, 2);
    contactId = customer.id;
    e164 = customer.e164;
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
      from: e164,
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
