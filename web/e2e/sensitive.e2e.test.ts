import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, openSignedIn, screenshot } from './pages';
import { useBrowser } from './suite';
import { userPoolAccessToken } from './user-pool';

/** Maria Gonzalez of Northwind Toyota, whose SSN the demo seed knows. */
const MARIA_ID = '1001000000001';
const MARIA_SSN = '123-45-6789';

describe('sensitive fields as an F&I manager', () => {
  const suite = useBrowser('fi@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it("reveals Maria's SSN on request, uncached, and masks it again when leaving", async () => {
    const read = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith(`/crm/contacts/${MARIA_ID}`));
    await openSignedIn(page, `${baseUrl}/#/app/contact/${MARIA_ID}?tab=profile`, 'fi@northwind.demo', 'Avery Kim');
    // The profile's read carries the masked values only.
    expect(await (await read).text()).not.toContain(MARIA_SSN);
    const personal = page.getByRole('region', { name: 'Personal' });
    await personal.getByText('***-**-6789').waitFor();
    expect(await page.getByText(MARIA_SSN).count()).toBe(0);

    const revealed = page.waitForResponse((r) => r.url().endsWith(`/crm/contacts/${MARIA_ID}/sensitive/reveal`));
    await personal.getByRole('button', { name: 'Show the whole SSN' }).click();
    const response = await revealed;
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    await personal.getByText(MARIA_SSN).waitFor();
    await personal.getByText(/your view is recorded/).waitFor();
    await screenshot(page, '60-ssn-revealed-fi-manager');

    // The licence scan shows the number too: shown on request, uncached.
    const front = page.getByRole('group', { name: 'Licence front' });
    const scan = page.waitForResponse((r) => r.url().endsWith(`/crm/contacts/${MARIA_ID}/driver_license_front`));
    await front.getByRole('button', { name: 'Show the licence front' }).click();
    expect((await scan).headers()['cache-control']).toBe('private, no-store');
    await front.getByRole('img', { name: 'Licence front' }).waitFor();
    await screenshot(page, '60b-licence-scan-revealed-fi-manager');

    // Another tab of the profile and back: the SSN is masked again.
    await page.getByRole('tab', { name: 'Snapshot' }).click();
    await page.getByRole('tab', { name: 'Profile' }).click();
    await personal.getByText('***-**-6789').waitFor();
    expect(await page.getByText(MARIA_SSN).count()).toBe(0);
    expect(suite.browser.pageErrors).toEqual([]);
  });
});

describe('sensitive fields as a BDC agent', () => {
  const suite = useBrowser('bdc@northwind.demo');
  const { baseUrl } = suite;
  let page: Page;

  beforeAll(() => {
    page = suite.page;
  });

  it('shows the SSN masked, offers no reveal, and the call is refused', async () => {
    await openSignedIn(page, `${baseUrl}/#/app/contact/${MARIA_ID}?tab=profile`, 'bdc@northwind.demo', 'Bailey Chen');
    const personal = page.getByRole('region', { name: 'Personal' });
    await personal.getByText('***-**-6789').waitFor();
    await page.getByRole('region', { name: 'Finance' }).getByText('********6789').waitFor();
    expect(await page.getByRole('button', { name: /Show the whole/ }).count()).toBe(0);
    expect(await page.getByText(MARIA_SSN).count()).toBe(0);
    await screenshot(page, '61-ssn-masked-bdc-agent');

    const token = await userPoolAccessToken(baseUrl, 'bdc@northwind.demo', DEMO_PASSWORD);
    const refused = await fetch(`${baseUrl}/crm/contacts/${MARIA_ID}/sensitive/reveal`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ field: 'ssn' }),
    });
    const body = await refused.text();
    expect(refused.status).toBe(403);
    expect((JSON.parse(body) as { errorMessages?: string[] }).errorMessages).toEqual([
      'Only an F&I manager, a sales manager, a general manager or a dealer admin may do this.',
    ]);
    expect(body).not.toContain(MARIA_SSN);
    expect(suite.browser.pageErrors).toEqual([]);
  });
});
