import { expect, test } from '@playwright/test';
import { codeFromMail } from '../support/mailbox.ts';
import { newIdentity, PASSWORD } from '../support/session.ts';
import { watchToast } from '../support/toast.ts';

test('a German browser gets German pages and a d/m/y, Monday account; signing in from English, the welcome toast is German', async ({
  browser,
}) => {
  const german = await browser.newContext({ locale: 'de-DE' });
  const page = await german.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Anmelden');

  // Registered from the German page: the account speaks German and writes dates as a German browser does.
  const identity = newIdentity();
  await page.goto('/addCount');
  await page.getByLabel('E-Mail').fill(identity.email);
  await page.getByRole('button', { name: 'Code senden' }).click();
  await page.getByLabel('Bestätigungscode').fill(await codeFromMail(identity.email));
  await page.getByLabel('Benutzername').fill(identity.name);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Passwort bestätigen').fill(PASSWORD);
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await german.close();

  // A browser in English: the login page speaks English, and the first toast after sign-in German.
  const english = await browser.newContext({ locale: 'en-US' });
  const second = await english.newPage();
  await second.goto('/login');
  await expect(second.getByRole('heading', { level: 2 })).toHaveText('Sign in');
  await second.getByLabel('E-mail').fill(identity.email);
  await second.getByLabel('Password').fill(PASSWORD);
  // The toast is timed by the page (it stays 3 s; a busy test process might look only after it has gone).
  const welcomed = await watchToast(second, `Willkommen zurück, ${identity.name}!`);
  const inEnglish = await watchToast(second, 'Welcome back');
  await second.getByRole('button', { name: 'Sign in' }).click();
  await expect(second).toHaveURL(/\/first\/index$/);
  expect(await welcomed.shownFor()).toBeGreaterThanOrEqual(2_900);
  expect(await inEnglish.seen()).toBe(false);
  await expect(second.getByTestId('sidebar')).toContainText('Startseite');

  await second.goto('/setting/user');
  const today = new Date();
  const dd = String(today.getDate()).padStart(2, '0');
  const mm = String(today.getMonth() + 1).padStart(2, '0');
  await expect(second.getByText('Erster Tag der Woche')).toBeVisible({ timeout: 30_000 });
  await expect(second.getByTestId('time-format-example')).toContainText(`${dd}/${mm}/${today.getFullYear()}`);
  await expect(
    second.getByLabel('Erster Tag der Woche').locator('xpath=ancestor::*[contains(@class,"ant-select")][1]'),
  ).toContainText('Montag');
  await english.close();
});
