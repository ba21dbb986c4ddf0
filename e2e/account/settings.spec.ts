import { expect, test } from '@playwright/test';
import { PASSWORD, registerThroughUi, signIn } from '../support/session.ts';
import { watchToast } from '../support/toast.ts';

test('switching language changes the interface and title, and is kept on the account', async ({ page }) => {
  const identity = await registerThroughUi(page);
  await signIn(page, identity.email, PASSWORD);
  await expect(page.getByTestId('sidebar')).toContainText('Home');

  await page.getByTestId('language-dropdown').click();
  await expect(page.getByRole('menuitem', { name: 'English' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  // The confirmation comes in the language just chosen.
  await expect(page.locator('.ant-message')).toContainText('Sprache geändert');
  await expect(page.getByTestId('sidebar')).toContainText('Startseite');
  await expect(page).toHaveTitle(/Startseite/);

  // The choice is stored on the account: a fresh browser in Spanish gets German back at sign-in.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByTestId('language-dropdown').click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 2 })).not.toHaveText('Sign in');
  await page.locator('input[type="email"]').fill(identity.email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/first\/index$/);
  await expect(page.getByTestId('sidebar')).toContainText('Startseite');
});

test('changing date format and page size is saved and shown', async ({ page }) => {
  const identity = await registerThroughUi(page);
  await signIn(page, identity.email, PASSWORD);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'User settings' }).click();
  await expect(page).toHaveURL(/\/setting\/user$/);

  await page.getByLabel('Date format').click();
  await page.getByTitle('Day/month/year').click();
  await expect(page.getByTestId('time-format-example')).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await page.getByLabel('Rows per page').click();
  await page.getByTitle('50 rows').click();
  const saved = await watchToast(page, 'Settings saved');
  await page.getByRole('button', { name: 'Save' }).click();
  await saved.shown();

  await page.reload();
  await expect(page.getByTestId('time-format-example')).toBeVisible();
  const today = new Date();
  const dd = String(today.getDate()).padStart(2, '0');
  const mm = String(today.getMonth() + 1).padStart(2, '0');
  await expect(page.getByTestId('time-format-example')).toContainText(`${dd}/${mm}/${today.getFullYear()}`);
  await expect(page.locator('form[id="settings"]')).toContainText('50 rows');
});

test('saving another language in the settings confirms it in that language', async ({ page }) => {
  const identity = await registerThroughUi(page);
  await signIn(page, identity.email, PASSWORD);
  await page.goto('/setting/user');
  await page.locator('form[id="settings"]').getByLabel('Language').click();
  await page.getByTitle('Español').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-message')).toContainText('Ajustes guardados');
  await expect(page.locator('.ant-message')).not.toContainText('Settings saved');
  await expect(page.getByTestId('sidebar')).toContainText('Inicio');
});
