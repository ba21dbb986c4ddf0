import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks `option` in the Ant Design select `select` as a person does: opens it, waits until its menu has
 * finished opening (a click while the menu still moves in can be lost, and the select stays as it was),
 * clicks the option, and waits until the select shows it.
 */
export async function pickOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  const menu = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await expect(menu).toBeVisible();
  await expect(menu).not.toHaveClass(/-(appear|enter|leave)(-|\s|$)/);
  await menu.locator('.ant-select-item-option', { hasText: option }).first().click();
  const root = select.locator(
    "xpath=ancestor-or-self::*[contains(concat(' ', normalize-space(@class), ' '), ' ant-select ')][1]",
  );
  await expect(root).toContainText(option);
}
