import { expect, test } from '@playwright/test';
import { codeFromMail } from '../support/mailbox.ts';
import { newIdentity, PASSWORD, registerThroughUi, signIn } from '../support/session.ts';

test('a user renames the account, moves it to a new e-mail and changes the password', async ({ page }) => {
  const identity = await registerThroughUi(page);
  await signIn(page, identity.email, PASSWORD);
  await page.goto('/setting/user');

  const renamed = newIdentity().name;
  await page.getByRole('button', { name: 'Change name' }).click();
  const nameDialog = page.getByRole('dialog', { name: 'Change name' });
  await nameDialog.getByLabel('User name').fill(renamed);
  await nameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name changed')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText(renamed);

  const moved = newIdentity().email;
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  const emailDialog = page.getByRole('dialog', { name: 'Change e-mail' });
  await emailDialog.getByLabel('Current password').fill(PASSWORD);
  await emailDialog.getByRole('button', { name: /next|continue/i }).click();
  await emailDialog.getByLabel('New e-mail', { exact: true }).fill(moved);
  await emailDialog.getByLabel('Confirm new e-mail').fill(moved);
  await emailDialog.getByRole('button', { name: 'Send code' }).click();
  await emailDialog.getByLabel('Verification code').fill(await codeFromMail(moved));
  await emailDialog.getByRole('button', { name: /confirm|save/i }).click();
  await expect(page.getByText('E-mail address changed')).toBeVisible();

  await page.getByRole('button', { name: 'Change password' }).click();
  const passwordDialog = page.getByRole('dialog', { name: 'Change password' });
  await passwordDialog.getByLabel('Current password').fill(PASSWORD);
  await passwordDialog.getByLabel('New password', { exact: true }).fill('Second-Lamp-88');
  await passwordDialog.getByLabel('Confirm password').fill('Second-Lamp-88');
  await passwordDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, moved, 'Second-Lamp-88');
});
