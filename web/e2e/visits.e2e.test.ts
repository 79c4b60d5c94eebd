import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

describe('a walk-in in the showroom', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;
  // A name and phone no other test uses, so the prospect proposes no duplicates.
  const n = String(Date.now() % 100000).padStart(5, '0');
  const last = `Walker${n}`;
  const name = `Dana ${last}`;

  beforeAll(() => {
    page = suite.page;
  });

  it('adds the walk-in as a prospect with a showroom visit, walks the steps and ends the visit sold', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contactsearch`, 'sales@northwind.demo', 'Sam Ortega');
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Store', { exact: true }).click();
    await page.getByRole('option', { name: 'Northwind Toyota' }).click();
    await dialog.getByLabel('First name', { exact: true }).fill('Dana');
    await dialog.getByLabel(/^Last name/).fill(last);
    await dialog.getByLabel('Mobile phone', { exact: true }).fill(`(503) 55${n.slice(0, 1)}-${n.slice(1)}`);
    await dialog.getByLabel(/Start showroom visit/).check();
    await dialog.getByRole('button', { name: /^(Add customer|Add anyway)$/ }).click();
    const anyway = dialog.getByRole('button', { name: 'Add anyway' });
    if (await anyway.isVisible().catch(() => false)) await anyway.click();
    await page.waitForURL((url) => /^#\/app\/contact\/\d+$/.test(url.hash));
    await page.getByRole('heading', { level: 1, name }).waitFor();

    await page.goto(`${baseUrl}/#/app/showroomdashboard`);
    await page.getByRole('heading', { level: 1, name: 'Showroom Log' }).waitFor();
    const now = page.getByRole('table', { name: 'In the showroom now' });
    const row = now.getByRole('row', { name: `${name} in the store` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Sam Ortega');
    expect(await row.textContent()).toContain('0 of 6');
    await screenshot(page, '90-showroom-log-walk-in');

    await row.getByRole('button', { name: `Steps of ${name}` }).click();
    const steps = page.getByRole('dialog', { name: 'Visit steps' });
    for (const step of ['Greet', 'Needs analysis', 'Test drive']) {
      await steps.getByRole('button', { name: `Complete ${step}` }).click();
      await steps.getByRole('row', { name: `Step ${step}` }).getByText('Completed').waitFor();
    }
    await steps.getByRole('button', { name: 'Skip Appraisal' }).click();
    await steps.getByRole('row', { name: 'Step Appraisal' }).getByText('Canceled').waitFor();
    await screenshot(page, '91-showroom-visit-steps');
    await steps.getByRole('button', { name: 'Close' }).click();

    await now.getByRole('row', { name: `${name} in the store` }).getByText('3 of 6').waitFor();
    await now.getByRole('row', { name: `${name} in the store` }).getByRole('button', { name: `End ${name}'s visit` }).click();
    const end = page.getByRole('dialog', { name: 'End visit' });
    await end.getByRole('radio', { name: 'Sold', exact: true }).check();
    await end.getByLabel('Notes').fill('Bought the RAV4 after the test drive.');
    await end.getByRole('button', { name: 'End visit' }).click();
    await end.waitFor({ state: 'hidden' });

    await now.getByRole('row', { name: `${name} in the store` }).waitFor({ state: 'detached' });
    const visits = page.getByRole('table', { name: 'Showroom Log visits' });
    const done = visits.getByRole('row', { name: `Visit of ${name}` });
    await done.waitFor();
    expect(await done.textContent()).toContain('Completed');
    expect(await done.textContent()).toContain('Sold');
    await screenshot(page, '92-showroom-log-visit-ended');
  });
});
