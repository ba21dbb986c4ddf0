import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session.ts';

test('the tab strip keeps four visited views with home pinned', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  const tabs = page.getByTestId('tab-strip').getByRole('tab');
  // Each choice must have landed and its menu closed before the next: a closing menu's item moves.
  const userMenu = async (item: string, path: string) => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: item }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('.ant-dropdown-menu-item', { hasText: item })).toBeHidden();
  };
  await userMenu('User settings', '/setting/user');
  await userMenu('Release notes', '/version/log');
  await userMenu('User agreement', '/userAgreement');
  await expect(tabs).toHaveCount(4);
  await page.goto('/404');
  await expect(tabs).toHaveCount(4);
  await expect(tabs.first()).toContainText('Home');
  await expect(page.getByTestId('tab-strip')).not.toContainText('User settings');
  await expect(page.getByTestId('tab-strip').getByRole('tab', { name: 'Home' }).getByRole('button')).toHaveCount(0);
});

test('logout goes to the login page and protected pages need signing in again', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/setting/user');
  await expect(page).toHaveURL(/\/login$/);
});

test('a session revoked on the server sends the user to the login page with a message', async ({ page, request }) => {
  // Let the home page's own calls answer first: one sent after the revocation would already log out.
  const homeLoaded = Promise.all(
    ['/api/v1/project/all', '/api/v1/project/info/list'].map((path) =>
      page.waitForResponse((response) => response.url().endsWith(path)),
    ),
  );
  await signIn(page, DEMO.email, DEMO.password);
  await homeLoaded;
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    uid: localStorage.getItem('currentUid'),
  }));
  // Revoke the browser's own token server-side with a signed logout call, as another device would.
  const config = (await (await request.get('/api/v1/app/config')).json()).data as { signingKey: string };
  const { signParams } = await import('@lightwell/domain');
  const body: Record<string, unknown> = { token: session.token, uid: Number(session.uid) };
  body.sign = signParams(body, config.signingKey);
  expect((await (await request.post('/api/v1/user/logout', { data: body })).json()).code).toBe(0);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'User settings' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
});

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
});
