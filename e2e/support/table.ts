import { expect, type Locator } from '@playwright/test';

/**
 * Takes a table row's action as a person would at the current width: its button when the row shows it,
 * else the entry of the row's "More" menu (narrow windows fold the actions that do not fit).
 */
export async function clickRowAction(row: Locator, name: string) {
  await expect(row).toBeVisible();
  const button = row.getByRole('button', { name, exact: true });
  if ((await button.count()) > 0) {
    await button.click();
    return;
  }
  await row.getByRole('button', { name: /^More actions for / }).click();
  await row
    .page()
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .getByRole('menuitem', { name, exact: true })
    .click();
}
