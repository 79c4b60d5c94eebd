import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** Maria Gonzalez of Northwind Toyota, whose two open lead tasks the sales person holds. */
const MARIA_ID = '1001000000001';

describe('customer tasks', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  const openCount = () => page.getByRole('group', { name: 'Active lead tasks' });
  const taskList = () => page.getByRole('list', { name: 'Customer tasks' });

  it('completes an overdue task from the profile and the open lead task count drops', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contact/${MARIA_ID}`, 'sales@northwind.demo');
    await page.getByRole('heading', { level: 1, name: /^Maria .*Gonzalez$/ }).waitFor();
    await expect.poll(() => openCount().textContent()).toContain('2');

    const overdue = taskList().getByRole('listitem', { name: 'Send the RAV4 lease quote' });
    await overdue.waitFor();
    expect(await overdue.textContent()).toMatch(/Overdue since .* P[SD]T/);
    expect(await overdue.textContent()).toContain('Assigned to Sam Ortega');
    await screenshot(page, '62-tasks-open');

    const completed = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/pando/pandox/task/complete'));
    await overdue.getByRole('button', { name: 'Complete Send the RAV4 lease quote' }).click();
    expect((await completed).status()).toBe(200);
    await overdue.waitFor({ state: 'detached' });
    await page.getByText('Task completed: Send the RAV4 lease quote.', { exact: true }).waitFor();
    await expect.poll(() => openCount().textContent()).toContain('1');
    await screenshot(page, '63-tasks-completed');

    // The finished task is there on request, and the completion is in the customer's activity.
    await page.getByRole('switch', { name: 'Show completed and cancelled' }).check({ force: true });
    const done = taskList().getByRole('listitem', { name: 'Send the RAV4 lease quote' });
    await done.getByText('Completed', { exact: true }).waitFor();
    expect(await done.getByRole('button').count()).toBe(0);
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByRole('list', { name: 'Activity' }).getByText('Task completed: Send the RAV4 lease quote').waitFor();
  });

  it('reschedules the other task at the store and adds one for the BDC agent', async () => {
    await page.getByRole('tab', { name: 'Snapshot' }).click();
    const next = taskList().getByRole('listitem', { name: 'Follow up on the RAV4 test drive' });
    await next.getByRole('button', { name: 'Reschedule Follow up on the RAV4 test drive' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Reschedule task' });
    await reschedule.getByText(/In the store's time zone \(Los Angeles time, P[SD]T\)/).waitFor();
    await reschedule.getByLabel(/New due time/).fill('2027-02-01T10:30');
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await reschedule.waitFor({ state: 'hidden' });
    await expect.poll(() => next.textContent()).toContain('Due Mon, Feb 1, 2027, 10:30 AM PST');

    await page.getByRole('button', { name: 'Add task' }).click();
    const add = page.getByRole('dialog', { name: 'Add task' });
    await add.getByRole('textbox', { name: 'Task' }).fill('Confirm the trade-in appraisal');
    await add.getByRole('combobox', { name: 'About lead' }).click();
    await page.getByRole('option').first().click();
    await add.getByLabel(/^Due/).fill('2027-02-02T09:00');
    const assignee = add.getByRole('combobox', { name: /Assigned to/ });
    await expect.poll(() => assignee.inputValue()).toBe('Sam Ortega (me)');
    await assignee.click();
    await page.getByRole('option', { name: 'Bailey Chen' }).click();
    await screenshot(page, '64-tasks-add');
    await add.getByRole('button', { name: 'Add task' }).click();
    await add.waitFor({ state: 'hidden' });

    const added = taskList().getByRole('listitem', { name: 'Confirm the trade-in appraisal' });
    await added.waitFor();
    expect(await added.textContent()).toContain('Assigned to Bailey Chen');
    expect(await added.textContent()).toContain('Due Tue, Feb 2, 2027, 9:00 AM PST');
    // The sales person added it for someone else: only its holder and the managers change it.
    expect(await added.getByRole('button').count()).toBe(0);
    await expect.poll(() => openCount().textContent()).toContain('2');
    await screenshot(page, '65-tasks-added');
  });
});
