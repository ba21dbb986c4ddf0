import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { pickOption } from '../support/select.ts';
import { DEMO, signIn } from '../support/session.ts';
import { watchToast } from '../support/toast.ts';

const display = (page: Page, kind: string) => page.getByTestId(`timer-display-${kind}`);
const amount = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('a profile’s process timers are edited as durations, shown decoded, saved and kept', async ({ page }) => {
  // Create, reload, edit again and reopen: more steps than the default minute allows on a busy machine.
  test.setTimeout(120_000);
  const name = `Timers ${randomBytes(3).toString('hex')}`;
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/config/add');
  await page.getByTestId('profile-name').fill(name);

  // Fade on 60 s is raw 116, which section 4 shows as 60s; 65 s on the on delay snaps to 62 s (raw 118).
  await amount(page, 'Fade on').fill('60');
  await expect(display(page, 'fadeOn')).toHaveText('60s');
  await expect(page.getByTestId('timer-raw-fadeOn')).toHaveText('raw 116');
  await amount(page, 'On delay').fill('65');
  await expect(display(page, 'onDelay')).toHaveText('1min2s');
  await pickOption(page, page.getByLabel('Unit of T2 (stand-by)'), 'hours');
  await amount(page, 'T2 (stand-by)').fill('1.1667');
  await expect(display(page, 't2')).toHaveText('1h10min');
  await pickOption(page, page.getByLabel('Unit of T2 (stand-by)'), 'minutes');
  await amount(page, 'T2 (stand-by)').fill('70');
  await expect(display(page, 't2')).toHaveText('1h10min');
  const created = await watchToast(page, 'Profile created');
  await page.getByTestId('profile-save').click();
  await created.shown();
  await expect(page).toHaveURL(/\/config\/update\?id=\d+$/);

  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveValue(name);
  await expect(display(page, 'fadeOn')).toHaveText('60s');
  await expect(amount(page, 'Fade on')).toHaveValue('60');
  await expect(display(page, 'onDelay')).toHaveText('1min2s');
  await expect(amount(page, 'On delay')).toHaveValue('62');
  await expect(display(page, 't2')).toHaveText('1h10min');
  await expect(amount(page, 'T2 (stand-by)')).toHaveValue('70');

  // Change one timer on the update page and see the list and a reopened editor keep it.
  await amount(page, 'Fade off').fill('620');
  await expect(display(page, 'fadeOff')).toHaveText('10min20s');
  const saved = await watchToast(page, 'Profile saved');
  await page.getByTestId('profile-save').click();
  await saved.shown();
  await page.goto('/config/index');
  const row = page.getByTestId('profile-table-mine').getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(display(page, 'fadeOff')).toHaveText('10min20s');
  await expect(display(page, 'fadeOn')).toHaveText('60s');
});

test('a system default profile is shown read-only and can only be copied', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/config/default');
  const row = page.getByTestId('profile-table-default').getByRole('row', { name: /Office default/ });
  await expect(row.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await row.getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/config\/update\?id=\d+$/);
  await expect(page.getByTestId('profile-read-only')).toBeVisible();
  await expect(page.getByTestId('profile-save')).toHaveCount(0);
  await expect(page.getByTestId('profile-name')).toBeDisabled();
  await expect(amount(page, 'Fade on')).toBeDisabled();
  await expect(display(page, 'fadeOn')).toHaveText('1s');

  await page.getByTestId('profile-copy').click();
  await expect(page.getByTestId('profile-read-only')).toHaveCount(0);
  await expect(page.getByTestId('profile-name')).toHaveValue('Office default');
  await expect(page.getByTestId('profile-save')).toBeVisible();
});
