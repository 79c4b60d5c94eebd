import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** Jamie Carter of Northwind Honda, a seeded customer with one e-mail address. */
const JAMIE_ID = '1001000000007';
const JAMIE_EMAIL = 'jcarter77@example.com';

type SentEmail = {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
  attachments: { filename: string; size: number }[];
};

/** sentEmails are the messages the local SES stand-in was sent. */
async function sentEmails(sesUrl: string): Promise<SentEmail[]> {
  const response = await fetch(`${sesUrl}/store`);
  expect(response.status).toBe(200);
  const store = (await response.json()) as { emails: SentEmail[] };
  return store.emails;
}

describe('customer e-mail', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  const sesUrl = inject('sesUrl');
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it('sends a template e-mail with an attachment through SES and refuses an .exe', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contact/${JAMIE_ID}`, 'sales@northwind.demo');
    await page.getByRole('heading', { level: 1, name: 'Jamie Carter' }).waitFor();
    await page.getByRole('button', { name: 'Email', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email' });
    await dialog.getByText(JAMIE_EMAIL).waitFor();

    await dialog.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Thank you for visiting' }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('Thank you for visiting Northwind Honda');
    expect(await dialog.getByRole('textbox', { name: 'Message' }).inputValue()).toContain('Hi Jamie,');

    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ not really') });
    await dialog.getByRole('alert').getByText('Files of type .exe cannot be attached').waitFor();
    await input.setInputFiles({ name: 'trade in photos.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% trade-in photos\n') });
    await dialog.getByRole('list', { name: 'Attachments' }).getByText('trade_in_photos.pdf').waitFor();
    await screenshot(page, '90-email-compose');

    const sent = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/pando/pandox/sendemail'));
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    expect((await sent).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });

    const emails = await sentEmails(sesUrl);
    const mine = emails.filter((e) => e.destination.to.includes(JAMIE_EMAIL));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe('Thank you for visiting Northwind Honda');
    expect(mine[0]!.body.text).toContain('Hi Jamie,');
    expect(mine[0]!.attachments.map((a) => a.filename)).toEqual(['trade_in_photos.pdf']);

    await page.goto(sesUrl);
    await page.getByText('Thank you for visiting Northwind Honda').first().waitFor();
    await screenshot(page, '91-email-ses-stand-in');
  });

  it('shows the e-mail in the history and refuses a message naming another mailbox', async () => {
    await page.goto(`${baseUrl}/#/app/contact/${JAMIE_ID}`);
    await page.getByRole('heading', { level: 1, name: 'Jamie Carter' }).waitFor();
    await page.getByRole('button', { name: 'Email history' }).click();
    const history = page.getByRole('dialog', { name: 'Email History' });
    await history.getByText('Thank you for visiting Northwind Honda').waitFor();
    await history.getByText('trade_in_photos.pdf').waitFor();
    await screenshot(page, '92-email-history');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Email', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email' });
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('Your trade-in');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Send the photos to my own mailbox, sam.private@gmail.com.');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByRole('alert').getByText(/restricted e-mail address \(sam\.private@gmail\.com\)/).waitFor();
    await screenshot(page, '93-email-restricted');
    expect((await sentEmails(sesUrl)).filter((e) => e.destination.to.includes(JAMIE_EMAIL))).toHaveLength(1);
  });
});
