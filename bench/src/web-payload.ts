// JavaScript each first page costs on the wire, and how soon the console answers after sign-in.
//   npm run bench:web-payload [-- --no-build] [-- --runs 3]
// Builds the web app, starts the console in demo mode on free ports with a data folder of its own,
// and opens /login, /first/index and /remote/index in Debian's Chromium with a cold cache each. Per
// page it prints the script files, their bytes on the wire (compressed, as Chromium counts them) and
// uncompressed, and the Largest Contentful Paint; then the time from "Sign in" to a settled home page
// and from a menu choice to the next page's content. Prints figures; asserts nothing.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, SERVER_SOURCE, startConsole } from './console-process.ts';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    files: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const root = new URL('../..', import.meta.url).pathname;
const DEMO = { email: 'demo@lightwell.test', password: 'Lightwell-Demo-1' };
const VIEWPORT = { width: 1366, height: 860 };

// The whole run is bounded: a hung browser or server ends the process.
const deadline = setTimeout(() => {
  console.error('web-payload bench: gave up after 5 minutes');
  process.exit(2);
}, 5 * 60_000);
deadline.unref();

interface Payload {
  files: number;
  wire: number;
  raw: number;
  lcp: number;
}

/** Counts the script responses of one page load (Chrome DevTools Protocol: encoded and decoded lengths). */
async function recordScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, { url: string; wire: number; raw: number }>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, { url: event.response.url, wire: 0, raw: 0 });
  });
  cdp.on('Network.dataReceived', (event) => {
    const entry = scripts.get(event.requestId);
    if (entry) entry.raw += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = scripts.get(event.requestId);
    if (entry) entry.wire = event.encodedDataLength;
  });
  return scripts;
}

/** Waits until no script has been requested for `quietMs` (the page's lazy chunks have come). */
async function scriptsSettled(scripts: Map<string, unknown>, quietMs = 800) {
  let count = -1;
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (scripts.size !== count) {
      count = scripts.size;
      since = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries.at(-1)?.startTime ?? Number.NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 1000);
      }),
  );
}

/** Opens `path` in a fresh context (cold cache) and measures its scripts; `ready` is the page's content. */
async function measurePage(
  browser: Browser,
  url: string,
  path: string,
  ready: string,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<Payload> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', storageState });
  const page = await context.newPage();
  const scripts = await recordScripts(page);
  await page.goto(url + path, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 30_000 });
  await scriptsSettled(scripts);
  const lcp = await largestContentfulPaint(page);
  await context.close();
  const list = [...scripts.values()];
  if (values.files) {
    for (const s of list.sort((a, b) => b.wire - a.wire))
      console.log(`    ${kB(s.wire).padStart(9)}  ${s.url.split('/').pop()}`);
  }
  return {
    files: list.length,
    wire: list.reduce((sum, s) => sum + s.wire, 0),
    raw: list.reduce((sum, s) => sum + s.raw, 0),
    lcp,
  };
}

/**
 * Milliseconds from the next click anywhere in the page until `selector` matches, read in the page
 * itself (a click listener and a DOM observer), so the driver's polling adds nothing.
 */
async function clickToShown(page: Page, selector: string, click: () => Promise<void>): Promise<number> {
  // A string, not a function: tsx would wrap the page-side helpers in a naming call the page lacks.
  const shown = page.evaluate<number>(`new Promise((resolve) => {
    let clickedAt = NaN;
    document.addEventListener('click', () => { clickedAt = performance.now(); }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (!Number.isNaN(clickedAt) && document.querySelector(${JSON.stringify(selector)})) {
        observer.disconnect();
        resolve(performance.now() - clickedAt);
      }
    });
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  })`);
  await click();
  return shown;
}

/** Milliseconds from now until the page's last change before `quietMs` without any (read in the page). */
async function settledAfter(page: Page, quietMs = 600): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    const observer = new MutationObserver(() => { last = performance.now(); });
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    const timer = setInterval(() => {
      if (performance.now() - last >= ${quietMs}) {
        clearInterval(timer);
        observer.disconnect();
        resolve(last - start);
      }
    }, 50);
  })`);
}

/**
 * Signs in through the form and times what a person feels: from the click on "Sign in" until the
 * home page lists the projects, and until the page stops changing (no DOM change for 600 ms); then
 * from a click until the next page shows its content (project list, then the plan, first visits).
 */
async function measureSignIn(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  const shown = await clickToShown(page, '[data-testid=home-projects] tr.ant-table-row', () =>
    page.getByRole('button', { name: 'Sign in' }).click(),
  );
  const settled = shown + (await settledAfter(page));
  const state = await context.storageState();
  const pageChange = await clickToShown(page, '[data-testid=project-table] tr.ant-table-row', () =>
    page.getByRole('button', { name: 'Manage projects' }).click(),
  );
  await page.getByRole('menuitem', { name: 'Remote control' }).click();
  const planChange = await clickToShown(page, '[data-testid=floor-plan-canvas] canvas', () =>
    page.getByRole('menuitem', { name: 'Plan', exact: true }).click(),
  );
  await context.close();
  return { shown, settled, pageChange, planChange, state };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (!values['no-build']) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@lightwell/web'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('web build failed');
}
const server = await startConsole({ args: SERVER_SOURCE, env: { DEMO: 'true' } });
const browser = await launchChromium();
try {
  const signIns: Awaited<ReturnType<typeof measureSignIn>>[] = [];
  for (let i = 0; i < runs; i++) signIns.push(await measureSignIn(browser, server.url));
  const state = signIns[0]!.state;
  const pages: [string, string, boolean][] = [
    ['/login', 'button[type=submit]', false],
    ['/first/index', '[data-testid=home-projects] tr.ant-table-row', true],
    ['/remote/index', '[data-testid=floor-plan-canvas] canvas', true],
  ];
  console.log(`Initial JavaScript per page (cold cache, ${VIEWPORT.width}×${VIEWPORT.height}, median of ${runs}):`);
  console.log('page            files   on the wire   uncompressed   LCP');
  for (const [path, ready, signedIn] of pages) {
    const samples: Payload[] = [];
    for (let i = 0; i < runs; i++) {
      samples.push(await measurePage(browser, server.url, path, ready, signedIn ? state : undefined));
    }
    const last = samples.at(-1)!;
    console.log(
      `${path.padEnd(15)} ${String(last.files).padStart(5)}   ${kB(last.wire).padStart(11)}   ${kB(last.raw).padStart(12)}   ${Math.round(median(samples.map((s) => s.lcp)))} ms`,
    );
  }
  const ms = (key: 'shown' | 'settled' | 'pageChange' | 'planChange') =>
    `${Math.round(median(signIns.map((s) => s[key])))} ms`;
  console.log(`\nAfter sign-in (median of ${runs}):`);
  console.log(`  "Sign in" → home projects shown          ${ms('shown')}`);
  console.log(`  "Sign in" → home page still (600 ms)    ${ms('settled')}`);
  console.log(`  "Manage projects" → project list shown  ${ms('pageChange')}`);
  console.log(`  menu "Plan" → floor plan shown          ${ms('planChange')}`);
} finally {
  await browser.close();
  await server.stop();
}
