import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openBrowser, type BrowserSession } from './browser';
import { DEMO_PASSWORD, mainMenu, screenshot, signIn } from './pages';
import { resetUserSettings, userPoolAccessToken } from './user-pool';

type AuditEntry = {
  event: 'Write' | 'ImpersonationStarted' | 'ImpersonationEnded';
  actorUserId: string;
  subjectUserId: string;
  method: string;
  path: string;
  status: number;
};

async function auditLog(baseUrl: string): Promise<AuditEntry[]> {
  const token = await userPoolAccessToken(baseUrl, 'admin@northwind.demo', DEMO_PASSWORD);
  const response = await fetch(`${baseUrl}/auth/audit`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { successful?: boolean; data?: { entries: AuditEntry[] | null } };
  if (!response.ok || !body.successful) throw new Error(`GET /auth/audit: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body.data?.entries ?? [];
}

function horizontalMenuSaved(page: Page) {
  return page.waitForResponse(
    (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/usersettings/key/horizontalMenu',
  );
}

describe('impersonation', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await resetUserSettings(baseUrl, 'sales@northwind.demo', DEMO_PASSWORD);
    await resetUserSettings(baseUrl, 'admin@northwind.demo', DEMO_PASSWORD);
  });

  it('lets the dealer admin impersonate the sales person, with the banner', async () => {
    await page.goto(`${baseUrl}/#/app/default`);
    await signIn(page, 'admin@northwind.demo');
    const banner = page.getByRole('banner');
    await banner.getByText('Taylor Brooks').waitFor();
    expect((await mainMenu(page)).items).toContain('Workflow Manager');

    await banner.getByRole('button', { name: 'User menu: Taylor Brooks' }).click();
    await page.getByRole('menuitem', { name: 'Impersonate user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Impersonate user' });
    await dialog.getByRole('combobox', { name: 'User' }).fill('Sam');
    await page.getByRole('option', { name: 'Sam Ortega (Sales Person)' }).click();
    await screenshot(page, '19-impersonate-user-picker');
    await dialog.getByRole('button', { name: 'Start impersonation' }).click();

    const impersonation = page.getByRole('region', { name: 'Impersonation' });
    await impersonation.getByText('You are impersonating Sam Ortega (signed in as Taylor Brooks)').waitFor();
    await banner.getByText('Sam Ortega').waitFor();
    const menu = await mainMenu(page);
    expect(menu.items).not.toContain('Workflow Manager');
    expect(menu.items).toContain('Sales');
    await screenshot(page, '20-impersonation-banner');
  });

  it('records a write made under impersonation with both users', async () => {
    const saved = horizontalMenuSaved(page);
    await page.getByRole('banner').getByRole('button', { name: 'User menu: Sam Ortega' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Horizontal menu' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Data Mining' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menuitemcheckbox', { name: 'Horizontal menu' }).waitFor({ state: 'hidden' });
    // The side menu slides away; wait until it has.
    await page.waitForFunction(() => {
      const navbar = document.querySelector('.mantine-AppShell-navbar');
      return navbar !== null && Math.round(navbar.getBoundingClientRect().right) <= 0;
    });
    await screenshot(page, '21-impersonated-horizontal-menu');

    const entries = await auditLog(baseUrl);

    const write = entries.find((e) => e.event === 'Write' && e.path === '/usersettings/key/horizontalMenu');
    expect(write).toMatchObject({ method: 'PUT', status: 200 });
    expect(write?.subjectUserId).toBe('100001');
    expect(write?.actorUserId).not.toBe(write?.subjectUserId);
    const started = entries.find((e) => e.event === 'ImpersonationStarted');
    expect(started?.actorUserId).toBe(write?.actorUserId);
    // Newest first: the write comes before the start.
    expect(entries.indexOf(write as AuditEntry)).toBeLessThan(entries.indexOf(started as AuditEntry));
  });

  it("refuses to load an embedded page under impersonation, with 'Dismiss Impersonation'", async () => {
    await page.goto(`${baseUrl}/#/embedded/customersms`);

    await page.getByText("Impersonation detected! CXM can't be loaded while impersonating another user.", { exact: false }).waitFor();
    await page.getByText('0x202020').waitFor();
    await screenshot(page, '22-impersonation-detected');

    await page.goto(`${baseUrl}/#/app/default`);
    await page.getByRole('region', { name: 'Impersonation' }).waitFor();
  });

  it('returns to the dealer admin on Dismiss Impersonation', async () => {
    const impersonation = page.getByRole('region', { name: 'Impersonation' });
    await impersonation.getByRole('button', { name: 'Dismiss Impersonation' }).click();

    await page.getByRole('banner').getByText('Taylor Brooks').waitFor();
    await impersonation.waitFor({ state: 'detached' });
    expect((await mainMenu(page)).items).toContain('Workflow Manager');
    expect(await page.evaluate(() => window.sessionStorage.getItem('cxm.impersonation'))).toBeNull();
    const entries = await auditLog(baseUrl);
    expect(entries[0]?.event).toBe('ImpersonationEnded');
    await screenshot(page, '23-impersonation-dismissed');
    expect(browser.pageErrors).toEqual([]);
  });
});
