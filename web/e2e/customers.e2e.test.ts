import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { DEMO_PASSWORD, hashOf, screenshot, signIn } from './pages';
import { resetUserSettings } from './user-pool';

/** Priya Shah of Northwind Honda, a seeded customer whose cell phone is 971.555.0144. */
const PRIYA_ID = '1001000000008';

describe('customer search and profile', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await resetUserSettings(baseUrl, 'sales@northwind.demo', DEMO_PASSWORD);
  });

  async function searchFor(term: string) {
    const box = page.getByRole('textbox', { name: 'Search customers' });
    await box.fill(term);
    await box.press('Enter');
  }

  function resultNames() {
    return page.getByRole('grid', { name: 'Customers' }).locator('tbody tr td:first-child a').allTextContents();
  }

  it('finds a customer by a phone written two ways', async () => {
    await page.goto(`${baseUrl}/#/app/contactsearch`);
    await signIn(page, 'sales@northwind.demo');
    await page.getByRole('banner').getByText('Sam Ortega').waitFor();

    await searchFor('(971) 555-0144');
    await page.getByText('Searched by phone: 9715550144').waitFor();
    expect(await resultNames()).toEqual(['Priya Shah']);
    expect(hashOf(page)).toBe('#/app/contactsearch?q=%28971%29+555-0144');
    await screenshot(page, '24-customer-search-by-phone');

    await searchFor('971.555.0144');
    await page.waitForURL((url) => url.hash === '#/app/contactsearch?q=971.555.0144');
    await page.getByText('Searched by phone: 9715550144').waitFor();
    expect(await resultNames()).toEqual(['Priya Shah']);
    const row = page.getByRole('grid', { name: 'Customers' }).getByRole('row', { name: /Priya Shah/ });
    expect(await row.getByRole('gridcell').allTextContents()).toEqual([
      'Priya Shah',
      '(971) 555-0144 Cell',
      'priya.shah@example.com',
      'Northwind Honda',
      'No',
      'Merge',
    ]);
  });

  it('finds the owner of a car by the last characters of its VIN', async () => {
    // James Carter's 2021 CR-V, VIN 2HKRW2H85MH612345: the service desk reads the end of it.
    for (const fragment of ['MH612345', '612345']) {
      await searchFor(fragment);
      await page.waitForURL((url) => url.hash === `#/app/contactsearch?q=${fragment}`);
      await expect.poll(resultNames).toEqual(['James Carter']);
      await page.getByText(`Searched by the end of a VIN: ${fragment}`).waitFor();
    }
    await screenshot(page, '24b-customer-search-by-vin-fragment');
  });

  it('pages through a last name with the cursor', async () => {
    // About 30 of the seeded customers of the user's stores have a last name starting with R.
    await searchFor('R');
    await page.getByText('Searched by last name: R').waitFor();
    const pages = page.getByRole('navigation', { name: 'Result pages' });
    await pages.getByText('Page 1').waitFor();
    const first = await resultNames();
    expect(first).toHaveLength(25);
    await screenshot(page, '25-customer-search-paged');

    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByText('Page 2').waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    const second = await resultNames();
    expect(second.length).toBeGreaterThan(0);
    expect(second).not.toEqual(first);
    expect(hashOf(page)).toMatch(/^#\/app\/contactsearch\?q=R&cursor=[\w.-]+$/);

    await pages.getByRole('button', { name: 'Previous' }).click();
    await pages.getByText('Page 1').waitFor();
    expect(await resultNames()).toEqual(first);
  });

  it('finds the customer from the command palette', async () => {
    await page.goto(`${baseUrl}/#/app/salesdashboard`);
    await page.getByRole('heading', { level: 1, name: 'Sales Dashboard' }).waitFor();

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Find a customer' });
    await palette.getByRole('textbox', { name: 'Find a customer' }).fill('971-555-0144');
    await palette.getByText('Priya Shah').waitFor();
    await palette.getByText('Searched by phone: 9715550144').waitFor();
    await screenshot(page, '26-customer-palette');

    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'hidden' });
  });

  it('opens the customer from the results with the keyboard', async () => {
    await page.goto(`${baseUrl}/#/app/contactsearch?q=971.555.0144`);
    const box = page.getByRole('textbox', { name: 'Search customers' });
    await page.getByRole('grid', { name: 'Customers' }).getByText('Priya Shah').waitFor();
    await box.focus();
    await box.press('ArrowDown');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Priya Shah' }).waitFor();
    expect(hashOf(page)).toBe(`#/app/contact/${PRIYA_ID}`);
    expect(await page.title()).toBe('Customer Profile');
    await screenshot(page, '27-customer-profile');
  });

  it('edits the first name and shows the new name', async () => {
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByRole('region', { name: 'Phones' }).getByText('(971) 555-0144').waitFor();
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const first = page.getByRole('textbox', { name: 'First name' });
    expect(await first.inputValue()).toBe('Priya');
    await first.fill('Priyanka');
    await screenshot(page, '28-customer-edit');

    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/crm/contacts');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);

    await page.getByRole('heading', { level: 1, name: 'Priyanka Shah' }).waitFor();
    await page.getByText('The customer was saved.').waitFor();
    await screenshot(page, '29-customer-saved');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Priyanka Shah' }).waitFor();
    await expect.poll(async () => page.getByRole('region', { name: 'Name' }).getByText('Priyanka').count()).toBe(1);

    // Back to the seeded name, which the tests after this one find her by.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByRole('textbox', { name: 'First name' }).fill('Priya');
    const restored = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/crm/contacts');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await restored).status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Priya Shah' }).waitFor();
    expect(browser.pageErrors).toEqual([]);
  });
});
