import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** Maria Gonzales of Northwind Toyota (Portland, America/Los_Angeles), who has no appointments yet. */
const CUSTOMER_ID = '1001000000004';
const STORE_ZONE = 'America/Los_Angeles';

/** storeDay is the day `days` from today at the store, as the time input takes it and as the list shows it. */
function storeDay(days: number): { input: string; shown: string } {
  const at = new Date(Date.now() + days * 86_400_000);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-CA', { timeZone: STORE_ZONE, ...options }).format(at);
  return {
    input: `${part({ year: 'numeric' })}-${part({ month: '2-digit' })}-${part({ day: '2-digit' })}`,
    shown: new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: STORE_ZONE }).format(at),
  };
}

describe('appointments', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  const upcoming = () => page.getByRole('list', { name: 'Upcoming appointments' });

  it('sets an appointment for a customer, reschedules, confirms and marks it shown, at the store’s time', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contact/${CUSTOMER_ID}`, 'sales@northwind.demo');
    await page.getByRole('heading', { level: 1, name: /^Maria .*Gonzales$/ }).waitFor();
    await page.getByText('No upcoming appointments.').waitFor();

    const first = storeDay(7);
    await page.getByRole('button', { name: 'Set appointment' }).click();
    const set = page.getByRole('dialog', { name: 'Set appointment' });
    await set.getByText(/In the store's time zone \(Los Angeles time, P[SD]T\)/).waitFor();
    await set.getByRole('combobox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: 'Delivery' }).click();
    await set.getByLabel(/^Starts/).fill(`${first.input}T10:00`);
    const with_ = set.getByRole('combobox', { name: /^With/ });
    await expect.poll(() => with_.inputValue()).toBe('Sam Ortega (me)');
    await set.getByRole('textbox', { name: 'Note' }).fill('Delivery of the RAV4: plates and paperwork');
    await screenshot(page, '70-appointment-set');
    const created = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/pando/calendarevent') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('"event"'));
    await set.getByRole('button', { name: 'Set appointment' }).click();
    expect((await created).status()).toBe(200);
    await set.waitFor({ state: 'hidden' });

    const row = upcoming().getByRole('listitem', { name: /^Delivery appointment/ });
    await row.waitFor();
    // The browser runs in UTC; the list reads the store's clocks.
    await expect.poll(() => row.textContent()).toMatch(new RegExp(`${first.shown}, 10:00 AM – 11:00 AM P[SD]T`));
    expect(await row.textContent()).toContain('Scheduled');
    expect(await row.textContent()).toContain('With Sam Ortega · Northwind Toyota');

    const second = storeDay(8);
    await row.getByRole('button', { name: 'Reschedule' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await reschedule.getByLabel(/New start/).fill(`${second.input}T14:30`);
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await reschedule.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).toMatch(new RegExp(`${second.shown}, 2:30 PM – 3:30 PM P[SD]T`));
    await row.getByText('Rescheduled', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Confirm', exact: true }).click();
    await row.getByText('Confirmed', { exact: true }).waitFor();
    // A confirmed appointment takes no second confirmation.
    expect(await row.getByRole('button', { name: 'Confirm', exact: true }).count()).toBe(0);
    await screenshot(page, '71-appointment-confirmed');

    await row.getByRole('button', { name: 'Shown' }).click();
    await row.getByText('Shown', { exact: true }).waitFor();
    await expect.poll(() => row.getByRole('button').count()).toBe(0);
    await screenshot(page, '72-appointment-shown');

    // Every step is in the customer's activity.
    await page.getByRole('tab', { name: 'Activity' }).click();
    const activity = page.getByRole('list', { name: 'Activity' });
    await activity.getByText(/^Appointment set: Delivery/).waitFor();
    await activity.getByText(/^Appointment rescheduled: Delivery/).waitFor();
    await activity.getByText(/^Appointment confirmed: Delivery/).waitFor();
    await activity.getByText(/^Appointment marked shown: Delivery/).waitFor();
  });
});
