import { inflateSync } from 'node:zlib';

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** Rose City Plumbing of Northwind Toyota, a seeded customer the sales manager may edit. */
const ROSE_CITY_ID = '1001000000006';

/** The sales manager of every store: works customers and manages the stores' print packets. */
const MANAGER = 'salesmanager@northwind.demo';

/** pdfText is the text a PDF shows: the strings of the text operators of its streams, inflated when compressed. */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  for (let at = pdf.indexOf('stream'); at >= 0; at = pdf.indexOf('stream', at + 6)) {
    if (pdf.subarray(at - 3, at).toString('latin1') === 'end') continue;
    const start = at + (pdf[at + 6] === 0x0d ? 8 : 7);
    const end = pdf.indexOf('endstream', start);
    if (end < 0) break;
    const body = pdf.subarray(start, end);
    let text: string;
    try {
      text = inflateSync(body).toString('latin1');
    } catch {
      text = body.toString('latin1');
    }
    for (const m of text.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) out.push((m[1] ?? '').replace(/\\([()\\])/g, '$1'));
    at = end;
  }
  return out.join('\n');
}

describe('desking and print forms', () => {
  const suite = useBrowser(MANAGER);
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it('sends the customer to desking from the profile, desks a deal sheet, and the desks appear', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contact/${ROSE_CITY_ID}?tab=garage`, MANAGER);
    await page.getByRole('heading', { level: 1, name: 'Rose City Plumbing' }).waitFor();

    // A garage vehicle with a replacement to desk.
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    const add = page.getByRole('dialog', { name: 'Add a current vehicle' });
    await add.getByRole('textbox', { name: 'VIN' }).fill('1HGCM82633A004352');
    await add.getByText('2003 Honda Accord EX-V6 · Coupe').waitFor();
    await add.getByRole('textbox', { name: 'Mileage' }).fill('118000');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/vehicles/current_vehicles') && r.request().method() === 'POST');
    await add.getByRole('button', { name: 'Save vehicle' }).click();
    expect((await saved).status()).toBe(200);
    await add.waitFor({ state: 'hidden' });

    await page.goto(`${baseUrl}/#/app/contact/${ROSE_CITY_ID}`);
    const desks = page.getByRole('region', { name: 'Desks' });
    await desks.getByText('The customer has not been desked.').waitFor();

    // Send to desking from the profile's header creates a desk.
    await page.getByRole('button', { name: 'Send to desking' }).click();
    const send = page.getByRole('dialog', { name: 'Send to desking' });
    await send.getByRole('textbox', { name: 'Notes for the desk' }).fill('Fleet of three vans, wants numbers today');
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/actions/send_to_desking'));
    await send.getByRole('button', { name: 'Send to desking' }).click();
    expect((await sent).status()).toBe(200);
    await send.waitFor({ state: 'hidden' });
    const list = desks.getByRole('list', { name: 'Customer desks' });
    await list.getByText(/Fleet of three vans, wants numbers today/).waitFor();
    await list.getByText('No vehicle yet').waitFor();

    // Desk it on the garage vehicle's deal sheet at a chosen term.
    await desks.getByRole('button', { name: 'Desk it' }).click();
    const deskIt = page.getByRole('dialog', { name: 'Desk it' });
    await deskIt.getByRole('combobox', { name: 'Deal sheet' }).click();
    await page.getByRole('option', { name: /2003 Honda Accord/ }).click();
    await deskIt.getByRole('combobox', { name: 'Make' }).fill('Toyota');
    await page.getByRole('option', { name: 'Toyota', exact: true }).click();
    await deskIt.getByRole('combobox', { name: 'Model' }).fill('Camry');
    await page.getByRole('option', { name: 'Camry', exact: true }).click();
    await deskIt.getByRole('combobox', { name: 'Year' }).click();
    await page.getByRole('option').first().click();
    await deskIt.getByRole('textbox', { name: 'Selling price ($)' }).fill('30000');
    await deskIt.getByRole('textbox', { name: 'Term (months)' }).fill('0');
    await deskIt.getByRole('button', { name: 'Desk it' }).click();
    await deskIt.getByText('Enter a term from 1 to 120 months.').waitFor();
    await deskIt.getByRole('textbox', { name: 'Term (months)' }).fill('72');
    await deskIt.getByRole('textbox', { name: 'Down payment ($)' }).fill('2000');
    await screenshot(page, '90-desking-desk-it');
    const created = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/desking/desk/create'));
    await deskIt.getByRole('button', { name: 'Desk it' }).click();
    const res = await created;
    expect(res.status()).toBe(200);
    await deskIt.waitFor({ state: 'hidden' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await list.getByText(/Toyota Camry/).waitFor();
    await list.getByText(/Retail · \$[\d,]+\.\d\d\/mo · 72 mo · \$2,000\.00 down · 1 trade/).waitFor();
    await screenshot(page, '91-desking-desks');

    await page.getByRole('tab', { name: 'Activity' }).click();
    const feed = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
    await expect.poll(async () => (await feed.allTextContents()).filter((t) => /desking/i.test(t)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  });

  it('prints a form with the desk\'s deal', async () => {
    await page.goto(`${baseUrl}/#/app/contact/${ROSE_CITY_ID}`);
    const desks = page.getByRole('region', { name: 'Desks' });
    await desks.getByRole('list', { name: 'Customer desks' }).waitFor();
    await desks.getByRole('button', { name: 'Print forms' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print forms' });
    await dialog.getByLabel('Forms', { exact: true }).first().click();
    await page.getByRole('option', { name: /Buyer's Order/ }).click();
    // The forms list stays open for more choices; leaving the field closes it.
    await page.keyboard.press('Tab');
    const rendered = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/form/render'));
    await dialog.getByRole('button', { name: 'Print' }).click();
    const res = await rendered;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    const link = dialog.getByRole('link', { name: "Download Buyer's Order.pdf" });
    await link.waitFor();
    const head = await link.evaluate(async (a) => new TextDecoder().decode((await (await fetch((a as HTMLAnchorElement).href)).arrayBuffer()).slice(0, 5)));
    expect(head).toBe('%PDF-');
    await screenshot(page, '92-desking-print-form');
  });

  it('makes a packet of the store\'s forms, prints it as one PDF of each form, and deletes it', async () => {
    const dialog = page.getByRole('dialog', { name: 'Print forms' });
    const name = `Rose City fleet ${Date.now() % 100_000}`;
    await dialog.getByRole('button', { name: 'Manage packets' }).click();
    const packets = page.getByRole('dialog', { name: 'Print packets' });
    await packets.getByRole('button', { name: 'New packet' }).click();
    await packets.getByRole('textbox', { name: 'Packet name' }).fill(name);
    // The forms list stays open for more choices; leaving the field closes it.
    const forms = packets.getByRole('combobox', { name: /^Forms/ });
    await forms.click();
    for (const form of ["Buyer's Order", 'Toyota Trade Appraisal']) await page.getByRole('option', { name: form, exact: true }).click();
    await page.keyboard.press('Tab');
    await packets.getByText("Prints: Buyer's Order → Toyota Trade Appraisal").waitFor();
    await packets.getByRole('button', { name: 'Create packet' }).click();
    const table = packets.getByRole('table', { name: 'Packets' });
    await table.getByRole('row', { name: new RegExp(name) }).waitFor();

    // Edit it: the delivery checklist prints last.
    await table.getByRole('button', { name: `Edit ${name}` }).click();
    await forms.click();
    await page.getByRole('option', { name: 'Delivery Checklist', exact: true }).click();
    await page.keyboard.press('Tab');
    await packets.getByText("Prints: Buyer's Order → Toyota Trade Appraisal → Delivery Checklist").waitFor();
    await packets.getByRole('button', { name: 'Save packet' }).click();
    await table.getByRole('row', { name: new RegExp(name) }).getByText("Buyer's Order, Toyota Trade Appraisal, Delivery Checklist").waitFor();
    await screenshot(page, '93-desking-packets');
    await packets.getByRole('button', { name: 'Close', exact: true }).last().click();
    await packets.waitFor({ state: 'hidden' });

    // Choosing the packet chooses its forms; they print as one PDF.
    await dialog.getByRole('combobox', { name: 'Packet' }).click();
    await page.getByRole('option', { name: `${name} (3 forms)` }).click();
    await dialog.getByRole('button', { name: 'Print 3 forms' }).waitFor();
    const rendered = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/form/render'));
    await dialog.getByRole('button', { name: 'Print 3 forms' }).click();
    const res = await rendered;
    expect(res.status()).toBe(200);
    expect(JSON.parse(res.request().postData() ?? '{}')).toMatchObject({ packetId: expect.any(Number) });
    const link = dialog.getByRole('link', { name: `Download ${name}.pdf` });
    await link.waitFor();
    const pdf = Buffer.from(await link.evaluate(async (a) => Array.from(new Uint8Array(await (await fetch((a as HTMLAnchorElement).href)).arrayBuffer()))));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const shown of ["Buyer's Order", 'Toyota Trade Appraisal', 'Delivery Checklist', 'Northwind Toyota', 'fleet@rosecityplumbing.example.com', '2003 Honda Accord', "Owner's manual and keys"]) {
      expect(text).toContain(shown);
    }
    await screenshot(page, '94-desking-print-packet');

    await dialog.getByRole('button', { name: 'Manage packets' }).click();
    await table.getByRole('button', { name: `Delete ${name}` }).click();
    await expect.poll(() => packets.getByRole('row', { name: new RegExp(name) }).count()).toBe(0);
  });
});
