import { expect, type Page, test } from '@playwright/test';
import { builtPathsMissing } from '../support/built-routes.ts';
import { DEMO, signIn } from '../support/session.ts';

/**
 * Every built route of the web app (apps/web/src/route-table.ts, entries marked `built`), by how it is
 * reached. Pages that expect a query get one a person could follow (an unknown share link shows its
 * own "invalid link" page). `lands` is where the page must end up when it differs from the path.
 */
const ROUTES = {
  public: [
    { path: '/login' },
    { path: '/addCount' },
    { path: '/forgetPassword' },
    { path: '/userAgreement' },
    { path: '/version/log' },
    { path: '/shared/network?link=0000000000000000' },
    { path: '/shared/project?link=0000000000000000' },
    { path: '/shared/config?link=0000000000000000' },
    { path: '/shared/projectSettingEmail/active?link=00000000000000000000' },
    { path: '/screen/index' },
    { path: '/not/token/emergency/fault?link=0000000000000000' },
    { path: '/not/token/emailReport/selfTestAndFault?link=0000000000000000' },
    { path: '/report/networkEquipDataPDF' },
    { path: '/email/register?link=0000000000000000' },
    { path: '/report/projectPDF1?link=0000000000000000' },
    { path: '/404' },
    { path: '/no/such/page', lands: '/404' },
  ],
  console: [
    { path: '/first/index' },
    { path: '/home/network' },
    { path: '/home/heat/sensor/zone' },
    { path: '/home/heat/power/zone' },
    { path: '/home/sensor/device' },
    { path: '/home/power/device' },
    { path: '/project/index' },
    { path: '/project/network/index' },
    { path: '/project/network/recycle' },
    { path: '/project/network/zone' },
    { path: '/project/report/download' },
    { path: '/project/report/download/node' },
    { path: '/project/report/email/reception' },
    { path: '/project/report/generation/automaticData' },
    { path: '/project/report/networkEquip/statistic' },
    { path: '/report/networkEquipDataPDF' },
    { path: '/report/device/pdf?nid=NETWORK&span=7d' },
    { path: '/config/index' },
    { path: '/config/other' },
    { path: '/config/default' },
    { path: '/config/add' },
    { path: '/config/update' },
    { path: '/remote/index' },
    { path: '/remote/area' },
    { path: '/remote/group' },
    { path: '/remote/scene' },
    { path: '/remote/gateway' },
    { path: '/remote/network' },
    { path: '/remote/device' },
    { path: '/remote/project' },
    { path: '/remote/sensor' },
    { path: '/emergency/index' },
    { path: '/emergency/fault/log' },
    { path: '/emergency/self/test/log' },
    { path: '/emergency/self/test/schedules/info' },
    { path: '/emergency/schedule/report' },
    { path: '/emergency/model/log' },
    { path: '/emergency/element/report' },
    { path: '/emergency/element/report/self/test' },
    { path: '/emergency/element/report/schedule' },
    { path: '/emergency/element/report/fault' },
    { path: '/setting/price' },
    { path: '/setting/user' },
    { path: '/setting/header' },
    { path: '/setting/report' },
    { path: '/userAgreement' },
    { path: '/version/log' },
    { path: '/404' },
  ],
} satisfies Record<string, { path: string; lands?: string }[]>;

test('the walk covers every page the route table has built', () => {
  expect(builtPathsMissing([...ROUTES.public, ...ROUTES.console].map((route) => route.path))).toEqual([]);
});

/**
 * Collects every Content-Security-Policy violation the page reports: the `securitypolicyviolation`
 * events (listened to before any page script runs) and the browser's console lines about the policy.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = `${event.sourceFile || location.pathname}:${event.lineNumber}`;
      const line = `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${where}: ${event.sample}`;
      (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation(line);
    });
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/**
 * Counts the page's API calls still under way (the live event stream stays open by design), so a
 * visit ends once the page has drawn what its data asked for.
 */
function watchApiCalls(page: Page): () => number {
  const open = new Set<unknown>();
  const isCall = (url: string) => url.includes('/api/') && !url.includes('/live/');
  page.on('request', (request) => {
    if (isCall(request.url())) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

async function visit(page: Page, openCalls: () => number, route: { path: string; lands?: string }) {
  await page.goto(route.path);
  const lands = route.lands ?? route.path.split('?')[0];
  await expect(page).toHaveURL((url) => url.pathname === lands);
  await expect(page).toHaveTitle(/. - Lightwell$/);
  await expect.poll(openCalls, { message: `API calls of ${route.path} finish` }).toBe(0);
  await expect(page.locator('.ant-spin-spinning, .lw-page-spin')).toHaveCount(0);
}

test('public pages raise no Content-Security-Policy violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const openCalls = watchApiCalls(page);
  for (const route of ROUTES.public) {
    await visit(page, openCalls, route);
    expect(violations, route.path).toEqual([]);
  }
});

test('every console page, with the demo, raises no Content-Security-Policy violation', async ({ page }) => {
  // One full page load per route: give each its own share of time, so a longer route table or a busy
  // machine (the API tests run beside the browser tests) does not run the walk out of time.
  test.setTimeout(30_000 + ROUTES.console.length * 10_000);
  const violations = await watchViolations(page);
  const openCalls = watchApiCalls(page);
  await signIn(page, DEMO.email, DEMO.password);
  // The demo network becomes current once the home page has its networks; the device printout is of it.
  const currentNid = () => page.evaluate(() => localStorage.getItem('currentNid'));
  await expect.poll(currentNid, { message: 'the demo network is current' }).toMatch(/^\d+$/);
  const nid = await currentNid();
  for (const route of ROUTES.console) {
    await visit(page, openCalls, { ...route, path: route.path.replace('NETWORK', nid ?? '') });
    expect(violations, route.path).toEqual([]);
  }
});

test('a dialog locks the page behind it with a style the policy lets through', async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/setting/user');
  await page.getByRole('button', { name: 'Change name' }).click();
  await expect(page.getByRole('dialog', { name: 'Change name' })).toBeVisible();
  // The scroll lock is a <style> element the dialog inserts without antd's nonce.
  await expect(page.locator('body')).toHaveCSS('overflow-y', 'hidden');
  expect(violations).toEqual([]);
});

test('the API reference at /api/docs works under its own policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Lightwell console API/ })).toBeVisible();
  expect(violations).toEqual([]);
});
