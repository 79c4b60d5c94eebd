import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { artifactsDir } from './global-setup';

/** Every demo sign-in's password. */
export const DEMO_PASSWORD = 'Demo-pass-2026';

/** screenshot saves the whole page under e2e/artifacts. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

/** signIn fills in and sends the sign-in form. */
export async function signIn(page: Page, email: string, secret: string = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** hashOf is the page's hash route. */
export function hashOf(page: Page): string {
  return new URL(page.url()).hash;
}

/** mainMenu waits for the main navigation to have its items and returns their names and categories. */
export async function mainMenu(page: Page): Promise<{ items: string[]; categories: string[] }> {
  const nav = page.locator('nav[aria-label="Main"]:not([aria-busy])');
  await nav.waitFor();
  return {
    items: (await nav.getByRole('link').allTextContents()).map((t) => t.trim()),
    categories: (await nav.getByRole('heading').allTextContents()).map((t) => t.trim()),
  };
}

/**
 * openSignedIn opens url, signs in as email on the sign-in form it shows and, when name is given, waits for
 * the banner to show the user's name.
 */
export async function openSignedIn(page: Page, url: string, email: string, name?: string): Promise<void> {
  await page.goto(url);
  await signIn(page, email);
  if (name) await page.getByRole('banner').getByText(name).waitFor();
}
