import { readFile } from 'node:fs/promises';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { deliverLead } from './lead-intake';
import { DEMO_PASSWORD, screenshot, signIn } from './pages';
import { resetUserSettings } from './user-pool';

/** parseCsv reads RFC 4180 CSV: quoted fields with doubled quotes, commas and line breaks inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('Leads Log', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;
  let page: Page;
  // A name and provider id of this run, so a reused local stack still gets a new lead.
  const run = Date.now().toString(36).toUpperCase();
  const last = `Quill${run}`;
  const name = `Robin ${last}`;
  let leadId = 0;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await resetUserSettings(baseUrl, 'sales@northwind.demo', DEMO_PASSWORD);
  });

  function leadRow() {
    return page.getByRole('row', { name: `Lead of ${name}` });
  }

  it('shows an ADF lead delivered to the intake as unclaimed, and the sales person claims it', async () => {
    leadId = await deliverLead(baseUrl, `AT-${run}`, 'Robin', last);

    await page.goto(`${baseUrl}/#/app/leadsdashboard`);
    await signIn(page, 'sales@northwind.demo');
    await page.getByRole('heading', { name: 'Leads Log' }).waitFor();
    await page.getByRole('table', { name: 'Leads' }).waitFor();
    await leadRow().waitFor();
    expect(await leadRow().textContent()).toContain('Unclaimed');
    expect(await leadRow().textContent()).toContain('AutoTrader');
    await screenshot(page, '50-leads-log-unclaimed');

    await leadRow().getByRole('button', { name: `Claim the lead of ${name}` }).click();
    await page.getByText(`You claimed the lead of ${name}.`).waitFor();
    await expect.poll(async () => leadRow().textContent()).toContain('New');
    expect(await leadRow().textContent()).toContain('Sam Ortega');
    await screenshot(page, '51-leads-log-claimed');
  });

  it('adds a trade-in to the claimed lead through its actions, with the browser checking the VIN first', async () => {
    await leadRow().getByRole('button', { name: `More actions for the lead of ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Add trade-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add trade-in' });
    await dialog.getByRole('textbox', { name: 'Year' }).fill('2019');
    await dialog.getByRole('textbox', { name: 'Make' }).fill('Subaru');
    await dialog.getByRole('textbox', { name: 'Model' }).fill('Outback');
    await dialog.getByRole('textbox', { name: 'Trim' }).fill('Touring');
    await dialog.getByRole('textbox', { name: 'VIN' }).fill('4S4BSANC5K312345');
    await dialog.getByRole('textbox', { name: 'Odometer' }).fill('64000');
    await dialog.getByRole('textbox', { name: 'Payoff' }).fill('5,000');
    await dialog.getByRole('textbox', { name: 'Appraised value' }).fill('14500');
    // The browser names a VIN of the wrong shape, in the server's words, without sending it.
    const sent: string[] = [];
    const track = (r: { url: () => string }) => {
      if (new URL(r.url()).pathname.endsWith(`/${leadId}/trade`)) sent.push(r.url());
    };
    page.on('request', track);
    await dialog.getByRole('button', { name: 'Add trade-in' }).click();
    await dialog.getByText('Enter a VIN of 17 letters and digits (no I, O or Q).').waitFor();
    page.off('request', track);
    expect(sent).toEqual([]);
    await screenshot(page, '52a-leads-log-trade-in-refused');

    await dialog.getByRole('textbox', { name: 'VIN' }).fill('4S4BSANC5K3123456');
    const added = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/${leadId}/trade`));
    await dialog.getByRole('button', { name: 'Add trade-in' }).click();
    expect((await added).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => leadRow().textContent()).toContain('Trade-in: 2019 Subaru Outback Touring');
    await screenshot(page, '52b-leads-log-trade-in-added');
  });

  it('marks the lead sold pending through the status modal', async () => {
    await leadRow().getByRole('button', { name: `Change the status of the lead of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Change lead status' });
    await dialog.getByText('Sold (pending delivery)').click();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Deposit taken');
    await screenshot(page, '52-leads-log-status-modal');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/${leadId}/mark_sold_pending`));
    await dialog.getByRole('button', { name: 'Save status' }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    // The lead no longer matches the active filter, yet stays in its place saying what happened.
    await leadRow().getByRole('status').getByText(/^Status changed to Sold Pending\. It no longer matches the filter/).waitFor();
    expect(await leadRow().textContent()).toContain('Sold Pending');
    await screenshot(page, '52c-leads-log-status-changed');

    await page.getByText(/^Sold Pending \(/).click();
    await page.waitForURL((url) => url.hash.includes('status=6'));
    await leadRow().waitFor();
    expect(await leadRow().textContent()).toContain('Sold Pending');
    expect(await leadRow().textContent()).toContain('Trade-in: 2019 Subaru Outback Touring');
    await screenshot(page, '53-leads-log-sold-pending');

    // The trade-in is stored: it is still there after a reload.
    await page.reload();
    await leadRow().waitFor();
    expect(await leadRow().textContent()).toContain('Trade-in: 2019 Subaru Outback Touring');
    expect(await leadRow().textContent()).toContain('Trade-in: 2016 Mazda 3');
  });

  it('exports the Leads Log as CSV with Yes and No', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = await readFile(file, 'utf8');
    const records = parseCsv(csv);
    expect(records[0]).toEqual([
      'Lead Id', 'Customer Id', 'Created', 'Store', 'Customer', 'Phone', 'E-mail', 'Status', 'Type', 'Source', 'Sales Person', 'BDC Agent',
      'Claimable', 'Worked', 'Has Trade-In', 'Vehicle Of Interest', 'Reason', 'First Response', 'Minutes To First Response',
    ]);
    // Ids are text a spreadsheet keeps whole: ="1001000000123".
    const cells = records.find((r) => r[0] === `="${leadId}"`);
    expect(cells).toBeDefined();
    expect(cells![1]).toMatch(/^="\d+"$/);
    expect(cells!.slice(4, 16)).toEqual([name, '="(503) 555-0188"', `at-${run.toLowerCase()}@example.net`, 'SoldPending', 'Internet', 'AutoTrader', 'Sam Ortega', '', 'Yes', 'Yes', 'Yes', '2026 Honda Accord']);
    expect(csv).not.toMatch(/\b(True|False|true|false)\b/);
    await page.getByText('The Leads Log export is downloaded.').waitFor();
    await screenshot(page, '54-leads-log-exported');
    expect(browser.pageErrors).toEqual([]);
  });

  it("adds a lead to the customer from the profile's Leads tab and changes its type and source", async () => {
    // The Leads Log still shows the sold-pending leads.
    await leadRow().getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('tab', { name: 'Leads' }).click();
    const section = page.getByRole('region', { name: 'Leads' });
    const sold = section.getByRole('article').filter({ hasText: 'Sold Pending' });
    await sold.waitFor();
    expect(await sold.getByRole('list', { name: 'Trade-ins' }).textContent()).toContain('2019 Subaru Outback Touring, 64,000 on the odometer, payoff $5,000, appraised $14,500');

    await section.getByRole('button', { name: 'Add lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add lead' });
    expect(await dialog.getByRole('combobox', { name: 'Store' }).inputValue()).toBe('Northwind Honda');
    await dialog.getByRole('combobox', { name: 'Lead type' }).click();
    await page.getByRole('option', { name: 'Phone' }).click();
    await dialog.getByRole('textbox', { name: 'Comments' }).fill('Called about the Accord hybrid');
    await screenshot(page, '55-profile-add-lead');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/CrmLead/save'));
    await dialog.getByRole('button', { name: 'Add lead' }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    const added = section.getByRole('article', { name: /^Phone lead at Northwind Honda/ });
    await added.waitFor();
    expect(await added.textContent()).toContain('Called about the Accord hybrid');
    expect(await added.textContent()).toContain('Sam Ortega');

    const label = (await added.getAttribute('aria-label')) ?? '';
    await added.getByRole('button', { name: `More actions for the ${label}` }).click();
    await page.getByRole('menuitem', { name: 'Change type and source' }).click();
    const change = page.getByRole('dialog', { name: 'Change lead type and source' });
    await change.getByRole('combobox', { name: 'Lead type' }).click();
    await page.getByRole('option', { name: 'Showroom' }).click();
    await change.getByRole('combobox', { name: 'Lead source' }).click();
    await page.getByRole('option', { name: 'AutoTrader' }).click();
    await screenshot(page, '56-profile-lead-type-source');
    await change.getByRole('button', { name: 'Save type and source' }).click();
    await change.waitFor({ state: 'hidden' });
    const changed = section.getByRole('article', { name: /^Showroom lead at Northwind Honda/ });
    await changed.waitFor();
    expect(await changed.textContent()).toContain('AutoTrader');

    // Two vehicles of interest: the first is chosen until the customer chooses the other.
    const more = () => changed.getByRole('button', { name: `More actions for the ${label.replace(/^Phone/, 'Showroom')}` });
    for (const model of ['Pilot', 'Odyssey']) {
      await more().click();
      await page.getByRole('menuitem', { name: 'Add vehicle of interest' }).click();
      const voi = page.getByRole('dialog', { name: 'Add vehicle of interest' });
      await voi.getByRole('textbox', { name: 'Year' }).fill('2026');
      await voi.getByRole('textbox', { name: 'Make' }).fill('Honda');
      await voi.getByRole('textbox', { name: 'Model' }).fill(model);
      await voi.getByRole('button', { name: 'Add vehicle' }).click();
      await voi.waitFor({ state: 'hidden' });
      await changed.getByRole('list', { name: 'Vehicles of interest' }).getByText(`2026 Honda ${model}`).waitFor();
    }
    const vois = changed.getByRole('list', { name: 'Vehicles of interest' });
    expect(await vois.getByRole('listitem').filter({ hasText: 'Chosen' }).textContent()).toContain('2026 Honda Pilot');
    await more().click();
    await page.getByRole('menuitem', { name: 'Choose vehicle of interest' }).click();
    const choose = page.getByRole('dialog', { name: 'Choose vehicle of interest' });
    await choose.getByText('2026 Honda Odyssey').click();
    await choose.getByRole('button', { name: 'Choose vehicle' }).click();
    await choose.waitFor({ state: 'hidden' });
    await expect.poll(async () => vois.getByRole('listitem').filter({ hasText: 'Chosen' }).textContent()).toContain('2026 Honda Odyssey');

    // Removing the chosen one (after a confirmation) chooses the one left.
    await more().click();
    await page.getByRole('menuitem', { name: 'Remove vehicle of interest' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove vehicle of interest' });
    await remove.getByText('2026 Honda Odyssey').click();
    await remove.getByText('Remove 2026 Honda Odyssey from this lead? This cannot be undone.').waitFor();
    await screenshot(page, '57-profile-remove-voi');
    await remove.getByRole('button', { name: 'Remove vehicle' }).click();
    await remove.waitFor({ state: 'hidden' });
    await expect.poll(async () => vois.getByRole('listitem').count()).toBe(1);
    expect(await vois.textContent()).toContain('2026 Honda Pilot');

    await page.reload();
    await section.getByRole('article', { name: /^Showroom lead at Northwind Honda/ }).getByText('2026 Honda Pilot').waitFor();
    await screenshot(page, '58-profile-leads-tab');

    // The customer's change log holds the changes of its leads with those of its profile.
    await page.getByRole('tab', { name: 'Profile' }).click();
    const changes = page.getByRole('region', { name: 'Change log' }).getByRole('table', { name: 'Changes' });
    const typeRow = changes.locator('tbody tr').filter({ hasText: /Lead #\d+ · type/ }).first();
    await typeRow.waitFor();
    expect((await typeRow.locator('td').allTextContents()).slice(1)).toEqual(['Sam Ortega', expect.stringMatching(/^Lead #\d+ · type$/), 'Phone', 'Showroom']);
    const soldRow = changes.locator('tbody tr').filter({ hasText: 'Sold (pending)' }).first();
    expect((await soldRow.locator('td').allTextContents()).slice(2)).toEqual([expect.stringMatching(/^Lead #\d+ · status$/), 'Active', 'Sold (pending)']);
    await typeRow.scrollIntoViewIfNeeded();
    await screenshot(page, '59-profile-change-log-leads');
    expect(browser.pageErrors).toEqual([]);
  });
});
