import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { buildPng } from '../../apps/server/test/support/images.ts';
import { openDemo } from '../support/live-plan.ts';
import { DEMO_DEVICES } from '../support/simulator.ts';
import { clickRowAction } from '../support/table.ts';

const lights = DEMO_DEVICES.filter((d) => d.model === 'LW-DL-DT6').slice(0, 2);

test('a new scene with two luminaires is recalled and the task tally appears', async ({ page }) => {
  const name = `E2E scene ${randomBytes(3).toString('hex')}`;
  await openDemo(page, '/remote/scene', false);
  // The three built-in scenes come first.
  await expect(page.getByRole('row').nth(1)).toContainText('All off');
  await expect(page.getByRole('row').nth(3)).toContainText('All on');

  await page.getByRole('button', { name: 'New scene' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('0 devices');

  await row.getByRole('button', { name: 'Devices' }).click();
  const devices = page.getByRole('dialog');
  for (const light of lights) await devices.getByRole('checkbox', { name: light.name, exact: true }).check();
  await devices.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('2 devices');

  await row.getByRole('button', { name: 'Recall' }).click();
  await expect(page.getByTestId('task-tally')).toContainText('2 executed');
});

test('a new luminaire group with a picture lists its picture, takes luminaires and switches them', async ({ page }) => {
  const name = `E2E group ${randomBytes(3).toString('hex')}`;
  await openDemo(page, '/remote/group', false);
  await page.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Meeting room' }).click();
  const upload = page.waitForResponse((r) => r.url().endsWith('/api/v1/group/picture/upload'));
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'group.png', mimeType: 'image/png', buffer: buildPng(40, 30) });
  await upload;
  await expect(dialog.locator('img')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Meeting room');
  await expect(row.locator('img')).toBeVisible();

  await clickRowAction(row, 'Devices');
  const members = page.getByRole('dialog');
  for (const light of lights) await members.getByText(light.name, { exact: false }).first().click();
  await members.getByRole('button', { name: 'right' }).click();
  await members.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('2 devices (2 real)');

  await row.getByRole('button', { name: 'Off' }).click();
  await expect(page.getByTestId('task-tally')).toContainText('2 executed');
});
