import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { hashOf, openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** Maria Elena Gonzalez of Northwind Toyota: seeded with four repair orders on her 2019 Camry. */
const MARIA_ID = '1001000000001';

describe('adding a prospect and the service history', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it('proposes the customer with the same email, then adds the prospect anyway and opens it', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contactsearch`, 'sales@northwind.demo', 'Sam Ortega');

    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Store', { exact: true }).click();
    await page.getByRole('option', { name: 'Northwind Toyota' }).click();
    await dialog.getByLabel('First name', { exact: true }).fill('Marisol');
    await dialog.getByLabel(/^Last name/).fill('Vega');
    await dialog.getByLabel('Email', { exact: true }).fill('maria.gonzalez@example.com');
    await dialog.getByRole('button', { name: 'Add customer' }).click();

    const proposal = dialog.getByRole('region', { name: 'Possible duplicates' });
    await proposal.waitFor();
    expect(await proposal.getByText('Maria Elena Gonzalez').count()).toBe(1);
    expect(await proposal.getByRole('button', { name: /^Open / }).count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, '40-add-prospect-duplicates');

    await dialog.getByRole('button', { name: 'Add anyway' }).click();
    await page.waitForURL((url) => /^#\/app\/contact\/\d+$/.test(url.hash) && !url.hash.endsWith(`/${MARIA_ID}`));
    await page.getByRole('heading', { level: 1, name: 'Marisol Vega' }).waitFor();
    expect(hashOf(page)).toMatch(/^#\/app\/contact\/\d+$/);
    const snapshot = page.getByRole('region', { name: 'Snapshot' });
    await snapshot.getByText('No service visits').waitFor();
    await screenshot(page, '41-added-prospect-profile');
  });

  it("shows a seeded customer's service summary and visits", async () => {
    await page.goto(`${baseUrl}/#/app/contact/${MARIA_ID}?tab=service`);
    const summary = page.getByRole('region', { name: 'Service summary' });
    await summary.waitFor();
    expect(await summary.getByRole('group', { name: 'Repair orders' }).textContent()).toContain('4');
    expect(await summary.getByRole('group', { name: 'Total service value' }).textContent()).toContain('$1,632.70');
    const visits = page.getByRole('table', { name: 'Service visits of the 2019 Toyota Camry' });
    const roNumbers = await visits.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(roNumbers).toEqual(['T-66840', 'T-63021', 'T-60377', 'T-58112']);
    await screenshot(page, '42-service-tab');

    await page.getByRole('tab', { name: 'Snapshot' }).click();
    const snapshot = page.getByRole('region', { name: 'Snapshot' });
    await snapshot.getByText('RO T-66840').waitFor();
    await page.getByRole('tab', { name: 'Profile' }).click();
    // The scans show the licence number: a sales person uploads them but does not see them.
    const front = page.getByRole('group', { name: 'Licence front' });
    await front.getByText('Hidden: it shows the licence number').waitFor();
    expect(await front.getByRole('button', { name: 'Show the licence front' }).count()).toBe(0);
    await screenshot(page, '43-profile-licence-images');
  });
});
