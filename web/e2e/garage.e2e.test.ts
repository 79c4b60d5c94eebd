import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** Marcus Reed of Northwind Toyota, a seeded customer the sales person may edit. */
const MARCUS_ID = '1001000000005';

/** A real VIN: the 2003 Honda Accord EX-V6 coupe. */
const VIN = '1HGCM82633A004352';

describe('customer garage', () => {
  const suite = useBrowser('sales@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it('adds a current vehicle by VIN, updates its payoff and mileage, marks it as sold, and the activity shows each step', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contact/${MARCUS_ID}?tab=garage`, 'sales@northwind.demo');
    await page.getByRole('heading', { level: 1, name: 'Marcus Reed' }).waitFor();
    await page.getByText('No current vehicles').waitFor();

    await page.getByRole('button', { name: 'Add vehicle' }).click();
    const add = page.getByRole('dialog', { name: 'Add a current vehicle' });
    await add.getByRole('textbox', { name: 'VIN' }).fill('1HGCM82643A004352');
    await add.getByText(/The check digit \(position 9\) is 4/).waitFor();
    await screenshot(page, '60-garage-vin-check-digit');
    await add.getByRole('textbox', { name: 'VIN' }).fill(VIN.toLowerCase());
    await add.getByText('2003 Honda Accord EX-V6 · Coupe').waitFor();
    await add.getByRole('textbox', { name: 'Mileage' }).fill('118000');
    await add.getByRole('textbox', { name: 'Lender' }).fill('Honda Financial Services');
    await add.getByRole('textbox', { name: 'Term (months)' }).fill('60');
    await add.getByRole('textbox', { name: 'Rate (APR %)' }).fill('4.9');
    await add.getByRole('textbox', { name: 'Monthly payment' }).fill('389.50');
    await screenshot(page, '61-garage-add-decoded');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/vehicles/current_vehicles') && r.request().method() === 'POST');
    await add.getByRole('button', { name: 'Save vehicle' }).click();
    expect((await saved).status()).toBe(200);
    await add.waitFor({ state: 'hidden' });
    const card = page.getByRole('article', { name: '2003 Honda Accord' });
    await card.getByText('EX-V6 · Coupe').waitFor();
    await card.getByText('$389.50 / month').waitFor();

    await card.getByRole('button', { name: 'Actions for 2003 Honda Accord' }).click();
    await page.getByRole('menuitem', { name: 'Update payoff' }).click();
    const payoff = page.getByRole('dialog', { name: 'Update payoff' });
    await payoff.getByRole('textbox', { name: 'Payoff' }).fill('8250.50');
    await payoff.getByRole('button', { name: 'Update payoff' }).click();
    await payoff.waitFor({ state: 'hidden' });
    await card.getByText('$8,250.50').waitFor();

    await card.getByRole('button', { name: 'Actions for 2003 Honda Accord' }).click();
    await page.getByRole('menuitem', { name: 'Update mileage' }).click();
    const mileage = page.getByRole('dialog', { name: 'Update mileage' });
    await mileage.getByRole('textbox', { name: 'Mileage' }).fill('100');
    await mileage.getByRole('button', { name: 'Update mileage' }).click();
    await mileage.getByText('The mileage is lower than the last one recorded (118000).').waitFor();
    await mileage.getByRole('textbox', { name: 'Mileage' }).fill('121500');
    await mileage.getByRole('button', { name: 'Update mileage' }).click();
    await mileage.waitFor({ state: 'hidden' });
    await card.getByText('121,500 mi').waitFor();
    await screenshot(page, '62-garage-current');

    await card.getByRole('button', { name: 'Actions for 2003 Honda Accord' }).click();
    await page.getByRole('menuitem', { name: 'Mark as sold' }).click();
    const sold = page.getByRole('dialog', { name: 'Mark as sold' });
    await sold.getByRole('textbox', { name: 'Note' }).fill('Sold privately before coming in.');
    await sold.getByRole('button', { name: 'Mark as sold' }).click();
    await sold.waitFor({ state: 'hidden' });
    const previous = page.getByRole('table', { name: 'Previously owned vehicles' });
    await previous.getByText('2003 Honda Accord').waitFor();
    await previous.getByText('Sold', { exact: true }).waitFor();
    await page.getByText('No current vehicles').waitFor();
    await screenshot(page, '63-garage-previously-owned');

    await page.getByRole('tab', { name: 'Activity' }).click();
    const feed = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
    await expect.poll(async () => (await feed.allTextContents()).filter((t) => t.includes('Garage:')).length).toBe(4);
    const texts = (await feed.allTextContents()).filter((t) => t.includes('Garage:'));
    expect(texts[0]).toContain('Garage: 2003 Honda Accord marked as sold');
    expect(texts[1]).toContain('Garage: mileage of 2003 Honda Accord updated to 121500');
    expect(texts[2]).toContain('Garage: payoff of 2003 Honda Accord updated to $8250.50');
    expect(texts[3]).toContain('Garage: added 2003 Honda Accord');
    expect(texts[0]).toContain('Sam Ortega');
    await screenshot(page, '64-garage-activity');
  });
});
