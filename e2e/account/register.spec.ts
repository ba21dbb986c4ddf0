import { expect, test } from '@playwright/test';
import { PASSWORD, registerThroughUi, signIn } from '../support/session.ts';

test('a newcomer registers with the e-mailed code, signs in and finds their default project', async ({ page }) => {
  const identity = await registerThroughUi(page);
  await signIn(page, identity.email, PASSWORD);
  await expect(page.getByText(identity.name).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'My project' })).toBeVisible();
  await expect(page).toHaveTitle(/Home/);
});

test('registering an address that already exists goes to the login page', async ({ page }) => {
  await page.goto('/addCount');
  await page.getByLabel('E-mail').fill('demo@lightwell.test');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('wrong password clears the password field; an unknown account clears the e-mail', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('demo@lightwell.test');
  await page.getByLabel('Password').fill('Not-The-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The password is incorrect.')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page.getByLabel('E-mail')).toHaveValue('demo@lightwell.test');

  await page.getByLabel('E-mail').fill('nobody-here@example.com');
  await page.getByLabel('Password').fill('Whatever-Pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This user does not exist.')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue('');
});

test('the login page offers the demo login in demo mode', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('demo-credentials')).toContainText('demo@lightwell.test');
  await page.getByRole('button', { name: 'Use the demo login' }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue('demo@lightwell.test');
  await expect(page.getByLabel('Password')).toHaveValue('Lightwell-Demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/first\/index$/);
});

test('on a phone a wrong password is told under the password field', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('demo@lightwell.test');
  await page.getByLabel('Password').fill('Not-The-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const field = page.locator('.lw-field').filter({ has: page.getByLabel('Password') });
  await expect(field.getByText('The password is incorrect.')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('The password is incorrect.');
  // The card is as tall as its content: the footer links follow it, not the bottom of the window.
  const card = (await page.locator('.lw-auth-card').boundingBox())!;
  const register = (await page.getByRole('link', { name: 'Create one' }).boundingBox())!;
  expect(card.y + card.height - (register.y + register.height)).toBeLessThan(48);
});
