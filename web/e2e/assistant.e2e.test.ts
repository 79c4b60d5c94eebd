import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** Maria Gonzalez of Northwind Toyota, whom the assistant is preparing to follow up by e-mail. */
const MARIA_ID = '1001000000001';

describe('automated assistant and video library', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  const section = () => page.getByRole('region', { name: 'Auto assistant' });
  const conversations = () => section().getByRole('list', { name: 'Assistant conversations' });

  it('ends the prepared conversation, starts a new one and reads it in full', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contact/${MARIA_ID}`, 'sales@northwind.demo');
    await page.getByRole('heading', { level: 1, name: /^Maria .*Gonzalez$/ }).waitFor();
    const prepared = conversations().getByRole('listitem', { name: 'Sales follow-up' });
    await prepared.getByText('Preparing Lead: Preparing Lead').waitFor();
    await section().scrollIntoViewIfNeeded();
    await screenshot(page, '90-assistant-prepared');

    await prepared.getByRole('button', { name: 'End' }).click();
    const end = page.getByRole('dialog', { name: 'End the conversation' });
    const ended = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/auto_assistant/end_conversation'));
    await end.getByRole('button', { name: 'End conversation' }).click();
    expect((await ended).status()).toBe(200);
    await prepared.getByText('Client Stopped: Rep Stopped').waitFor();
    expect(await prepared.getByRole('button', { name: 'End' }).count()).toBe(0);

    await section().getByRole('button', { name: 'Send to auto assistant' }).click();
    const start = page.getByRole('dialog', { name: 'Send to auto assistant' });
    await start.getByText('E-mail', { exact: true }).click();
    await start.getByRole('textbox', { name: 'Name (optional)' }).fill('RAV4 lease follow-up');
    await start.getByRole('textbox', { name: 'Vehicle of interest (optional)' }).fill('2026 Toyota RAV4 XLE');
    await screenshot(page, '91-assistant-send');
    await start.getByRole('button', { name: 'Start conversation' }).click();
    await start.waitFor({ state: 'hidden' });

    const started = conversations().getByRole('listitem', { name: 'RAV4 lease follow-up' });
    await started.getByText('Messaging: Sent Message').waitFor();
    await started.getByRole('button', { name: 'View conversation (1)' }).click();
    await started.getByText(/This is Ava, Sam Ortega's assistant at .*2026 Toyota RAV4 XLE/).waitFor();
    await screenshot(page, '92-assistant-conversation');

    // The assistant's message is in the customer's activity like any e-mail.
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByRole('list', { name: 'Activity' }).getByText(/About the 2026 Toyota RAV4 XLE at/).first().waitFor();
    await page.getByRole('tab', { name: 'Snapshot' }).click();
  });

  it('picks a video from the library into a draft with a suggested reply', async () => {
    const draft = section().getByRole('textbox', { name: 'Text draft' });
    await section().getByRole('textbox', { name: /What should the reply say/ }).fill('offer Saturday morning');
    await section().getByRole('button', { name: 'Suggest a reply' }).click();
    await expect.poll(() => draft.inputValue()).toMatch(/^Hi Maria, .*Offer Saturday morning\./);

    await section().getByRole('button', { name: 'Video library' }).click();
    const library = page.getByRole('dialog', { name: 'Video library' });
    await library.getByRole('listitem').first().waitFor();
    await library.getByRole('textbox', { name: 'Search videos' }).fill('walkaround');
    await expect.poll(() => library.getByRole('listitem').count()).toBe(1);
    await screenshot(page, '93-video-library');
    const linked = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/cxp/video/internalauthlink'));
    await library.getByRole('button', { name: 'Send Walkaround: what to look for' }).click();
    expect((await linked).status()).toBe(200);
    await library.waitFor({ state: 'hidden' });
    await expect.poll(() => draft.inputValue()).toMatch(/Walkaround: what to look for: http:\/\/.*\/media\/accounts\/1001\/videos\/2001\/VD-demo-2001-2\.webm\?expires=\d+&signature=[0-9a-f]+/);
    await screenshot(page, '94-video-in-draft');

    // The link is signed: altered, it is refused.
    const link = (await draft.inputValue()).match(/http\S+/)?.[0] ?? '';
    const altered = await page.request.get(link.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`));
    expect(altered.status()).toBe(403);
  });
});
