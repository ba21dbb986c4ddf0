// Largest Contentful Paint and Interaction to Next Paint of the plan page (/remote/index) with 2,000 devices.
//   npm run bench:plan-vitals [-- --runs 3] [-- --no-build] [-- --rates 1,4]
// Builds the web app and the server bundle as `npm start` does (when missing or older than their sources),
// writes a network of 2,000 devices in 200 zones on a 4000×3000 floor plan into a fresh embedded database
// (plan-vitals-seed.ts), starts the bundle on it and signs in through the form. Each run opens the plan in
// a new browser context of Debian's Chromium (empty cache and profile, the session's storage only), at each
// CPU throttling rate given (Chrome DevTools Protocol `Emulation.setCPUThrottlingRate`; 1 is none; the
// network as it is, loopback). It reads LCP once the plan is drawn, then does what a person does on the
// plan (click devices and a zone, zoom with the buttons, drag to pan, pick a group with the pointer and
// with the keyboard, press Tab) and reads INP. Both come from web-vitals (onLCP, onINP with
// reportAllChanges, event entries of 16 ms and longer), injected before the page's own scripts; the app's
// bundle is untouched. Prints each run, then the median and the worst per rate. Figures, not assertions.
import { existsSync, mkdtempSync, renameSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureServerBuilt, ensureWebBuilt, serverBundle, stopBundler } from '../../scripts/lib/builds.mjs';
import { launchChromium, startConsole } from './console-process.ts';
import {
  type EventReading,
  planDrawn,
  planToScreen,
  readVitals,
  settle,
  vitalsInitScript,
} from './plan-vitals-page.ts';
import { devicePosition, PLAN, PLAN_LOGIN, seedPlan } from './plan-vitals-seed.ts';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    rates: { type: 'string', default: '1,4' },
    // Seeds a database kept in the temporary folder once and starts on it again next time.
    keep: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const rates = values.rates.split(',').map(Number);
const VIEWPORT = { width: 1366, height: 860 };
const NODES = PLAN.columns * PLAN.rows * PLAN.perRoom;
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

// The whole run is bounded: a hung browser or console ends the process.
const deadline = setTimeout(
  () => {
    console.error('plan-vitals bench: gave up');
    process.exit(2);
  },
  (5 + runs * rates.length * 2) * 60_000,
);
deadline.unref();

/** Signs in through the form and answers the session (storage) the runs start from. */
async function signIn(browser: Browser, url: string): Promise<Storage> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(PLAN_LOGIN.email);
  await page.getByLabel('Password').fill(PLAN_LOGIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('[data-testid=home-projects] tr.ant-table-row').first().waitFor({ timeout: 60_000 });
  // The plan of the user's one network, so the session holds it as the current network.
  await page.goto(`${url}/remote/index`);
  await page.getByTestId('floor-plan-canvas').waitFor({ timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Image point of the `i`th device of the room at `column`, `row`; and a point of that room clear of devices. */
const device = (column: number, row: number, i: number) => devicePosition(column, row, i);
const roomFloor = (column: number, row: number) => ({
  x: ((column + 0.8) * PLAN.width) / PLAN.columns,
  y: ((row + 0.8) * PLAN.height) / PLAN.rows,
});

/** The inputs of one run, each named; a person's first minute on the plan. */
function interactions(page: Page): [string, () => Promise<void>][] {
  const click = async (point: { x: number; y: number }) => {
    const at = (await planToScreen(page))(point);
    await page.mouse.click(at.x, at.y);
  };
  const groups = page.getByTestId('group-choice');
  const menu = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  return [
    ['click a device', () => click(device(4, 2, 3))],
    ['click a zone', () => click(roomFloor(12, 6))],
    ['click another device', () => click(device(15, 7, 6))],
    ['zoom in (button)', () => page.getByTestId('floor-plan-zoom-in').click()],
    [
      'drag to pan',
      async () => {
        const box = (await page.getByTestId('floor-plan-canvas').boundingBox())!;
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x - 120, y - 80, { steps: 8 });
        await page.mouse.up();
      },
    ],
    ['click a device (zoomed in)', () => click(device(8, 4, 2))],
    ['zoom out (button)', () => page.getByTestId('floor-plan-zoom-out').click()],
    [
      'open the group list',
      async () => {
        await groups.click();
        await menu.waitFor();
      },
    ],
    ['choose a group', () => menu.locator('.ant-select-item-option', { hasText: 'Floor wing 3' }).click()],
    ['key ArrowDown (list opens)', () => page.keyboard.press('ArrowDown')],
    ['key ArrowDown', () => page.keyboard.press('ArrowDown')],
    ['key Enter (choose)', () => page.keyboard.press('Enter')],
    ['key Tab', () => page.keyboard.press('Tab')],
    ['fit (button)', () => page.getByTestId('floor-plan-fit').click()],
    ['click a zone again', () => click(roomFloor(3, 8))],
  ];
}

interface Run {
  rate: number;
  lcp: number;
  lcpTarget: string;
  drawn: number;
  inp: number;
  inpTarget: string;
  inpBreakdown: string;
  /** Each input's longest event entry (0 when under 16 ms), in the order done. */
  inputs: [string, number][];
  errors: string[];
}

/** One cold visit of the plan at CPU throttling `rate`: LCP once drawn, then the inputs and INP. */
async function measureRun(browser: Browser, url: string, storageState: Storage, rate: number): Promise<Run> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', storageState });
  await context.addInitScript(vitalsInitScript());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(`${url}/remote/index`, { waitUntil: 'load' });
  const drawn = await planDrawn(page, NODES).catch(async (error: unknown) => {
    await page.screenshot({ path: join(tmpdir(), 'plan-vitals-failed.png') });
    throw error;
  });
  await settle(page, 1000);
  const { lcp } = await readVitals(page);
  const inputs: [string, number][] = [];
  let seen = 0;
  for (const [name, act] of interactions(page)) {
    await act().catch(async (error: unknown) => {
      await page.screenshot({ path: join(tmpdir(), 'plan-vitals-failed.png') });
      throw new Error(`${name}: ${error} (screenshot in ${join(tmpdir(), 'plan-vitals-failed.png')})`);
    });
    await settle(page);
    const { events } = await readVitals(page);
    inputs.push([name, longest(events.slice(seen))]);
    seen = events.length;
  }
  const { inp } = await readVitals(page);
  await context.close();
  return {
    rate,
    lcp: lcp?.value ?? Number.NaN,
    lcpTarget: lcp?.target ?? '?',
    drawn,
    inp: inp?.value ?? 0,
    inpTarget: inp ? `${inp.type} on ${inp.target}` : 'no interaction of 16 ms or more',
    inpBreakdown: inp
      ? `input delay ${ms(inp.inputDelay)}, processing ${ms(inp.processing)}, presentation ${ms(inp.presentation)}`
      : '',
    inputs,
    errors,
  };
}

const longest = (events: EventReading[]) => events.reduce((max, e) => Math.max(max, e.duration), 0);
const ms = (value: number) => `${Math.round(value)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const worst = (xs: number[]) => Math.max(...xs);
const rateName = (rate: number) => (rate === 1 ? 'no CPU throttling' : `CPU throttled ${rate}×`);

function report(results: Run[]) {
  for (const rate of rates) {
    const mine = results.filter((r) => r.rate === rate);
    console.log(`\n${rateName(rate)}, ${mine.length} runs:`);
    for (const [i, r] of mine.entries()) {
      console.log(
        `  run ${i + 1}: LCP ${ms(r.lcp)} (${r.lcpTarget}), plan drawn ${ms(r.drawn)}; INP ${ms(r.inp)} (${r.inpTarget}; ${r.inpBreakdown})`,
      );
      console.log(`         inputs: ${r.inputs.map(([name, d]) => `${name} ${d ? ms(d) : '<16 ms'}`).join(', ')}`);
      if (r.errors.length) console.log(`         page errors: ${r.errors.join(' | ')}`);
    }
    const line = (label: string, xs: number[]) =>
      console.log(`  ${label.padEnd(40)} median ${ms(median(xs)).padStart(8)}   worst ${ms(worst(xs)).padStart(8)}`);
    line(
      'LCP',
      mine.map((r) => r.lcp),
    );
    line(
      'plan drawn (canvas, not an LCP candidate)',
      mine.map((r) => r.drawn),
    );
    line(
      'INP',
      mine.map((r) => r.inp),
    );
  }
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
if (!values['no-build']) {
  ensureWebBuilt();
  await ensureServerBuilt();
  await stopBundler();
}
const kept = join(tmpdir(), `lightwell-plan-vitals-kept-${NODES}`);
const reuse = values.keep && existsSync(kept);
const began = performance.now();
let dataDir = kept;
let seeded = { devices: NODES, zones: PLAN.columns * PLAN.rows };
if (!reuse) {
  dataDir = mkdtempSync(join(tmpdir(), 'lightwell-plan-vitals-'));
  seeded = await seedPlan(dataDir);
  // Kept only once whole.
  if (values.keep) {
    renameSync(dataDir, kept);
    dataDir = kept;
  }
}
console.log(reuse ? `reusing the database in ${kept}` : `seeded in ${ms(performance.now() - began)}`);
// A loaded 2-core machine has taken minutes to start a console.
const server = await startConsole({
  args: [serverBundle],
  env: { DEMO: 'false' },
  dataDir,
  timeoutMs: 300_000,
  keepData: values.keep,
});
console.log(`console answering after ${ms(performance.now() - began)}`);
const browser = await launchChromium();
try {
  const state = await signIn(browser, server.url);
  console.log(
    `Plan page /remote/index: ${seeded.devices} devices in ${seeded.zones} zones on a ${PLAN.width}×${PLAN.height} floor plan; ` +
      `Chromium ${browser.version()} headless, --disable-gpu, ${VIEWPORT.width}×${VIEWPORT.height}, a new context per run ` +
      `(cold cache), network as is (loopback); console: the npm start bundle, embedded database; load average before: ${load()}`,
  );
  const results: Run[] = [];
  for (const rate of rates) {
    for (let i = 0; i < runs; i++) results.push(await measureRun(browser, server.url, state, rate));
  }
  report(results);
  console.log(`\nload average after: ${load()}`);
} finally {
  await browser.close();
  await server.stop();
}
