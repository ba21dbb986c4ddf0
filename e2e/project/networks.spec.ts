import { expect, type Page, test } from '@playwright/test';
import { shareLinkFromMail } from '../support/mailbox.ts';
import { PASSWORD, registerThroughUi, signIn } from '../support/session.ts';
import { clickRowAction } from '../support/table.ts';
import { watchToast } from '../support/toast.ts';

async function createProject(page: Page, name: string) {
  await page.goto('/project/index');
  await page.getByTestId('project-create').click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Project name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('project-table').getByText(name)).toBeVisible();
}

async function createNetwork(page: Page, name: string, price: string) {
  await page.getByTestId('network-create').click();
  const dialog = page.getByRole('dialog', { name: 'New network' });
  await dialog.getByLabel('Network name').fill(name);
  await dialog.getByLabel('Electricity price per kWh').fill(price);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('an owner creates a project and a network, deletes it into the recycle bin and restores it', async ({ page }) => {
  const owner = await registerThroughUi(page);
  await signIn(page, owner.email, PASSWORD);
  await createProject(page, 'Warehouse 7');
  await page.getByRole('button', { name: 'Show the networks of Warehouse 7' }).click();
  await expect(page).toHaveURL(/\/project\/network\/index$/);
  await createNetwork(page, 'Hall A', '0.25');
  const row = page.getByTestId('network-table').getByRole('row', { name: /Hall A/ });
  await expect(row).toContainText('0.25');
  await expect(row).toContainText('Owner');

  await clickRowAction(row, 'Delete');
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('network-table').getByText('Hall A')).toBeHidden();

  await page.getByTestId('network-recycle-bin').click();
  const recycled = page.getByTestId('network-recycle-table').getByRole('row', { name: /Hall A/ });
  await expect(recycled).toBeVisible();
  await recycled.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('network-recycle-table').getByText('Hall A')).toBeHidden();
  await page.goto('/project/network/index');
  await expect(page.getByTestId('network-table').getByText('Hall A')).toBeVisible();
});

test('a network shared by e-mail link is accepted by the invited user with the chosen role', async ({
  page,
  browser,
}) => {
  const owner = await registerThroughUi(page);
  const guestContext = await browser.newContext();
  const guestPage = await guestContext.newPage();
  const guest = await registerThroughUi(guestPage);

  await signIn(page, owner.email, PASSWORD);
  await page.goto('/project/network/index');
  await createNetwork(page, 'Shared hall', '1.5');
  const row = page.getByTestId('network-table').getByRole('row', { name: /Shared hall/ });
  await clickRowAction(row, 'Share');
  const dialog = page.getByRole('dialog', { name: /Share network/ });
  await dialog.getByLabel('E-mail addresses').fill(guest.email);
  await dialog.getByLabel('E-mail addresses').press('Enter');
  await dialog.getByRole('radio', { name: 'Installer' }).check();
  const sent = await watchToast(page, '1 invitation(s) sent');
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await sent.shown();

  const link = await shareLinkFromMail(guest.email);
  await guestPage.goto(link);
  await expect(guestPage.getByText('A network was shared with you')).toBeVisible();
  await expect(guestPage.getByText('Shared hall')).toBeVisible();
  await guestPage.getByRole('button', { name: 'Sign in to accept' }).click();
  await guestPage.getByLabel('E-mail').fill(guest.email);
  await guestPage.getByLabel('Password').fill(PASSWORD);
  await guestPage.getByRole('button', { name: 'Sign in' }).click();
  await guestPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(guestPage).toHaveURL(/\/project\/network\/index$/);
  const shared = guestPage.getByTestId('network-table').getByRole('row', { name: /Shared hall/ });
  await expect(shared).toContainText('Installer');

  await guestPage.goto(link);
  await expect(guestPage.getByText('Link no longer valid')).toBeVisible();
  await guestContext.close();
});
