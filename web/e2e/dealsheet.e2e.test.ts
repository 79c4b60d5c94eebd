import { readFile } from 'node:fs/promises';

import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** Jamie Carter of Northwind Honda, a seeded customer the sales person may edit. */
const JAMIE_ID = '1001000000007';

/** Maria Gonzalez of Northwind Toyota, a seeded customer with a lead and one preferred e-mail address. */
const MARIA_ID = '1001000000001';
const MARIA_EMAIL = 'maria.gonzalez@example.com';

/** A message the local SES stand-in was sent, with its attachments' content in base64. */
type SentEmail = {
  destination: { to: string[] };
  subject: string;
  attachments: { filename: string; contentType: string; content: string }[];
};

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

/** addAccord adds the 2003 Accord with a contract to the open profile's garage when it is not there. */
/** openForReplacement unwinds the open deal sheet's deal when an earlier run sold it, then
 * chooses the 2026 Honda CR-V EX-L as its replacement vehicle. */
async function openForReplacement(page: Page, sheet: Locator): Promise<void> {
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
}

async function addAccord(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Current vehicles', exact: true }).waitFor();
  const card = page.getByRole('article', { name: '2003 Honda Accord' });
  if ((await card.count()) > 0) return;
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

describe('deal sheet', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  const sesUrl = inject('sesUrl');
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it('opens the deal sheet of a garage vehicle, picks a replacement, recalculates the payment, makes an offer, downloads the proposal and marks the deal sold', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contact/${JAMIE_ID}?tab=garage`, 'sales@northwind.demo');
    await page.getByRole('heading', { level: 1, name: 'Jamie Carter' }).waitFor();
    await addAccord(page);
    const card = page.getByRole('article', { name: '2003 Honda Accord' });
    await card.getByRole('button', { name: 'Deal sheet of 2003 Honda Accord' }).click();
    const sheet = page.getByRole('dialog', { name: 'DealSheet: 2003 Honda Accord' });
    await sheet.getByText('Finance (P) with Honda Financial Services', { exact: false }).waitFor();

    // A deal sold on an earlier run is unwound first, through the unwind modal.
    await openForReplacement(page, sheet);
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
    // The payment follows the typing after a pause: wait until two looks 800 ms apart agree.
    let seen: string | null = null;
    await expect
      .poll(
        async () => {
          const now = await payment.textContent();
          const still = now === seen && (await sheet.getByLabel('Recalculating').count()) === 0;
          seen = now;
          return still;
        },
        { timeout: 15_000, interval: 800 },
      )
      .toBe(true);
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

  it("opens a lead's deal sheet from the Leads tab, shows the turn predictor and e-mails the PDF proposal as an attachment", async () => {
    // Signed in by the test before.
    await page.goto(`${baseUrl}/#/app/contact/${MARIA_ID}?tab=garage`);
    await page.getByRole('heading', { level: 1, name: 'Maria Elena Gonzalez' }).waitFor();
    await addAccord(page);

    await page.getByRole('tab', { name: 'Leads' }).click();
    await page.getByRole('region', { name: 'Leads' }).or(page.getByRole('heading', { name: 'Leads', level: 2 })).first().waitFor();
    await page.getByRole('button', { name: /^Open deal sheet of the / }).first().click();
    const sheet = page.getByRole('dialog', { name: /^DealSheet: / });
    await sheet.getByRole('tab', { name: '2003 Honda Accord' }).click();
    await sheet.getByText('Finance (P) with Honda Financial Services', { exact: false }).waitFor();
    await openForReplacement(page, sheet);
    await expect.poll(() => sheet.getByTestId('payment').textContent(), { timeout: 15_000 }).toMatch(/^\$[\d,]+\.\d\d$/);
    await sheet.getByRole('button', { name: 'Make an offer' }).click();
    await expect.poll(() => sheet.getByLabel('Offer status').first().textContent(), { timeout: 15_000 }).toBe('Offer Pending');
    await screenshot(page, '94-dealsheet-from-lead');

    // The turn predictor of the replacement vehicle, from the store's own sales.
    await sheet.getByRole('button', { name: 'Turn predictor' }).click();
    const turn = page.getByRole('dialog', { name: /^Vehicle turn predictor/ });
    await turn.getByLabel('Turn prediction').waitFor();
    await turn.getByText('Days from the deal sheet', { exact: false }).waitFor();
    await screenshot(page, '95-dealsheet-turn-predictor');
    await turn.getByRole('button', { name: 'Close the turn predictor' }).click();
    await turn.waitFor({ state: 'hidden' });

    // The default terms the grid shows, read-only for a sales person.
    await sheet.getByRole('button', { name: 'Default terms' }).click();
    const terms = page.getByRole('dialog', { name: /^Default terms/ });
    await terms.getByText('Only a dealer admin or general manager', { exact: false }).waitFor();
    await screenshot(page, '96-dealsheet-default-terms');
    await terms.getByRole('button', { name: 'Close' }).click();
    await terms.waitFor({ state: 'hidden' });

    const before = (await sentEmails(sesUrl)).filter((e) => e.destination.to.some((to) => to.includes(MARIA_EMAIL))).length;
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/email/printtopdf'));
    await sheet.getByRole('button', { name: 'E-mail PDF proposal' }).click();
    expect((await sent).status()).toBe(200);
    await page.getByText('The PDF proposal is e-mailed to the customer.').waitFor();
    const mine = (await sentEmails(sesUrl)).filter((e) => e.destination.to.some((to) => to.includes(MARIA_EMAIL)));
    expect(mine).toHaveLength(before + 1);
    const email = mine[mine.length - 1]!;
    expect(email.subject).toBe('Your vehicle proposal from Northwind Toyota');
    expect(email.attachments).toHaveLength(1);
    const file = email.attachments[0]!;
    expect(file.filename).toMatch(/^proposal-\d+\.pdf$/);
    expect(file.contentType).toBe('application/pdf');
    const pdf = Buffer.from(file.content, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Maria Elena Gonzalez');
    expect(text).toContain('2026 Honda CR-V EX-L');

    await page.goto(sesUrl);
    await page.getByText('Your vehicle proposal from Northwind Toyota').first().waitFor();
    await screenshot(page, '97-dealsheet-proposal-ses');
  });
});

/** sentEmails are the messages the local SES stand-in was sent. */
async function sentEmails(sesUrl: string): Promise<SentEmail[]> {
  const response = await fetch(`${sesUrl}/store`);
  expect(response.status).toBe(200);
  const store = (await response.json()) as { emails: SentEmail[] };
  return store.emails;
}
