import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { codeFromMail } from './mailbox.ts';

/** The demo login the server seeds in demo mode (apps/server/src/demo/seed-demo.ts). */
export const DEMO = { email: 'demo@lightwell.test', password: 'Lightwell-Demo-1', name: 'Demo' };
export const PASSWORD = 'Bright-Lamp-42';

/** A fresh e-mail address and user name for one test. */
export function newIdentity() {
  const tag = randomBytes(4).toString('hex');
  return { email: `e2e-${tag}@example.com`, name: `E2E ${tag}` };
}

/** Registers through /addCount as a person would, reading the code from the real SMTP server. */
export async function registerThroughUi(page: Page, identity = newIdentity()) {
  await page.goto('/addCount');
  await page.getByLabel('E-mail').fill(identity.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('We sent a code to')).toBeVisible();
  await page.getByLabel('Verification code').fill(await codeFromMail(identity.email));
  await page.getByLabel('User name').fill(identity.name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  return identity;
}

/** Signs in on /login and waits for the home page. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/first\/index$/);
}
