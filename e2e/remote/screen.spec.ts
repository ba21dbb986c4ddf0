import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session.ts';
import { clearFaults, DEMO_DEVICES, DEMO_NETWORK, DEMO_ZONES, reportFault } from '../support/simulator.ts';

const lamp = DEMO_DEVICES.find((device) => device.model === 'LW-DL-DT6')!;

/** Signs in as the demo owner and opens the demo network's lobby dashboard drawer from the network list. */
async function openLobbyDrawer(page: Page) {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/project/network/index');
  await page.getByRole('button', { name: `More actions for ${DEMO_NETWORK.name}` }).click();
  await page.getByRole('menuitem', { name: 'Lobby dashboard' }).click();
  return page.getByRole('dialog');
}

test('an owner makes a display key; a lobby screen opens the dashboard with it, live, until it is revoked', async ({
  page,
  browser,
}) => {
  const drawer = await openLobbyDrawer(page);
  await expect(drawer).toContainText(`Lobby dashboard of ${DEMO_NETWORK.name}`);

  const screenName = `Reception ${Date.now() % 100_000}`;
  await drawer.getByTestId('display-name').fill(screenName);
  await drawer.getByTestId('display-add').click();
  await expect(drawer.getByTestId('display-made')).toContainText(`Display key "${screenName}" made`);
  const link = (await drawer.getByTestId('display-link').textContent())!;
  expect(link).toMatch(/\/screen\/index\?id=\d+#key=lwd_[A-Za-z0-9_-]{43}$/);
  await expect(drawer.getByTestId('display-tokens')).toContainText(screenName);

  // A screen nobody signed in to: a browser of its own, with no session.
  const lobby = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const screen = await lobby.newPage();
  await screen.goto(link);
  await expect(screen.getByTestId('screen-network')).toHaveText(DEMO_NETWORK.name);
  await expect(screen.getByTestId('screen')).toContainText(screenName);
  await expect(screen.getByTestId('screen-live')).toHaveAttribute('data-status', 'open');
  for (const zone of DEMO_ZONES) await expect(screen.getByTestId('screen')).toContainText(zone.name);
  await expect(screen.getByTestId('screen-lights')).toContainText('/');
  // Nothing is kept in the screen's storage: the key stays in the link only.
  expect(await screen.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // A fault at the installation reaches the lobby screen over the live stream, and so does its end.
  await expect(screen.getByTestId('screen-faults')).toContainText('0');
  await reportFault(lamp.mac, 'lamp');
  await expect(screen.getByTestId('screen-faults')).toContainText('1');
  await clearFaults(lamp.mac);
  await expect(screen.getByTestId('screen-faults')).toContainText('0');

  // Revoked in the console: the screen's link opens nothing any more, and the member stays signed in.
  const row = drawer.getByRole('row', { name: new RegExp(screenName) });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke', exact: true }).last().click();
  await expect(drawer.getByTestId('display-tokens')).not.toContainText(screenName);
  await screen.reload();
  await expect(screen.getByTestId('screen-refused')).toContainText('Ask the network owner for a new dashboard link');
  await lobby.close();
  await page.reload();
  await expect(page).toHaveURL(/\/project\/network\/index/);
});

test('the dashboard opens for a signed-in member from its link without a key, and asks for one otherwise', async ({
  page,
  browser,
}) => {
  await openLobbyDrawer(page);
  const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('display-open').click()]);
  await expect(tab.getByTestId('screen-network')).toHaveText(DEMO_NETWORK.name);
  await expect(tab.getByTestId('screen-live')).toHaveAttribute('data-status', 'open');

  const stranger = await browser.newContext();
  const anonymous = await stranger.newPage();
  await anonymous.goto(new URL(tab.url()).pathname + new URL(tab.url()).search);
  await expect(anonymous.getByTestId('screen-no-key')).toContainText('This dashboard needs a display key');
  await stranger.close();
});
