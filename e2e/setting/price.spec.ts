import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session.ts';

/** The 15th of next month as the calendar's cells name it (`YYYY-MM-DD`). */
function fifteenthOfNextMonth(): string {
  const now = new Date();
  const next = new Date(now.getFullYear(), now.getMonth() + 1, 15);
  return `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-15`;
}

test('an owner adds a dated tariff version with a standing charge and a band, and chooses a CO2 factor set', async ({
  page,
}) => {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/setting/price');
  await expect(page.getByTestId('current-price')).toContainText('EUR');

  const form = page.getByTestId('version-form');
  await form.getByTestId('version-valid-from').click();
  await page.locator('.ant-picker-header-next-btn').click();
  await page.locator(`td[title="${fifteenthOfNextMonth()}"]`).click();
  await form.getByTestId('version-price').fill('0.40');
  await form.getByTestId('version-standing').fill('0.55');
  await form.getByTestId('band-add').click();
  await form.getByTestId('band-price').fill('0.45');
  await expect(form.getByTestId('worked-example')).toContainText('on a weekday');
  await expect(form.getByTestId('worked-example')).toContainText('costs 0.45 EUR');
  await form.getByTestId('version-add').click();

  const table = page.getByTestId('tariff-table');
  const added = table.getByRole('row', { name: /0\.55 EUR per day/ });
  await expect(added).toContainText('0.40 EUR per kWh');
  await expect(added).toContainText('07:00–19:00: 0.45 EUR per kWh');
  await expect(added).toContainText('Upcoming');
  await expect(added).toContainText(DEMO.name);

  await page.getByTestId('factor-set').click();
  await page.keyboard.type('DESNZ');
  await page.locator('.ant-select-item-option[title*="DESNZ"][title*="2025 (2025)"]').click();
  await expect(page.getByTestId('factor-set-details')).toContainText('177 g CO2e per kWh');

  await page.reload();
  await expect(page.getByTestId('tariff-table').getByRole('row', { name: /0\.55 EUR per day/ })).toContainText(
    '07:00–19:00: 0.45 EUR per kWh',
  );
  const details = page.getByTestId('factor-set-details');
  await expect(details).toContainText('UK Department for Energy Security and Net Zero (DESNZ)');
  await expect(details).toContainText('2025');
  await expect(details.getByRole('link')).toHaveAttribute('href', /^https:\/\//);
});
