import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** Maria Gonzalez of Northwind Toyota. */
const MARIA_ID = '1001000000001';

describe('households and assignments', () => {
  const suite = useBrowser('salesmanager@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it("adds a co-buyer to Maria's household and sees it from both sides", async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contact/${MARIA_ID}`, 'salesmanager@northwind.demo');
    const household = page.getByRole('region', { name: 'Household members' });
    await household.getByText('No household members.').waitFor();

    await household.getByRole('button', { name: 'Add household member' }).click();
    const form = page.getByRole('region', { name: 'Add a household member' });
    await form.getByRole('textbox', { name: 'Find a customer' }).fill('Reed');
    await form.getByRole('combobox', { name: 'Relationship' }).click();
    await page.getByRole('option', { name: 'Spouse' }).click();
    await form.getByRole('checkbox', { name: 'Co-buyer' }).check();
    await form.getByRole('button', { name: 'Search' }).click();
    await form.getByRole('button', { name: /^Add Marcus Reed/ }).click();

    const marcus = household.getByRole('row', { name: /Marcus Reed/ });
    await marcus.waitFor();
    expect(await marcus.getByText('Co-buyer').count()).toBe(1);
    expect(await marcus.getByText('Spouse').count()).toBe(1);
    await screenshot(page, '40-household-member-added');

    // Membership is symmetric: Maria is in Marcus's household.
    await marcus.getByRole('link', { name: 'Marcus Reed' }).click();
    await page.getByRole('region', { name: 'Household members' }).getByRole('row', { name: /Maria .*Gonzalez/ }).waitFor();
    await page.goBack();
    await household.getByRole('row', { name: /Marcus Reed/ }).waitFor();
    expect(suite.browser.pageErrors).toEqual([]);
  });

  it('assigns a sales person, then reassigns their customers in bulk until done', async () => {
    const assigned = page.getByRole('region', { name: 'Assigned users' });
    await assigned.getByRole('combobox', { name: 'Sales Person' }).click();
    await page.getByRole('option', { name: 'Sam Ortega' }).click();
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/contacts/${MARIA_ID}/assignments`));
    await assigned.getByRole('button', { name: 'Save assignments' }).click();
    expect((await saved).status()).toBe(200);
    await screenshot(page, '41-assignments-saved');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reassign Customers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reassign Customers' }).waitFor();
    await page.getByRole('combobox', { name: 'From user' }).click();
    await page.getByRole('option', { name: /^Sam Ortega/ }).click();
    // Only the users who can take a sales person's customers at every store are offered: no
    // BDC agent, no F&I manager, nobody of one store only, and no ids.
    await page.getByRole('combobox', { name: 'To user' }).click();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.map((o) => o.split(' · ')[0]).sort()).toEqual(['Drew Sullivan', 'Morgan Reyes']);
    expect(offered.join(' ')).not.toMatch(/\d{4,}/);
    await page.getByRole('option', { name: /^Drew Sullivan/ }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('1 customer would be reassigned.').waitFor();
    await preview.getByText(/Sam Ortega's customers as sales person at .* go to Drew Sullivan\./).waitFor();
    await screenshot(page, '42-reassignment-preview');

    await preview.getByRole('button', { name: 'Confirm reassignment' }).click();
    const progress = page.getByRole('region', { name: 'Reassignment progress' });
    await progress.getByText('Done: 1 of 1 customers processed.').waitFor();
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await screenshot(page, '43-reassignment-done');

    // Maria's sales person is now Drew Sullivan.
    await page.goto(`${baseUrl}/#/app/contact/${MARIA_ID}`);
    const after = page.getByRole('region', { name: 'Assigned users' });
    await page.waitForFunction(() => {
      const input = document.querySelector<HTMLInputElement>('input[aria-label="Sales Person"]');
      return input?.value === 'Drew Sullivan';
    });
    expect(await after.getByRole('combobox', { name: 'Sales Person' }).inputValue()).toBe('Drew Sullivan');
  });

  it("removes the co-buyer from Maria's household", async () => {
    const household = page.getByRole('region', { name: 'Household members' });
    await household.getByRole('button', { name: 'Remove Marcus Reed from the household' }).click();
    await household.getByText('No household members.').waitFor();
    await screenshot(page, '44-household-member-removed');
    expect(suite.browser.pageErrors).toEqual([]);
  });
});
