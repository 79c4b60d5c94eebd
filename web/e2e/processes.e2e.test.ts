import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** Maria Gonzalez of Northwind Toyota. */
const MARIA_ID = '1001000000001';

describe('processes', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it('starts a trade-in walk-around for a customer, refuses an incomplete form, then completes it', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contact/${MARIA_ID}`, 'sales@northwind.demo');
    await page.getByRole('heading', { level: 1, name: /^Maria .*Gonzalez$/ }).waitFor();
    const active = page.getByRole('group', { name: 'Active processes' });
    await expect.poll(() => active.textContent()).toMatch(/\d$/);
    const before = Number((await active.textContent())?.match(/(\d+)$/)?.[1]);

    await page.getByRole('button', { name: 'New process' }).click();
    const modal = page.getByRole('dialog', { name: 'New process' });
    await modal.getByRole('radio', { name: 'Trade-in appraisal walk-around', exact: true }).check({ force: true });
    await modal.getByRole('textbox', { name: 'Title' }).fill('Trade-in walk-around: 2019 Camry');
    await screenshot(page, '90-process-start');
    const started = page.waitForResponse((r) => new URL(r.url()).pathname.includes('/pando/workflowtemplate/starttemplate/'));
    await modal.getByRole('button', { name: 'Start' }).click();
    expect((await started).status()).toBe(200);

    const form = page.getByRole('form', { name: 'Trade-in walk-around' });
    await form.waitFor();
    await page.getByRole('dialog', { name: /Trade-in walk-around: 2019 Camry: Walk-around/ }).waitFor();
    // The started process counts among the customer's active ones until it completes.
    await expect.poll(() => active.textContent()).toContain(String(before + 1));

    // An incomplete submit shows the messages on their questions and sends nothing.
    let submits = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/pando/forms/submit')) submits++;
    });
    await form.getByRole('textbox', { name: 'Customer e-mail for the offer', exact: true }).fill('maria@example');
    await form.getByRole('textbox', { name: 'Damage noted' }).fill('Dent');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Appraiser is a required field.').waitFor();
    await form.getByText('Odometer is a required field.').waitFor();
    await form.getByText('Exterior condition is a required field.').waitFor();
    await form.getByText('Invalid email. Please enter a valid email address.').waitFor();
    await form.getByText('Minimum characters of Damage noted is 10').waitFor();
    expect(submits).toBe(0);
    await screenshot(page, '91-process-form-invalid');

    await form.getByRole('textbox', { name: 'Appraiser: first name' }).fill('Sam');
    await form.getByRole('textbox', { name: 'Appraiser: last name' }).fill('Ortega');
    await form.getByRole('textbox', { name: 'Odometer' }).fill('48210');
    await form.getByRole('combobox', { name: 'Exterior condition' }).click();
    await page.getByRole('option', { name: 'Other' }).click();
    await form.getByRole('textbox', { name: 'Exterior condition: other' }).fill('Scratched rear bumper');
    await form.getByRole('checkbox', { name: 'Both keys' }).check({ force: true });
    await form.getByRole('textbox', { name: 'Customer e-mail for the offer', exact: true }).fill('maria@example.com');
    await form.getByRole('textbox', { name: 'Confirm customer e-mail for the offer' }).fill('maria@example.com');
    await form.getByRole('textbox', { name: 'Damage noted' }).fill('Small dent on the rear passenger door.');
    await form.getByLabel('Appraisal time').fill('10:30');
    await screenshot(page, '92-process-form-filled');
    const submitted = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/pando/forms/submit'));
    await form.getByRole('button', { name: 'Submit' }).click();
    const res = await submitted;
    expect(res.status()).toBe(200);
    expect((await res.json()).data.Outcome).toBe(100);
    await form.waitFor({ state: 'detached' });
    await page.getByText('The process is complete.').waitFor();
    await expect.poll(() => active.textContent()).toContain(String(before));

    const row = page.getByRole('list', { name: 'Customer processes' }).getByRole('listitem', { name: 'Trade-in walk-around: 2019 Camry: Completed' });
    await row.waitFor();
    expect(await row.textContent()).toContain('1 of 1 steps done');
    await screenshot(page, '93-process-completed');

    // The answers read back as submitted.
    await row.getByRole('button', { name: 'View the answers of Trade-in walk-around: 2019 Camry' }).click();
    const view = page.getByRole('form', { name: 'Trade-in walk-around' });
    await view.waitFor();
    await expect.poll(() => view.getByRole('textbox', { name: 'Exterior condition: other' }).inputValue()).toBe('Scratched rear bumper');
    expect(await view.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
  });
});
