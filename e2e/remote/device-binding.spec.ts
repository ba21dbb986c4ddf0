import { randomBytes } from 'node:crypto';
import { formatMac } from '@lightwell/domain';
import { expect, type Page, test } from '@playwright/test';
import { openDemo } from '../support/live-plan.ts';
import { DEMO_DEVICES } from '../support/simulator.ts';
import { watchToast } from '../support/toast.ts';

/** A corridor downlight: a real LW-DL-DT6 with no scenes stored, near the top of the dialog's list. */
const real = DEMO_DEVICES.find((d) => d.zone === 'Corridor' && d.model === 'LW-DL-DT6')!;

/** A random MAC in the locally administered range, grouped with colons. */
function randomMac(): string {
  const bytes = randomBytes(6);
  bytes[0] = (bytes[0]! & 0xfc) | 0x02;
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(':');
}

/** The virtual device a test planned: deleted after the test (unbound first), pass or fail. */
let planned: string | null = null;

test.afterEach(async ({ page }) => {
  if (!planned) return;
  const row = await findDevice(page, planned);
  const unbind = row.getByRole('button', { name: 'Unbind' });
  if (await unbind.isVisible()) {
    await unbind.click();
    await expect(row).toContainText('Not bound');
  }
  await row.getByRole('button', { name: 'Delete' }).click();
  const deleted = await watchToast(page, 'Device deleted.');
  await page
    .getByRole('dialog', { name: `Delete the device ${planned}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await deleted.shown();
  await expect(row).toBeHidden();
  planned = null;
});

/** Searches the device list for `name` and answers its only row. */
async function findDevice(page: Page, name: string) {
  const search = page.getByTestId('device-search').locator('input');
  await search.fill(name);
  await search.press('Enter');
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test('a virtual downlight bound to a real one of its model shows its presence and sync state, and is unbound again', async ({
  page,
}) => {
  const name = `Spare downlight ${randomBytes(2).toString('hex')}`;
  await openDemo(page, '/remote/device', false);
  await page.getByTestId('device-add').click();
  const add = page.getByRole('dialog', { name: 'Add virtual devices' });
  // Choose the model until the row shows it: a click can land while the list is still opening.
  const model = add.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Model' }) });
  await expect(async () => {
    await model.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: `${real.model} · Downlight DT6` })
      .click({ timeout: 3000 });
    await expect(model).toContainText(real.model, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await add.getByRole('textbox', { name: 'Name' }).fill(name);
  await add.getByRole('textbox', { name: 'MAC address' }).fill(randomMac());
  const added = await watchToast(page, 'Devices added: 1.');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await added.shown();
  planned = name;

  const row = await findDevice(page, name);
  await expect(row).toContainText('Virtual');
  await expect(row).toContainText('Planned');
  await expect(row).toContainText('Not bound');
  await expect(row).toContainText('Virtual modified');

  await row.getByRole('button', { name: 'Bind', exact: true }).click();
  const bind = page.getByRole('dialog', { name: `Bind a real device to ${name}` });
  await expect(bind).toContainText(`Only real devices of model ${real.model} that are not bound yet are offered.`);
  await bind.getByRole('combobox', { name: 'Real device' }).click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options.filter({ hasText: real.name })).toHaveCount(1);
  // Every device offered is a downlight of the same model (the list draws the options in view).
  for (const text of await options.allTextContents()) expect(text).toMatch(/ Downlight DT6 \d+ · /);
  await options.filter({ hasText: `${real.name} · ${formatMac(real.mac)}` }).click();
  await bind.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(page.getByText('Device bound.')).toBeVisible();
  await expect(bind).toBeHidden();

  // Bound, the virtual device shows the real device's presence; neither side has settings of its own yet.
  await expect(row).toContainText(`Bound to ${real.name}`);
  await expect(row).toContainText('Online');
  await expect(row).not.toContainText('Planned');
  await expect(row).toContainText('Fully synchronized');
  await expect(row.getByRole('button', { name: 'Bind', exact: true })).toBeHidden();

  await row.getByRole('button', { name: 'Unbind' }).click();
  await expect(page.getByText('Device unbound.')).toBeVisible();
  await expect(row).toContainText('Not bound');
  await expect(row).toContainText('Planned');
  await expect(row).toContainText('Virtual modified');
  await expect(row.getByRole('button', { name: 'Bind', exact: true })).toBeVisible();
});
