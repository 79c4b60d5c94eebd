import { expect } from 'vitest';

import { DEMO_PASSWORD } from './pages';
import { userPoolAccessToken } from './user-pool';

/**
 * Northwind Honda, the store the lead is delivered to: its leads arrive open to claims (the
 * Toyota store assigns its leads automatically, so they never show as unclaimed).
 */
export const HONDA = 2002;

/** adf is a lead provider's ADF 1.0 document for a new customer, with a trade-in. */
function adf(id: string, first: string, last: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<?ADF VERSION="1.0"?>
<adf>
  <prospect status="new">
    <id sequence="1" source="AutoTrader">${id}</id>
    <requestdate>2026-11-20T10:15:00-0500</requestdate>
    <vehicle interest="buy" status="new"><year>2026</year><make>Honda</make><model>Accord</model><trim>Sport</trim></vehicle>
    <vehicle interest="trade-in" status="used"><year>2016</year><make>Mazda</make><model>3</model><odometer units="miles">91000</odometer></vehicle>
    <customer><contact>
      <name part="first">${first}</name><name part="last">${last}</name>
      <email>${id.toLowerCase()}@example.net</email><phone type="cellphone">503-555-0188</phone>
    </contact><comments>Looking for a hybrid.</comments></customer>
    <provider><name part="full">AutoTrader</name></provider>
  </prospect>
</adf>`;
}

/**
 * deliverLead gets the Honda store's intake key as the dealer admin and posts an ADF lead to
 * the intake endpoint with it, as a lead provider does; it returns the new lead's id.
 */
export async function deliverLead(baseUrl: string, id: string, first: string, last: string): Promise<number> {
  const token = await userPoolAccessToken(baseUrl, 'admin@northwind.demo', DEMO_PASSWORD);
  const keyResponse = await fetch(`${baseUrl}/api/CrmLead/intake/key`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ accountPlatformId: HONDA }),
  });
  expect(keyResponse.status).toBe(200);
  const { data: key } = (await keyResponse.json()) as { data: { key: string; path: string } };
  const delivered = await fetch(`${baseUrl}${key.path}`, {
    method: 'POST',
    headers: { 'X-Lead-Key': key.key, 'Content-Type': 'application/xml' },
    body: adf(id, first, last),
  });
  expect(delivered.status).toBe(200);
  const { data } = (await delivered.json()) as { data: { leads: { crmLeadId: number; created: boolean }[] } };
  expect(data.leads).toHaveLength(1);
  expect(data.leads[0]?.created).toBe(true);
  return data.leads[0]!.crmLeadId;
}

