import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_DEVICES } from '../../apps/server/src/demo/demo-installation.ts';
import { openDemo } from '../support/live-plan.ts';
import { watchToast } from '../support/toast.ts';

/** The demo's first D4i batten (its simulator reports a D4i bank). */
const d4i = DEMO_DEVICES.find((device) => device.model === 'LW-LB-D4I')!;

/** Signs in as the demo user and opens the device page of the demo network. */
async function openDemoDevices(page: Page) {
  await openDemo(page, '/remote/device', false);
  await expect(page.getByTestId('device-page')).toContainText('Devices of Demo office');
}

/** A random MAC in the locally administered range, grouped with colons. */
function randomMac(): string {
  const bytes = randomBytes(6);
  bytes[0] = (bytes[0]! & 0xfc) | 0x02;
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(':');
}

test('adds two virtual devices at once and lists them', async ({ page }) => {
  await openDemoDevices(page);
  const tag = randomBytes(2).toString('hex');
  const names = [`Planned lamp ${tag} A`, `Planned lamp ${tag} B`];
  await page.getByTestId('device-add').click();
  const dialog = page.getByRole('dialog', { name: 'Add virtual devices' });
  await expect(dialog).toBeVisible();

  // The first (and only) row cannot be removed.
  await dialog.getByTestId('device-row-remove-0').click();
  await expect(page.getByText('At least one row must remain.')).toBeVisible();

  await dialog.getByTestId('device-row-add').click();
  for (const [index, name] of names.entries()) {
    // Choose the model until the row shows it: a click can land while another row's list is closing.
    const model = dialog.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Model' }) });
    await expect(async () => {
      await model.nth(index).click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: 'LW-DL-DT6 · Downlight DT6' })
        .click({ timeout: 3000 });
      await expect(model.nth(index)).toContainText('LW-DL-DT6', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await dialog.getByRole('textbox', { name: 'Name' }).nth(index).fill(name);
    await dialog
      .getByRole('textbox', { name: 'MAC address' })
      .nth(index)
      .fill(index === 0 ? 'not-a-mac' : randomMac());
  }
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    dialog.getByText('A MAC address has 12 hexadecimal digits (0-9, A-F), separators allowed.'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'MAC address' }).first().fill(randomMac());
  const added = await watchToast(page, 'Devices added: 2.');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await added.shown();
  await expect(dialog).toBeHidden();

  await page.getByTestId('device-search').locator('input').fill(`Planned lamp ${tag}`);
  await page.getByTestId('device-search').locator('input').press('Enter');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  for (const name of names) {
    const row = rows.filter({ hasText: name });
    await expect(row).toContainText('LW-DL-DT6');
    await expect(row).toContainText('Virtual');
    await expect(row).toContainText('Planned');
    await expect(row).toContainText('Virtual modified');
  }
});

test("opens a demo luminaire's detail with its fields and decoded D4i data", async ({ page }) => {
  await openDemoDevices(page);
  await page.getByTestId('device-search').locator('input').fill(d4i.mac);
  await page.getByTestId('device-search').locator('input').press('Enter');
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: d4i.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('product-icon')).toBeVisible();
  await row.getByRole('button', { name: 'Details' }).click();

  const drawer = page.getByTestId('device-detail');
  const fields = drawer.getByTestId('device-fields');
  await expect(fields).toContainText(d4i.mac.match(/../g)!.join(':'));
  await expect(fields).toContainText('LW-LB-D4I');
  await expect(fields).toContainText('Lightwell demo supply');
  await expect(fields).toContainText('40 W');
  await expect(fields).toContainText('Real');
  await expect(drawer.getByTestId('device-product')).toContainText('Linear batten D4i');
  const element = drawer.getByTestId('element-0');
  await expect(element.getByTestId('element-health')).toBeVisible();
  await expect(element).toContainText('D4i driver');
  // The simulator reports the driver's bank; the open drawer refreshes, and the table shows it scaled (section 9).
  const bank = drawer.getByTestId('d4i-bank-0');
  await expect(bank).toBeVisible({ timeout: 30_000 });
  await expect(bank).toContainText('Power factor');
  await expect(bank).toContainText(/\d+\.\d V/);
  await expect(bank).toContainText(/-?\d+ °C/);
});

test('the sensor page lists the demo sensors with trigger counts', async ({ page }) => {
  await openDemoDevices(page);
  await page.goto('/remote/sensor');
  const sensors = page.getByTestId('sensor-page');
  await expect(sensors).toContainText('Sensors of Demo office');
  const motion = DEMO_DEVICES.find((device) => device.model === 'LW-PIR-360')!;
  const motionRow = sensors.locator('tr', { hasText: motion.name });
  await expect(motionRow).toContainText('Motion sensor');
  // Columns: name, kind, model, MAC, status, trigger times, last trigger, illuminance.
  await expect(motionRow.locator('td').nth(5)).toHaveText(/^\d+$/);
  const light = DEMO_DEVICES.find((device) => device.model === 'LW-LUX-1')!;
  await expect(sensors.locator('tr', { hasText: light.name })).toContainText('Light sensor');
});
