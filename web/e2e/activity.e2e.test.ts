import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** James Carter of Northwind Honda, a seeded customer the sales person may edit. */
const JAMES_ID = '1001000000002';

describe('customer activity', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  function feedItems() {
    return page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
  }

  it('logs a call and a note and shows both in the Activity tab with the counts', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contact/${JAMES_ID}?tab=activity`, 'sales@northwind.demo');
    await page.getByRole('heading', { level: 1, name: 'James Carter' }).waitFor();
    await page.getByText('No activity yet').waitFor();
    await page.getByRole('radio', { name: 'All (0)' }).waitFor({ state: 'attached' });

    await page.getByRole('button', { name: 'Log call' }).click();
    const call = page.getByRole('dialog', { name: 'Log call' });
    await call.getByText('Inbound', { exact: true }).click();
    await call.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: 'Contacted' }).click();
    await call.getByRole('textbox', { name: 'Duration (minutes)' }).fill('3');
    await call.getByRole('textbox', { name: 'Notes' }).fill('Asked about trading in the CR-V.');
    await screenshot(page, '40-activity-log-call');
    const logged = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/actions/log_phone_call'));
    await call.getByRole('button', { name: 'Log call' }).click();
    expect((await logged).status()).toBe(200);
    await call.waitFor({ state: 'hidden' });
    await page.getByText('The call was logged.').waitFor();

    await page.getByRole('button', { name: 'Log note' }).click();
    const note = page.getByRole('dialog', { name: 'Log note' });
    await note.getByRole('button', { name: 'Log note' }).click();
    await note.getByText("Enter the note's text.").waitFor();
    await note.getByRole('textbox', { name: 'Note text' }).fill('Prefers a call after 5 pm.');
    await note.getByRole('button', { name: 'Log note' }).click();
    await note.waitFor({ state: 'hidden' });

    await page.getByRole('radio', { name: 'All (2)' }).waitFor({ state: 'attached' });
    await page.getByRole('radio', { name: 'Calls (1)' }).waitFor({ state: 'attached' });
    await page.getByRole('radio', { name: 'Notes (1)' }).waitFor({ state: 'attached' });
    await expect.poll(() => feedItems().count()).toBe(2);
    const texts = await feedItems().allTextContents();
    expect(texts[0]).toContain('Prefers a call after 5 pm.');
    expect(texts[0]).toContain('Sam Ortega');
    expect(texts[1]).toContain('Asked about trading in the CR-V.');
    expect(texts[1]).toContain('Inbound · Contacted · 3m 00s');
    await screenshot(page, '41-activity-feed');

    await page.getByText('Notes (1)').click();
    await page.waitForURL((url) => url.hash.includes('activity=note'));
    await expect.poll(() => feedItems().count()).toBe(1);
    expect(await feedItems().first().textContent()).toContain('Prefers a call after 5 pm.');
    await screenshot(page, '42-activity-notes');
  });

  it('starts a click-to-call and records it', async () => {
    await page.getByText(/^All \(/).click();
    await page.getByRole('button', { name: 'Call', exact: true }).click();
    const dial = page.getByRole('dialog', { name: 'Call customer' });
    await dial.getByRole('textbox', { name: 'Your phone' }).fill('12');
    await dial.getByRole('button', { name: 'Start call' }).click();
    await dial.getByText('Enter your phone number: 10 digits, or + and the country code.').waitFor();
    await dial.getByRole('textbox', { name: 'Your phone' }).fill('(503) 555-0101');
    await dial.getByRole('button', { name: 'Start call' }).click();
    await dial.waitFor({ state: 'hidden' });
    await page.getByText(/Your phone will ring first/).waitFor();

    await page.getByRole('radio', { name: 'Calls (2)' }).waitFor({ state: 'attached' });
    await expect.poll(() => feedItems().count()).toBe(3);
    expect(await feedItems().first().textContent()).toMatch(/Call started.*Outbound.*Call CA[0-9a-f]{32}/);
    await screenshot(page, '43-activity-call-started');
    expect(suite.browser.pageErrors).toEqual([]);
  });
});
