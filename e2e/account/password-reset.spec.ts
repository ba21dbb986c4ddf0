import { expect, test } from '@playwright/test';
import { codeFromMail } from '../support/mailbox.ts';
import { registerThroughUi, signIn } from '../support/session.ts';

test('a user who forgot the password resets it with the e-mailed code', async ({ page }) => {
  const identity = await registerThroughUi(page);
  await page.goto('/forgetPassword');
  await page.getByLabel('E-mail').fill(identity.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  // The registration code was the first mail to this address; the reset code is the second.
  await page.getByLabel('Verification code').fill(await codeFromMail(identity.email, 2));
  await page.getByLabel('New password', { exact: true }).fill('Fresh-Lamp-77');
  await page.getByLabel('Confirm password').fill('Fresh-Lamp-77');
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, identity.email, 'Fresh-Lamp-77');
});
