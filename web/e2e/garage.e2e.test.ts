import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';

/** Marcus Reed of Northwind Toyota, a seeded customer the sales person may edit. */
const MARCUS_ID = '1001000000005';

/** A real VIN: the 2003 Honda Accord EX-V6 coupe. */
const VIN = '1HGCM82633A004352';

/** A real VIN: a 2013 Ford F-150 crew cab, which the manufacturer tag service answers. */
const F150 = '1FTFW1ET9DFC10312';

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

  it('shows behind the score, appraises a vehicle into its trade value and opens its history and Ford tag details', async () => {
    // Signed in by the test before.
    await page.goto(`${baseUrl}/#/app/contact/${MARCUS_ID}?tab=garage`);
    await page.getByRole('heading', { level: 1, name: 'Marcus Reed' }).waitFor();
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    const add = page.getByRole('dialog', { name: 'Add a current vehicle' });
    await add.getByRole('textbox', { name: 'VIN' }).fill(F150);
    await add.getByText(/2013 Ford F-150/).waitFor();
    await add.getByRole('textbox', { name: 'Mileage' }).fill('98000');
    await add.getByRole('textbox', { name: 'Lender' }).fill('Ford Credit');
    await add.getByRole('textbox', { name: 'Term (months)' }).fill('72');
    await add.getByRole('textbox', { name: 'Monthly payment' }).fill('612');
    await add.getByRole('button', { name: 'Save vehicle' }).click();
    await add.waitFor({ state: 'hidden' });
    const card = page.getByRole('article', { name: '2013 Ford F-150' });

    await card.getByRole('button', { name: /^Opportunity score \d+, (Hot|Warm|Cold): behind the score$/ }).click();
    const score = page.getByRole('dialog', { name: 'Behind the score' });
    const factors = score.getByRole('table', { name: 'Score factors' }).getByRole('row');
    await expect.poll(() => factors.count()).toBe(6);
    await score.getByText('No trade value yet: store one or appraise the vehicle.').waitFor();
    await score.getByText(/^A 2013 model: \d+ years old\.$/).waitFor();
    await screenshot(page, '65-garage-behind-the-score');
    await page.keyboard.press('Escape');
    await score.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: 'Actions for 2013 Ford F-150' }).click();
    await page.getByRole('menuitem', { name: 'Appraisal' }).click();
    const appraisal = page.getByRole('dialog', { name: 'Appraisal' });
    await appraisal.getByText('The 2013 Ford F-150 has not been appraised yet.').waitFor();
    await appraisal.getByRole('button', { name: 'Appraise' }).click();
    await appraisal.getByText('Choose the appraiser.').waitFor();
    await appraisal.getByRole('combobox', { name: 'Appraiser' }).click();
    await appraisal.getByRole('option', { name: 'Dana Whitfield (sandbox)' }).click();
    await appraisal.getByRole('textbox', { name: 'Odometer' }).fill('98500');
    await screenshot(page, '66-garage-appraisal');
    const appraised = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/VAuto/appraisal/create'));
    await appraisal.getByRole('button', { name: 'Appraise' }).click();
    const res = await appraised;
    expect(res.status()).toBe(200);
    const value = ((await res.json()) as { data: { appraisal: { value: number } } }).data.appraisal.value;
    await appraisal.waitFor({ state: 'hidden' });
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);
    await card.getByRole('row', { name: new RegExp(`Trade value ${usd.replace('$', '\\$')}`) }).waitFor();

    await card.getByRole('button', { name: /behind the score/ }).click();
    await score.getByText(/equity \(trade value \$/).waitFor();
    await page.keyboard.press('Escape');
    await score.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: 'Vehicle history' }).click();
    const history = page.getByRole('dialog', { name: 'Vehicle history' });
    await history.getByRole('table', { name: 'Odometer' }).waitFor();
    await history.getByText(/^Report SBX-VHR-/).waitFor();
    await screenshot(page, '67-garage-vehicle-history');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: 'Ford tag details' }).click();
    const tag = page.getByRole('dialog', { name: 'Manufacturer tag details' });
    await tag.getByRole('table', { name: 'Warranty coverages' }).waitFor();
    await tag.getByRole('link', { name: 'Open in OASIS' }).waitFor();
    await screenshot(page, '68-garage-ford-tag-details');
    await page.keyboard.press('Escape');
  });
});
