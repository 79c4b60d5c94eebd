import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';
import { userPoolAccessToken } from './user-pool';

/** managerCounts reads the manager dashboard's counts of today at Northwind Toyota from path. */
async function managerCounts(baseUrl: string, path: string): Promise<Record<string, number>> {
  const token = await userPoolAccessToken(baseUrl, 'salesmanager@northwind.demo', DEMO_PASSWORD);
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ accountPlatformIds: [2001], range: 'today' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { totals: Record<string, number> } }).data.totals;
}

describe('a walk-in in the showroom', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;
  // A name and phone no other test uses, so the prospect proposes no duplicates.
  const n = String(Date.now() % 100000).padStart(5, '0');
  const last = `Walker${n}`;
  const name = `Dana ${last}`;

  beforeAll(() => {
    page = suite.page;
  });

  it('adds the walk-in as a prospect with a showroom visit, walks the steps, sets the delivery and ends the visit sold', async () => {
    const visitsBefore = await managerCounts(baseUrl, '/api/Activity/summary/showroom_activity');
    const appointmentsBefore = await managerCounts(baseUrl, '/api/Activity/summary/delivery_appointments');
    await openSignedIn(page, `${baseUrl}/#/app/contactsearch`, 'sales@northwind.demo', 'Sam Ortega');
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Store', { exact: true }).click();
    await page.getByRole('option', { name: 'Northwind Toyota' }).click();
    await dialog.getByLabel('First name', { exact: true }).fill('Dana');
    await dialog.getByLabel(/^Last name/).fill(last);
    await dialog.getByLabel('Mobile phone', { exact: true }).fill(`(503) 55${n.slice(0, 1)}-${n.slice(1)}`);
    await dialog.getByLabel(/Start showroom visit/).check();
    await dialog.getByRole('button', { name: /^(Add customer|Add anyway)$/ }).click();
    const anyway = dialog.getByRole('button', { name: 'Add anyway' });
    if (await anyway.isVisible().catch(() => false)) await anyway.click();
    await page.waitForURL((url) => /^#\/app\/contact\/\d+$/.test(url.hash));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const profile = page.url();

    // The delivery is set while the customer is in the store, on their profile.
    await page.getByRole('button', { name: 'Set appointment' }).click();
    const set = page.getByRole('dialog', { name: 'Set appointment' });
    await set.getByRole('combobox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: 'Delivery' }).click();
    const delivery = new Date(Date.now() + 3 * 86_400_000);
    const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', ...o }).format(delivery);
    await set.getByLabel(/^Starts/).fill(`${part({ year: 'numeric' })}-${part({ month: '2-digit' })}-${part({ day: '2-digit' })}T11:00`);
    await set.getByRole('textbox', { name: 'Note' }).fill('Delivery of the RAV4 they bought today');
    await set.getByRole('button', { name: 'Set appointment' }).click();
    await set.waitFor({ state: 'hidden' });
    await page.getByRole('list', { name: 'Upcoming appointments' }).getByRole('listitem', { name: /^Delivery appointment/ }).waitFor();

    await page.goto(`${baseUrl}/#/app/showroomdashboard`);
    await page.getByRole('heading', { level: 1, name: 'Showroom Log' }).waitFor();
    const now = page.getByRole('table', { name: 'In the showroom now' });
    const row = now.getByRole('row', { name: `${name} in the store` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Sam Ortega');
    expect(await row.textContent()).toContain('0 of 6');
    await screenshot(page, '90-showroom-log-walk-in');

    await row.getByRole('button', { name: `Steps of ${name}` }).click();
    const steps = page.getByRole('dialog', { name: 'Visit steps' });
    for (const step of ['Greet', 'Needs analysis', 'Test drive']) {
      await steps.getByRole('button', { name: `Complete ${step}` }).click();
      await steps.getByRole('row', { name: `Step ${step}` }).getByText('Completed').waitFor();
    }
    await steps.getByRole('button', { name: 'Skip Appraisal' }).click();
    await steps.getByRole('row', { name: 'Step Appraisal' }).getByText('Canceled').waitFor();
    await screenshot(page, '91-showroom-visit-steps');
    await steps.getByRole('button', { name: 'Close' }).click();

    await now.getByRole('row', { name: `${name} in the store` }).getByText('3 of 6').waitFor();
    await now.getByRole('row', { name: `${name} in the store` }).getByRole('button', { name: `End ${name}'s visit` }).click();
    const end = page.getByRole('dialog', { name: 'End visit' });
    await end.getByRole('radio', { name: 'Sold', exact: true }).check();
    await end.getByLabel('Notes').fill('Bought the RAV4 after the test drive.');
    await end.getByRole('button', { name: 'End visit' }).click();
    await end.waitFor({ state: 'hidden' });

    await now.getByRole('row', { name: `${name} in the store` }).waitFor({ state: 'detached' });
    const visits = page.getByRole('table', { name: 'Showroom Log visits' });
    const done = visits.getByRole('row', { name: `Visit of ${name}` });
    await done.waitFor();
    expect(await done.textContent()).toContain('Completed');
    expect(await done.textContent()).toContain('Sold');
    await screenshot(page, '92-showroom-log-visit-ended');

    // The manager's dashboard counts the visit, the sale and the appointment (the counters follow
    // the events), and the appointment is on the customer's profile.
    await expect
      .poll(async () => {
        const v = await managerCounts(baseUrl, '/api/Activity/summary/showroom_activity');
        const a = await managerCounts(baseUrl, '/api/Activity/summary/delivery_appointments');
        // Other tests may add their own at the same store meanwhile: at least this one's each.
        return [
          (v.showroomVisits ?? 0) - (visitsBefore.showroomVisits ?? 0),
          (v.visitsSold ?? 0) - (visitsBefore.visitsSold ?? 0),
          (a.appointmentsSet ?? 0) - (appointmentsBefore.appointmentsSet ?? 0),
        ].every((d) => d >= 1);
      }, { timeout: 30_000, interval: 1000 })
      .toBe(true);
    await page.goto(profile);
    const appointment = page.getByRole('list', { name: 'Upcoming appointments' }).getByRole('listitem', { name: /^Delivery appointment/ });
    await appointment.waitFor();
    expect(await appointment.textContent()).toContain('Scheduled');
  });
});
