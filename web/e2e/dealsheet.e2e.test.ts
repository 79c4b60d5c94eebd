import { readFile } from 'node:fs/promises';

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** Jamie Carter of Northwind Honda, a seeded customer the sales person may edit. */
const JAMIE_ID = '1001000000007';

/** A real VIN: the 2003 Honda Accord EX-V6 coupe. */
const VIN = '1HGCM82633A004352';

/** pdfText is the text an uncompressed PDF shows: the strings of its text operators. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
    out.push((m[1] ?? '').replace(/\\([()\\])/g, '$1'));
  }
  return out.join('\n');
}

describe('deal sheet', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it('opens the deal sheet of a garage vehicle, picks a replacement, recalculates the payment, makes an offer, downloads the proposal and marks the deal sold', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contact/${JAMIE_ID}?tab=garage`, 'sales@northwind.demo');
    await page.getByRole('heading', { level: 1, name: 'Jamie Carter' }).waitFor();
    await page.getByRole('heading', { name: 'Current vehicles', exact: true }).waitFor();
    const card = page.getByRole('article', { name: '2003 Honda Accord' });
    if ((await card.count()) === 0) {
      await page.getByRole('button', { name: 'Add vehicle' }).click();
      const add = page.getByRole('dialog', { name: 'Add a current vehicle' });
      await add.getByRole('textbox', { name: 'VIN' }).fill(VIN);
      await add.getByText('2003 Honda Accord EX-V6 · Coupe').waitFor();
      await add.getByRole('textbox', { name: 'Mileage' }).fill('98000');
      await add.getByRole('textbox', { name: 'Lender' }).fill('Honda Financial Services');
      await add.getByRole('textbox', { name: 'Term (months)' }).fill('60');
      await add.getByRole('textbox', { name: 'Rate (APR %)' }).fill('4.9');
      await add.getByRole('textbox', { name: 'Monthly payment' }).fill('389.50');
      await add.getByRole('button', { name: 'Save vehicle' }).click();
      await add.waitFor({ state: 'hidden' });
    }
    await card.getByRole('button', { name: 'Deal sheet of 2003 Honda Accord' }).click();
    const sheet = page.getByRole('dialog', { name: 'DealSheet: 2003 Honda Accord' });
    await sheet.getByText('Finance (P) with Honda Financial Services', { exact: false }).waitFor();

    // A deal sold on an earlier run is unwound first, through the unwind modal.
    if ((await sheet.getByLabel('Deal state').textContent()) === 'Sold') {
      await sheet.getByRole('button', { name: 'Unwind' }).click();
      const unwind = page.getByRole('dialog', { name: 'Unwind the deal' });
      await unwind.getByRole('combobox', { name: /^Reason/ }).click();
      await page.getByRole('option', { name: 'Entered in error' }).click();
      await unwind.getByRole('button', { name: 'Unwind' }).click();
      await unwind.waitFor({ state: 'hidden' });
      await expect.poll(() => sheet.getByLabel('Deal state').textContent()).toBe('Open');
    }

    await sheet.getByPlaceholder('Choose a vehicle').click();
    await page.getByRole('option', { name: /2026 Honda CR-V EX-L/ }).click();
    await expect.poll(() => sheet.getByLabel('Chosen replacement').textContent()).toBe('2026 Honda CR-V EX-L');
    const payment = sheet.getByTestId('payment');
    await expect.poll(() => payment.textContent(), { timeout: 15_000 }).toMatch(/^\$[\d,]+\.\d\d$/);
    await sheet.getByRole('table', { name: 'Payment grid' }).waitFor();
    const first = await payment.textContent();
    await screenshot(page, '90-dealsheet-replacement');

    await sheet.getByRole('textbox', { name: 'Term (months)' }).fill('72');
    await sheet.getByRole('textbox', { name: 'Down payment' }).fill('3000');
    await expect.poll(() => payment.textContent(), { timeout: 15_000 }).not.toBe(first);
    await expect.poll(() => sheet.getByText('a month for 72 months').count(), { timeout: 15_000 }).toBe(1);
    const changed = await payment.textContent();
    await screenshot(page, '91-dealsheet-recalculated');

    await sheet.getByRole('button', { name: 'Make an offer' }).click();
    await expect.poll(() => sheet.getByLabel('Offer status').first().textContent(), { timeout: 15_000 }).toBe('Offer Pending');
    await expect.poll(() => sheet.getByLabel('Offer', { exact: true }).textContent()).toContain(`Offer of ${changed}`);

    const download = page.waitForEvent('download');
    await sheet.getByRole('button', { name: 'Download PDF proposal' }).click();
    const pdf = await readFile(await (await download).path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 612(\.00)? 792(\.00)?\]/);
    const text = pdfText(pdf);
    expect(text).toContain('Northwind Honda');
    expect(text).toContain('Jamie Carter');
    expect(text).toContain('2026 Honda CR-V EX-L');
    expect(text).toContain('Honda Financial Services');
    expect(text).toContain(changed!);
    expect(text).toContain('72 months');
    await screenshot(page, '92-dealsheet-offer');

    await sheet.getByRole('button', { name: 'Mark sold' }).click();
    await expect.poll(() => sheet.getByLabel('Deal state').textContent(), { timeout: 15_000 }).toBe('Sold');
    await expect.poll(() => sheet.getByLabel('Offer status').first().textContent()).toBe('Offer Accepted');
    await sheet.getByLabel('Sale', { exact: true }).waitFor();
    await screenshot(page, '93-dealsheet-sold');
  });
});
