import { type BrowserContext, type CDPSession, expect, type Page, test } from '@playwright/test';
import { planNodes } from '../support/live-plan.ts';
import { DEMO, signIn } from '../support/session.ts';
import { DEMO_DEVICES } from '../support/simulator.ts';

/**
 * JavaScript a first visit may cost on the wire (compressed bytes as Chromium counts them, headers
 * included), per page, held to their targets: sign-in 200 kB, home 420 kB, plan 350 kB; see docs/performance.md.
 */
const BUDGET_KB = { login: 200, home: 420, plan: 350 } as const;

interface Scripts {
  started: Set<string>;
  finished: Map<string, number>;
}

/** Records every script response of `page` with the bytes it took on the wire. */
async function recordScripts(page: Page): Promise<{ cdp: CDPSession; scripts: Scripts }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts: Scripts = { started: new Set(), finished: new Map() };
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.started.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    scripts.finished.set(event.requestId, event.encodedDataLength);
  });
  return { cdp, scripts };
}

/**
 * Paths of the scripts `page` loads from now on. ECharts has a chunk of its own (`echarts-*.js`, vite
 * config) that only the data pages may load: none of the pages below draws a chart.
 */
function watchScriptPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') paths.push(new URL(response.url()).pathname);
  });
  return paths;
}

const isECharts = (path: string) => /\/assets\/echarts-[^/]*\.js$/.test(path);

/** Kilobytes of the scripts loaded so far, once each of them has finished loading. */
async function scriptKilobytes(scripts: Scripts): Promise<number> {
  await expect.poll(() => [...scripts.started].every((id) => scripts.finished.has(id))).toBe(true);
  const bytes = [...scripts.started].reduce((sum, id) => sum + (scripts.finished.get(id) ?? 0), 0);
  return bytes / 1000;
}

/** A fresh context (empty cache) holding the demo user's session when `signedIn`. */
async function freshContext(
  browser: import('@playwright/test').Browser,
  state?: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  return browser.newContext({ storageState: state, locale: 'en-US', viewport: { width: 1366, height: 860 } });
}

test.describe('first-visit JavaScript stays within its budget', () => {
  let session: Awaited<ReturnType<BrowserContext['storageState']>>;
  test.beforeAll(async ({ browser }) => {
    const context = await freshContext(browser);
    await signIn(await context.newPage(), DEMO.email, DEMO.password);
    session = await context.storageState();
    await context.close();
  });

  test('sign-in page', async ({ browser }) => {
    const context = await freshContext(browser);
    const page = await context.newPage();
    const { scripts } = await recordScripts(page);
    const paths = watchScriptPaths(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByTestId('demo-credentials')).toBeVisible();
    const kb = await scriptKilobytes(scripts);
    test.info().annotations.push({ type: 'javascript', description: `/login ${kb.toFixed(1)} kB` });
    expect(kb).toBeLessThanOrEqual(BUDGET_KB.login);
    expect(paths.filter(isECharts)).toEqual([]);
    await context.close();
  });

  test('home page after sign-in', async ({ browser }) => {
    const context = await freshContext(browser, session);
    const page = await context.newPage();
    const { scripts } = await recordScripts(page);
    const paths = watchScriptPaths(page);
    await page.goto('/first/index');
    await expect(page.getByTestId('home-projects').locator('tr.ant-table-row').first()).toBeVisible();
    const kb = await scriptKilobytes(scripts);
    test.info().annotations.push({ type: 'javascript', description: `/first/index ${kb.toFixed(1)} kB` });
    expect(kb).toBeLessThanOrEqual(BUDGET_KB.home);
    expect(paths.filter(isECharts)).toEqual([]);
    await context.close();
  });

  test('floor plan after sign-in', async ({ browser }) => {
    const context = await freshContext(browser, session);
    const page = await context.newPage();
    const { scripts } = await recordScripts(page);
    const paths = watchScriptPaths(page);
    await page.goto('/remote/index');
    await expect.poll(async () => (await planNodes(page)).length).toBe(DEMO_DEVICES.length);
    const kb = await scriptKilobytes(scripts);
    test.info().annotations.push({ type: 'javascript', description: `/remote/index ${kb.toFixed(1)} kB` });
    expect(kb).toBeLessThanOrEqual(BUDGET_KB.plan);
    expect(paths.filter(isECharts)).toEqual([]);
    await context.close();
  });

  test('public pages load neither the console shell nor the plan renderer', async ({ browser }) => {
    const context = await freshContext(browser);
    const page = await context.newPage();
    const urls: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') urls.push(new URL(response.url()).pathname);
    });
    for (const path of ['/login', '/addCount', '/forgetPassword']) {
      await page.goto(path);
      await expect(page.locator('.lw-auth-card')).toBeVisible();
    }
    expect(urls.filter((url) => /\/(main-layout|floor-plan)-/.test(url))).toEqual([]);
    // Compressed on the wire: the build's brotli copies are what the browser gets.
    const script = await page.request.get(urls.find((url) => url.includes('/assets/react-'))!, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(script.headers()['content-encoding']).toBe('br');
    await context.close();
  });
});
