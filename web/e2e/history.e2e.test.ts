import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, hashOf, openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';
import { userPoolAccessToken } from './user-pool';

/** Northwind Toyota, a store of the sales user. */
const TOYOTA = 2001;

type Created = { id: number; version: number };

describe('change log and merge', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;
  let token: string;

  /** createCustomer saves a new customer through the API, as the sales user. */
  async function createCustomer(body: Record<string, unknown>): Promise<Created> {
    const response = await fetch(`${baseUrl}/crm/contacts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ accountPlatformId: TOYOTA, ...body }),
    });
    const json = (await response.json()) as { data?: Created };
    if (!response.ok || !json.data) throw new Error(`create customer: HTTP ${response.status} ${JSON.stringify(json)}`);
    return json.data;
  }

  async function searchFor(term: string) {
    const box = page.getByRole('textbox', { name: 'Search customers' });
    await box.fill(term);
    await box.press('Enter');
  }

  function resultNames() {
    return page.getByRole('grid', { name: 'Customers' }).locator('tbody tr td:first-child a').allTextContents();
  }

  beforeAll(async () => {
    token = await userPoolAccessToken(baseUrl, 'sales@northwind.demo', DEMO_PASSWORD);
    page = suite.page;
  });

  it('finds a customer by a phone written three ways, edits it and shows the change in the change log', async () => {
    const created = await createCustomer({
      firstName: 'Rosalind',
      lastName: 'Quimbleton',
      phones: [{ phone: '(503) 555-0123', phoneTypeId: 1 }],
    });

    await openSignedIn(page, `${baseUrl}/#/app/contactsearch`, 'sales@northwind.demo', 'Sam Ortega');

    for (const written of ['(503) 555-0123', '503.555.0123', '5035550123']) {
      await searchFor(written);
      await page.getByText('Searched by phone: 5035550123').waitFor();
      await page.getByRole('grid', { name: 'Customers' }).getByText('Rosalind Quimbleton').waitFor();
      expect(await resultNames()).toContain('Rosalind Quimbleton');
    }
    await screenshot(page, '40-history-search-by-phone');

    await page.getByRole('grid', { name: 'Customers' }).getByRole('link', { name: 'Rosalind Quimbleton' }).click();
    await page.getByRole('heading', { level: 1, name: 'Rosalind Quimbleton' }).waitFor();
    expect(hashOf(page)).toBe(`#/app/contact/${created.id}`);

    await page.getByRole('tab', { name: 'Profile' }).click();
    const log = page.getByRole('region', { name: 'Change log' });
    await log.getByRole('table', { name: 'Changes' }).getByText('Created').waitFor();

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByRole('textbox', { name: 'First name' }).fill('Rosie');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/crm/contacts');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Rosie Quimbleton' }).waitFor();

    const newest = log.getByRole('table', { name: 'Changes' }).locator('tbody tr').first();
    await newest.getByText('First name').waitFor();
    expect(await newest.locator('td').allTextContents()).toEqual([expect.stringContaining('Updated'), 'Sam Ortega', 'First name', 'Rosalind', 'Rosie']);
    await log.scrollIntoViewIfNeeded();
    await screenshot(page, '41-history-change-log');
    expect(suite.browser.pageErrors).toEqual([]);
  });

  it('merges two duplicates into one customer with both phone numbers', async () => {
    const first = await createCustomer({
      firstName: 'Theodora',
      lastName: 'Vantongeren',
      phones: [{ phone: '(503) 555-0161', phoneTypeId: 1 }],
      emails: [{ email: 'theodora@example.com' }],
    });
    const second = await createCustomer({
      firstName: 'Theodora',
      middleName: 'M',
      lastName: 'Vantongeren',
      phones: [{ phone: '503.555.0162', phoneTypeId: 3 }],
    });

    for (const id of [first.id, second.id]) {
      await page.goto(`${baseUrl}/#/app/contact/${id}`);
      const add = page.getByRole('button', { name: 'Add Theodora Vantongeren to merge' });
      await add.click();
      await page.getByText('Theodora Vantongeren was added to the merge session.').first().waitFor();
    }
    const footer = page.getByRole('region', { name: 'Customer merge' });
    await footer.getByText('2 of 2 selected').waitFor();
    await screenshot(page, '42-merge-footer');

    await footer.getByRole('button', { name: 'Merge', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge customers' });
    // Each customer to keep shows what tells it apart, and no id.
    const keepFirst = dialog.getByRole('radio', { name: 'Keep Theodora Vantongeren' });
    await keepFirst.waitFor();
    const choices = dialog.getByRole('radiogroup', { name: 'Customer to keep' });
    await choices.getByText('theodora@example.com').waitFor();
    await choices.getByText('(503) 555-0162').waitFor();
    await choices.getByText('Northwind Toyota').first().waitFor();
    expect(await choices.getByText('by Sam Ortega', { exact: false }).count()).toBe(2);
    expect(await dialog.textContent()).not.toContain(String(first.id));
    const phones = dialog.getByRole('list', { name: 'Merged phones' });
    await phones.getByText('(503) 555-0162').waitFor();
    expect(await phones.getByRole('listitem').allTextContents()).toEqual(['(503) 555-0161', '(503) 555-0162']);
    await screenshot(page, '43-merge-preview');

    await dialog.getByRole('button', { name: 'Merge customers' }).click();
    await page.waitForURL((url) => url.hash === `#/app/contact/${first.id}`);
    await page.getByRole('heading', { level: 1, name: 'Theodora M Vantongeren' }).waitFor();
    await footer.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Profile' }).click();
    const phoneList = page.getByRole('region', { name: 'Phones' });
    await phoneList.getByText('(503) 555-0161').waitFor();
    await phoneList.getByText('(503) 555-0162').waitFor();
    await page.getByRole('region', { name: 'Change log' }).getByText('Merged').first().waitFor();
    await screenshot(page, '44-merged-customer');

    // The merged customer is gone from the search: its phone finds the survivor.
    await page.goto(`${baseUrl}/#/app/contactsearch`);
    await searchFor('503.555.0162');
    await page.getByText('Searched by phone: 5035550162').waitFor();
    await page.getByRole('grid', { name: 'Customers' }).getByText('Theodora M Vantongeren').waitFor();
    expect(await resultNames()).toEqual(['Theodora M Vantongeren']);
    expect(suite.browser.pageErrors).toEqual([]);
  });
});
