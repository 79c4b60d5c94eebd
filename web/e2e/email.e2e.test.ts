import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser } from './browser';
import { DEMO_PASSWORD, openSignedIn, screenshot } from './pages';
import { exchangePartnerAssertion, partnerAssertion } from './partner';
import { useBrowser } from './suite';
import { userPoolAccessToken } from './user-pool';

/** Jamie Carter of Northwind Honda, a seeded customer with one e-mail address. */
const JAMIE_ID = '1001000000007';
const JAMIE_EMAIL = 'jcarter77@example.com';

type SentEmail = {
  messageId: string;
  from: string;
  replyTo: string[];
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

  it("threads the customer's reply onto the customer and shows it on the embedded Customer Email page", async () => {
    const [first] = (await sentEmails(sesUrl)).filter((e) => e.destination.to.includes(JAMIE_EMAIL));
    const replyTo = first!.replyTo[0]!;
    expect(replyTo).toMatch(/^reply\+1001\.[0-9a-f]{24}@/);
    // SES receiving publishes the reply to SNS, whose subscription posts it to the webhook. A
    // message without SNS's signature is refused and changes nothing.
    const unsigned = await fetch(`${baseUrl}/pando/pandox/inbound_email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        Type: 'Notification', MessageId: 'sns-forged', TopicArn: 'arn:aws:sns:us-east-1:123456789012:cxm-inbound',
        Message: JSON.stringify({
          notificationType: 'Received',
          mail: { messageId: 'e2e-forged', source: JAMIE_EMAIL, destination: [replyTo], commonHeaders: { from: [JAMIE_EMAIL], to: [replyTo], subject: 'Re' } },
          content: `From: ${JAMIE_EMAIL}\r\nSubject: Re\r\nContent-Type: text/plain\r\n\r\nCancel everything\r\n`,
        }),
        Timestamp: new Date().toISOString(), SignatureVersion: '2', Signature: 'c2ln',
        SigningCertURL: 'https://sns.local.amazonaws.com/SimpleNotificationService-local.pem',
      }),
    });
    expect(unsigned.status).toBe(403);
    // The local SES receiving sandbox signs the reply as SNS would and delivers it to the webhook.
    const salesToken = await userPoolAccessToken(baseUrl, 'sales@northwind.demo', DEMO_PASSWORD);
    const response = await fetch(`${baseUrl}/pando/pandox/inbound_email/sandbox`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${salesToken}` },
      body: JSON.stringify({
        To: replyTo, From: `Jamie Carter <${JAMIE_EMAIL}>`, Subject: 'Re: Thank you for visiting Northwind Honda',
        Text: 'Could you send numbers on the CR-V?',
      }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { status: string }).status).toBe('recorded');

    const embedded = await openBrowser();
    try {
      const { accessToken } = await exchangePartnerAssertion(baseUrl, await partnerAssertion('100001'));
      await embedded.page.setViewportSize({ width: 900, height: 800 });
      await embedded.page.goto(`${baseUrl}/#/embedded/customeremail?contactId=${JAMIE_ID}&ssoToken=${encodeURIComponent(accessToken)}`);
      await embedded.page.getByRole('heading', { level: 1, name: 'Customer Email' }).waitFor();
      await embedded.page.getByText('Could you send numbers on the CR-V?').waitFor();
      expect(await embedded.page.getByText('Received', { exact: true }).count()).toBe(1);
      await embedded.page.getByRole('button', { name: 'Send Email' }).waitFor();
      await screenshot(embedded.page, '94-email-embedded');
    } finally {
      await embedded.close();
    }
  });
});
