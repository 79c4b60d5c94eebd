import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { hashOf, openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** Priya Shah of Northwind Honda, a seeded customer of the demo sales person's stores. */
const PRIYA_ID = '1001000000008';

/** userPoolTokens lists the keys of the user pool's tokens the page keeps in its session storage. */
function userPoolTokens(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.sessionStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider.')));
}

describe('a session across tabs', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;
  let tab: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it('starts the shell with a Skip to content link, and shows the side navigation focus ring whole', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/default`, 'sales@northwind.demo', 'Sam Ortega');

    // A fresh load of the page, as a keyboard user meets it: the first Tab reaches the link.
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Sam' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.x >= 0).toBe(true);
    await screenshot(page, '60-skip-to-content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(hashOf(page)).toBe('#/app/default');

    // The first link of the menu, focused from the keyboard: its ring (2px, 2px outside) fits in the menu's box.
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link').first();
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await link.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
    const fits = await link.evaluate((el) => {
      let box = el.parentElement;
      while (box && getComputedStyle(box).overflowY === 'visible') box = box.parentElement;
      if (!box) return false;
      const ring = el.getBoundingClientRect();
      const clip = box.getBoundingClientRect();
      return ring.left - 4 >= clip.left && ring.right + 4 <= clip.right && ring.top - 4 >= clip.top;
    });
    expect(fits).toBe(true);
    await screenshot(page, '61-side-navigation-focus-ring');
  });

  it('finds a customer to open in a new tab', async () => {
    await page.goto(`${baseUrl}/#/app/contactsearch?q=Shah`);
    await page.getByRole('grid', { name: 'Customers' }).getByRole('link', { name: 'Priya Shah' }).waitFor();
  });

  it('opens a customer in a new tab that is already signed in', async () => {
    const customer = page.getByRole('grid', { name: 'Customers' }).getByRole('link', { name: 'Priya Shah' });
    const opened = suite.browser.context.waitForEvent('page');
    await customer.click({ modifiers: ['Control'] });
    tab = await opened;

    await tab.getByRole('heading', { level: 1, name: 'Priya Shah' }).waitFor();
    expect(hashOf(tab)).toBe(`#/app/contact/${PRIYA_ID}`);
    expect(await tab.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    await tab.getByRole('banner').getByText('Sam Ortega').waitFor();
    // The new tab keeps its own copy in its session storage: nothing in local storage.
    expect((await userPoolTokens(tab)).length).toBeGreaterThan(0);
    expect(await tab.evaluate(() => Object.keys(window.localStorage).filter((k) => k.includes('Token')))).toEqual([]);
    await tab.bringToFront();
    await screenshot(tab, '62-customer-in-a-new-tab');
  });

  it('signs every tab out when the user signs out in one', async () => {
    await tab.getByRole('button', { name: 'Logout' }).click();
    await tab.getByRole('button', { name: 'Sign in' }).waitFor();

    await page.bringToFront();
    const modal = page.getByRole('dialog', { name: 'Your session has expired' });
    await modal.waitFor();
    expect(await modal.textContent()).toContain('You signed out in another window.');
    expect(await userPoolTokens(page)).toEqual([]);
    await screenshot(page, '63-signed-out-in-another-tab');

    // A tab opened now finds no signed-in tab to take a session from.
    const later = await suite.browser.context.newPage();
    await later.goto(`${baseUrl}/#/app/contact/${PRIYA_ID}`);
    await later.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(hashOf(later)).toBe('#/signin');
    await later.close();

    await page.getByRole('button', { name: 'Sign in again' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await tab.close();
    expect(suite.browser.pageErrors).toEqual([]);
  });
});
