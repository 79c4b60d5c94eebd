import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { DEMO_PASSWORD } from './pages';
import { resetUserSettings } from './user-pool';

/** Suite is what the tests of one describe block share: the local stack's address and one browser. */
export type Suite = {
  readonly baseUrl: string;
  /** The browser, open from the block's first test to its last. */
  readonly browser: BrowserSession;
  readonly page: Page;
};

/**
 * useBrowser opens one browser before the tests of the describe block it is called in and closes it after
 * them, then puts back the saved settings of the demo sign-ins named, so later files start from the seed.
 */
export function useBrowser(...resetSettingsOf: string[]): Suite {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession | undefined;

  beforeAll(async () => {
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    for (const email of resetSettingsOf) await resetUserSettings(baseUrl, email, DEMO_PASSWORD);
  });

  return {
    baseUrl,
    get browser() {
      if (!browser) throw new Error('The browser opens before the first test.');
      return browser;
    },
    get page() {
      return this.browser.page;
    },
  };
}

/** Northwind Toyota (account 1001). */
export const TOYOTA = 2001;

/** call makes an API call with a user's access token and returns the status and the envelope's data. */
export async function call<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const r = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await r.json()) as { data: T };
  return { status: r.status, data: json.data };
}

type Place = { phone: string; e164: string; cc?: { abbr: string; code: string }; state?: string };

/**
 * daytimePlace picks where a customer lives for UTC hour h: a US state whose clock reads 8 AM to
 * 8 PM, else (7 to 12 UTC) the United Kingdom, by a British mobile number; series picks the numbers.
 */
function daytimePlace(h: number, series: number, digits: string): Place {
  if (h >= 7 && h < 13) {
    const gb = `770090${series - 1}${digits}`;
    return { phone: gb, e164: `+44${gb}`, cc: { abbr: 'GB', code: '44' } };
  }
  const state = h >= 13 && h < 18 ? 'NY' : h >= 18 ? 'CA' : 'HI';
  const us = `971555${series}${digits}`;
  return { phone: us, e164: `+1${us}`, state };
}

/**
 * createTextableCustomer creates, as the token's user, a Toyota customer opted in to texts with
 * a mobile number of its own (the consent ledger of a number outlives its customers) who lives
 * where it is daytime now, so no quiet hours hold a text back. Each test file texts from its own
 * series of numbers (1, 2, ...). It returns the customer's id and number.
 */
export async function createTextableCustomer(
  baseUrl: string,
  token: string,
  name: { firstName: string; lastName: string },
  series: number,
): Promise<{ id: number; e164: string }> {
  const digits = String(Date.now() % 1_000).padStart(3, '0');
  const place = daytimePlace(new Date().getUTCHours(), series, digits);
  const created = await call<{ id: number }>(baseUrl, token, 'POST', '/crm/contacts', {
    accountPlatformId: TOYOTA,
    ...name,
    smsOptInStatusId: 2,
    phones: [{ phone: place.phone, isMobile: true, isPreferred: true, phoneTypeId: 1, ...(place.cc ? { cc: place.cc } : {}) }],
    ...(place.state ? { addresses: [{ addressLine1: '1 Main St', city: 'Springfield', stateProvince: place.state, isPrimary: true }] } : {}),
  });
  expect(created.status).toBe(200);
  return { id: created.data.id, e164: place.e164 };
}
