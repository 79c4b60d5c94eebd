import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { DEMO_PASSWORD, screenshot, signIn } from './pages';
import { call, createTextableCustomer, TOYOTA } from './suite';
import { userPoolAccessToken } from './user-pool';

type Workflow = { ruleName: string; tasks: { taskName: string; taskStatus: string }[] };

describe('texting with consent', () => {
  const baseUrl = inject('baseUrl');
  const run = Date.now().toString(36).toUpperCase();
  let browser: BrowserSession;
  let page: Page;
  let salesToken = '';
  let adminToken = '';
  let contactId = 0;
  let e164 = '';
  let ruleId = 0;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    salesToken = await userPoolAccessToken(baseUrl, 'sales@northwind.demo', DEMO_PASSWORD);
    adminToken = await userPoolAccessToken(baseUrl, 'admin@northwind.demo', DEMO_PASSWORD);
    const customer = await createTextableCustomer(baseUrl, salesToken, { firstName: 'Tess', lastName: `Texter${run}` }, 1);
    contactId = customer.id;
    e164 = customer.e164;
    const can = await call<{ canText: boolean; reason: string }>(baseUrl, salesToken, 'GET', `/crm/contacts/${contactId}/actions/sms/can_text`);
    expect(can.data).toMatchObject({ canText: true, reason: '' });
  });

  afterAll(async () => {
    if (ruleId) await call(baseUrl, adminToken, 'POST', '/pando/pandox/triggers/deactivate/', { triggerSetId: ruleId });
    await browser?.close();
  });

  it('a sales person texts a customer, the customer replies STOP, and nothing more is sent to them', async () => {
    await page.goto(`${baseUrl}/#/app/contact/${contactId}?tab=messages`);
    await signIn(page, 'sales@northwind.demo');
    await page.getByRole('heading', { level: 1, name: `Tess Texter${run}` }).waitFor();
    await page.getByText('No messages yet').waitFor();
    const box = page.getByRole('region', { name: 'Send box' });
    await box.getByRole('textbox', { name: 'Text message' }).fill('Hi {FirstName}, the RAV4 you asked about is in. Want to see it Saturday?');
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/actions/sms/send'));
    await box.getByRole('button', { name: 'Send text' }).click();
    expect((await sent).status()).toBe(200);
    const conversation = page.getByRole('log', { name: 'Conversation' });
    await conversation.getByText('Hi Tess, the RAV4 you asked about is in.').waitFor();
    await page.getByText('Textable', { exact: true }).waitFor();
    await screenshot(page, '90-messages-text-sent');

    // The customer answers STOP from their phone: a person replies as the customer on the SMS
    // sandbox's page, which the gateway serves locally, and the reply is received as the
    // provider's would be.
    await page.goto(`${baseUrl}/sandbox/sms/`);
    const thread = page.getByRole('region', { name: `Conversation with ${e164}` });
    await thread.getByText('Hi Tess, the RAV4 you asked about is in.').waitFor();
    await thread.getByRole('textbox', { name: `Reply as ${e164}` }).fill('STOP');
    await thread.getByRole('button', { name: 'Reply as the customer' }).click();
    const notice = page.getByRole('status');
    await notice.filter({ hasText: 'received as Stop' }).waitFor();
    expect(await notice.textContent()).toContain('you are unsubscribed');
    await thread.getByRole('listitem').filter({ hasText: /STOP$/ }).waitFor();
    await screenshot(page, '90b-sms-sandbox-reply');

    await page.goto(`${baseUrl}/#/app/contact/${contactId}?tab=messages`);
    await conversation.getByRole('article', { name: /^Text from the customer/ }).filter({ hasText: 'STOP' }).waitFor();
    await conversation.getByText(/you are unsubscribed and will get no more texts/).waitFor();
    await page.getByText('Opted out of texts', { exact: true }).first().waitFor();
    const why = box.getByRole('alert');
    await why.waitFor();
    expect(await why.textContent()).toContain('The customer texted "STOP"');
    expect(await box.getByRole('button', { name: 'Send text' }).isDisabled()).toBe(true);
    await screenshot(page, '91-messages-opted-out');

    // The server refuses a send all the same.
    const refused = await call(baseUrl, salesToken, 'POST', `/crm/contacts/${contactId}/actions/sms/send`, { text: 'One more thing' });
    expect(refused.status).toBe(409);

    // An automated workflow text to them is not sent: the task goes to a person, with the reason.
    const ruleName = `Welcome text ${run}`;
    const saved = await call<{ id: number }>(baseUrl, adminToken, 'POST', '/api/TriggerSet', {
      id: 0,
      name: ruleName,
      accountPlatformIds: [TOYOTA],
      triggers: [{ activityTypeId: 1 }],
      triggerSetTasks: [{ triggerSetTaskId: -1, name: 'Welcome text', description: 'thanks for visiting {StoreName}.', actionTypeId: 3, dueUnit: 1, dueDuration: 0, automatedTask: true, emailTemplate: 'Welcome' }],
    });
    expect(saved.status).toBe(200);
    ruleId = saved.data.id;
    expect((await call(baseUrl, adminToken, 'PUT', `/pando/pandox/triggers/activate/${ruleId}`)).status).toBe(200);
    const lead = await call(baseUrl, salesToken, 'POST', '/api/Lead/adhoc/create', { contactId, accountPlatformId: TOYOTA, leadTypeId: 3 });
    expect(lead.status).toBe(200);
    const task = async () => {
      const r = await call<Workflow[]>(baseUrl, adminToken, 'POST', `/pando/pandox/activeWorkflow?contactId=${contactId}`);
      return r.data.find((w) => w.ruleName === ruleName)?.tasks[0]?.taskStatus ?? '';
    };
    await expect.poll(task, { timeout: 60_000, interval: 2_000 }).toBe('Overdue');

    // The task's due timer fires within the gateway's timer period; its refusal is recorded then.
    const refusal = async () => {
      const feed = await call<{ entries: { kind: string; text: string }[] }>(baseUrl, salesToken, 'POST', `/crm/contacts/${contactId}/activity/feed/paged`, { pageSize: 50, pageNumber: 1 });
      return feed.data.entries.some((e) => e.kind === 'task' && e.text.startsWith('Automated text not sent: Welcome text'));
    };
    await expect.poll(refusal, { timeout: 60_000, interval: 2_000 }).toBe(true);
    await call(baseUrl, adminToken, 'POST', '/pando/pandox/triggers/deactivate/', { triggerSetId: ruleId });
    ruleId = 0;
    await page.goto(`${baseUrl}/#/app/contact/${contactId}?tab=messages`);
    await conversation.waitFor();
    const bubbles = await conversation.getByRole('article').allTextContents();
    expect(bubbles.filter((b) => b.includes('thanks for visiting'))).toEqual([]);
    expect(bubbles).toHaveLength(3);
    expect(browser.pageErrors).toEqual([]);
  });

  it('the embedded customersms page says why the customer may not be texted', async () => {
    await page.goto(`${baseUrl}/#/embedded/customersms?contactId=${contactId}`);
    await page.getByRole('heading', { name: 'Customer SMS' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'opted out' }).waitFor();
    await screenshot(page, '93-embedded-customer-sms');
  });

  it("a dealer admin sets a store's HELP answer on the Workflow Manager's texting settings", async () => {
    const admin = await openBrowser();
    try {
      const p = admin.page;
      await p.goto(`${baseUrl}/#/app/workflowmanager?store=2002`);
      await signIn(p, 'admin@northwind.demo');
      await p.getByRole('button', { name: 'Texting settings' }).click();
      const dialog = p.getByRole('dialog', { name: /^Texting settings/ });
      const help = dialog.getByRole('textbox', { name: /Answer to HELP/ });
      await help.waitFor();
      expect(await dialog.getByLabel('Quiet hours start').inputValue()).toMatch(/^\d\d:\d\d$/);
      await help.fill(`Honda of Springfield (${run}): call 503-555-0100. Reply STOP to opt out.`);
      await screenshot(p, '94-texting-settings');
      await dialog.getByRole('button', { name: 'Save texting settings' }).click();
      await p.getByText('The texting settings are saved.').waitFor();
      await p.getByRole('button', { name: 'Texting settings' }).click();
      expect(await p.getByRole('dialog', { name: /^Texting settings/ }).getByRole('textbox', { name: /Answer to HELP/ }).inputValue()).toContain(run);
      expect(admin.pageErrors).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});
