import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { DEMO_PASSWORD, screenshot, signIn } from './pages';
import { userPoolAccessToken } from './user-pool';

/** Northwind Honda: its leads arrive unassigned, so the rule's task goes to the rules admin. */
const HONDA = 2002;

function adf(id: string, first: string, last: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<?ADF VERSION="1.0"?>
<adf>
  <prospect status="new">
    <id sequence="1" source="CarsDirect">${id}</id>
    <requestdate>2026-11-20T10:15:00-0500</requestdate>
    <vehicle interest="buy" status="new"><year>2026</year><make>Honda</make><model>Civic</model></vehicle>
    <customer><contact>
      <name part="first">${first}</name><name part="last">${last}</name>
      <email>${id.toLowerCase()}@example.net</email><phone type="cellphone">503-555-0177</phone>
    </contact></customer>
    <provider><name part="full">CarsDirect</name></provider>
  </prospect>
</adf>`;
}

/** deliverLead posts an ADF lead to the Honda store's intake, as a lead provider does; it returns the customer's id. */
async function deliverLead(baseUrl: string, token: string, id: string, first: string, last: string): Promise<number> {
  const keyResponse = await fetch(`${baseUrl}/api/CrmLead/intake/key`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ accountPlatformId: HONDA }),
  });
  expect(keyResponse.status).toBe(200);
  const { data: key } = (await keyResponse.json()) as { data: { key: string; path: string } };
  const delivered = await fetch(`${baseUrl}${key.path}`, {
    method: 'POST',
    headers: { 'X-Lead-Key': key.key, 'Content-Type': 'application/xml' },
    body: adf(id, first, last),
  });
  expect(delivered.status).toBe(200);
  const { data } = (await delivered.json()) as { data: { leads: { contactId: number; created: boolean }[] } };
  expect(data.leads[0]?.created).toBe(true);
  return data.leads[0]!.contactId;
}

type Workflow = { ruleName: string; tasks: { taskName: string; taskStatus: string; taskDueDt: string; assignedPandoUserId: string }[] };

describe('Workflow Manager', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;
  let page: Page;
  const run = Date.now().toString(36).toUpperCase();
  const ruleName = `New internet lead ${run}`;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a rules admin creates "new internet lead: call within 15 minutes", activates it, and an ADF lead gets the task', async () => {
    await page.goto(`${baseUrl}/#/app/workflowmanager?store=${HONDA}`);
    await signIn(page, 'admin@northwind.demo');
    await page.getByRole('heading', { name: 'Workflow Manager' }).waitFor();
    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New rule' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(ruleName);
    await dialog.getByLabel('Triggers', { exact: true }).first().click();
    await page.getByRole('option', { name: 'New Lead' }).click();
    await dialog.getByRole('button', { name: 'Add task' }).click();
    await dialog.getByRole('textbox', { name: 'Task name' }).fill('Call within 15 minutes');
    await dialog.getByRole('button', { name: 'Add filter' }).click();
    await screenshot(page, '80-workflow-manager-new-rule');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row', { name: new RegExp(ruleName) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Inactive');
    await row.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(async () => row.textContent()).toContain('Active');
    await screenshot(page, '81-workflow-manager-rule-active');

    const token = await userPoolAccessToken(baseUrl, 'admin@northwind.demo', DEMO_PASSWORD);
    const contactId = await deliverLead(baseUrl, token, `CD-${run}`, 'Dana', `Rule${run}`);
    const workflows = async (): Promise<Workflow[]> => {
      const r = await fetch(`${baseUrl}/pando/pandox/activeWorkflow?contactId=${contactId}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      return ((await r.json()) as { data: Workflow[] }).data;
    };
    await expect.poll(async () => (await workflows()).some((w) => w.ruleName === ruleName), { timeout: 20_000 }).toBe(true);
    const mine = (await workflows()).find((w) => w.ruleName === ruleName)!;
    expect(mine.tasks).toHaveLength(1);
    expect(mine.tasks[0]).toMatchObject({ taskName: 'Call within 15 minutes', taskStatus: 'Pending' });
    const dueInMinutes = (Date.parse(mine.tasks[0]!.taskDueDt) - Date.now()) / 60_000;
    expect(dueInMinutes).toBeGreaterThan(10);
    expect(dueInMinutes).toBeLessThanOrEqual(15.5);

    await page.goto(`${baseUrl}/#/app/contact/${contactId}`);
    const tasks = page.getByRole('group', { name: 'Active lead tasks' });
    await tasks.waitFor();
    await expect.poll(async () => Number((await tasks.textContent())?.replace(/\D/g, '') || 0)).toBeGreaterThanOrEqual(1);
    await screenshot(page, '82-customer-with-rule-task');

    // The deactivation modal shows the rule's running workflow.
    await page.goto(`${baseUrl}/#/app/workflowmanager?store=${HONDA}`);
    await row.getByRole('button', { name: 'Deactivate' }).click();
    const modal = page.getByRole('dialog', { name: 'Deactivate rule' });
    await modal.getByRole('table', { name: 'Running workflows' }).waitFor();
    expect(await modal.getByRole('row', { name: /Customers with a running workflow/ }).textContent()).toMatch(/[1-9]/);
    await screenshot(page, '83-workflow-manager-deactivate');
    await modal.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(async () => row.textContent()).toContain('Inactive');

    // The store's working hours, which the rules' work schedule keeps, are one click away; a
    // save of what was read keeps them as they are.
    await page.getByRole('button', { name: 'Working hours' }).click();
    const hours = page.getByRole('dialog', { name: /^Working hours/ });
    await hours.getByRole('table', { name: 'Working hours by day' }).waitFor();
    expect(await hours.getByRole('checkbox', { name: 'Open on Monday' }).isChecked()).toBe(true);
    expect(await hours.getByLabel('Monday opens at').inputValue()).toBe('09:00');
    await screenshot(page, '84-workflow-manager-working-hours');
    await hours.getByRole('button', { name: 'Save hours' }).click();
    await page.getByText('The working hours are saved.').waitFor();
    await hours.waitFor({ state: 'detached' });
  });

  it('a rule task comes due on the real clock: it turns overdue on the customer, who gets it completed', async () => {
    // A one-minute task, so the test lives through its due time rather than pretending to.
    const quick = `Quick internet lead ${run}`;
    await page.goto(`${baseUrl}/#/app/workflowmanager?store=${HONDA}`);
    await page.getByRole('heading', { name: 'Workflow Manager' }).waitFor();
    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New rule' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(quick);
    await dialog.getByLabel('Triggers', { exact: true }).first().click();
    await page.getByRole('option', { name: 'New Lead' }).click();
    await dialog.getByRole('button', { name: 'Add task' }).click();
    await dialog.getByRole('textbox', { name: 'Task name' }).fill('Call within a minute');
    await dialog.getByRole('textbox', { name: 'Due in' }).fill('1');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: new RegExp(quick) });
    await row.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(async () => row.textContent()).toContain('Active');

    const token = await userPoolAccessToken(baseUrl, 'admin@northwind.demo', DEMO_PASSWORD);
    const contactId = await deliverLead(baseUrl, token, `CDQ-${run}`, 'Quinn', `Quick${run}`);
    await page.goto(`${baseUrl}/#/app/contact/${contactId}`);
    const task = page.getByRole('list', { name: 'Customer tasks' }).getByRole('listitem', { name: 'Call within a minute' });
    // The rule's workflow starts on the lead's event, which may come after the profile loaded.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('list', { name: 'Customer tasks' }).or(page.getByText('No open tasks.')).first().waitFor();
          return task.count();
        },
        { timeout: 60_000, interval: 3_000 },
      )
      .toBe(1);
    // The gateway fires due timers every 15 seconds, as the schedule does every minute in AWS.
    await expect
      .poll(
        async () => {
          await page.reload();
          await task.waitFor();
          return task.textContent();
        },
        { timeout: 150_000, interval: 5_000 },
      )
      .toContain('Overdue');
    await screenshot(page, '85-rule-task-overdue');
    await task.getByRole('button', { name: 'Complete Call within a minute' }).click();
    await page.getByText('Task completed: Call within a minute.', { exact: true }).waitFor();
    await task.waitFor({ state: 'detached' });

    await page.goto(`${baseUrl}/#/app/workflowmanager?store=${HONDA}`);
    await row.getByRole('button', { name: 'Deactivate' }).click();
    const modal = page.getByRole('dialog', { name: 'Deactivate rule' });
    await modal.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(async () => row.textContent()).toContain('Inactive');
  }, 240_000);
});
