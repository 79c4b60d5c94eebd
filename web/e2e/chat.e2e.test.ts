import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { screenshot, signIn } from './pages';

/** openChat opens the header's Chat drawer and returns it. */
async function openChat(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Chat' }).click();
  const drawer = page.getByRole('dialog', { name: 'Chat' });
  await drawer.waitFor();
  return drawer;
}

describe('staff chat', () => {
  const baseUrl = inject('baseUrl');
  const run = Date.now().toString(36).toUpperCase();
  const hello = `Can you take my 3 o'clock walk-in? ${run}`;
  const reply = `Sure, I have it. ${run}`;
  let a: BrowserSession;
  let b: BrowserSession;

  beforeAll(async () => {
    a = await openBrowser();
    b = await openBrowser();
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a message reaches the colleague, and their reply shows at once in the open chat', async () => {
    // Sam Ortega (sales) writes to Morgan Reyes (sales manager).
    await a.page.goto(`${baseUrl}/#/app/default`);
    await signIn(a.page, 'sales@northwind.demo');
    await a.page.getByRole('banner').getByText('Sam Ortega').waitFor();
    let chat = await openChat(a.page);
    await chat.getByLabel('Chat with').fill('Morgan');
    await chat.getByRole('list', { name: 'Colleagues' }).getByRole('button', { name: /Morgan Reyes/ }).click();
    const box = chat.getByRole('textbox', { name: 'Message to Morgan Reyes' });
    await box.waitFor();
    await box.fill(hello);
    await box.press('Enter');
    const withMorgan = chat.getByRole('list', { name: 'Messages with Morgan Reyes' });
    await withMorgan.getByRole('listitem').filter({ hasText: hello }).filter({ hasText: /^You · / }).waitFor();
    await expect.poll(() => withMorgan.getByText('Sending…').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(a.page, '96-chat-sent');

    // Morgan signs in elsewhere, sees who wrote among the recent chats and opens the chat.
    await b.page.goto(`${baseUrl}/#/app/default`);
    await signIn(b.page, 'salesmanager@northwind.demo');
    await b.page.getByRole('banner').getByText('Morgan Reyes').waitFor();
    chat = await openChat(b.page);
    // Sam's chat is marked unread until Morgan reads it.
    const fromSam = chat.getByRole('list', { name: 'Recent chats' }).getByRole('button', { name: /Sam Ortega \(unread\)/ }).filter({ hasText: hello });
    await fromSam.waitFor();
    await screenshot(b.page, '97-chat-recent');
    await fromSam.click();
    const withSam = chat.getByRole('list', { name: 'Messages with Sam Ortega' });
    await withSam.getByRole('listitem').filter({ hasText: hello }).filter({ hasText: /^Sam Ortega · / }).waitFor();
    await screenshot(b.page, '98-chat-received');
    // Once read, it is no longer marked unread among the recent chats.
    await chat.getByRole('button', { name: 'Back to colleagues' }).click();
    const recent = chat.getByRole('list', { name: 'Recent chats' });
    await recent.getByRole('button', { name: /Sam Ortega/ }).filter({ hasText: hello }).waitFor();
    await expect.poll(() => recent.getByRole('button', { name: /Sam Ortega \(unread\)/ }).count(), { timeout: 15_000 }).toBe(0);
    await recent.getByRole('button', { name: /Sam Ortega/ }).filter({ hasText: hello }).click();

    // Morgan replies; Sam's open chat shows it without a reload.
    const reBox = chat.getByRole('textbox', { name: 'Message to Sam Ortega' });
    await reBox.fill(reply);
    await chat.getByRole('button', { name: 'Send' }).click();
    await withSam.getByRole('listitem').filter({ hasText: reply }).waitFor();
    await withMorgan.getByRole('listitem').filter({ hasText: reply }).filter({ hasText: /^Morgan Reyes · / }).waitFor({ timeout: 20_000 });
    await screenshot(a.page, '99-chat-reply-live');
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
