// Frames per second of the floor-plan map in Chromium while panning and wheel-zooming a plan of
// 2,000 nodes and 200 zones on a 4000×3000 picture. Prints figures; asserts nothing.
//   node --import tsx bench/floor-plan/run.ts [--seconds 5] [--screenshot dir] [--mode view|edit]
// Builds bench/floor-plan/page with Vite into a temporary folder, serves it on 127.0.0.1, drives
// /usr/bin/chromium through playwright-core, and removes everything when done.
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    screenshot: { type: 'string' },
    mode: { type: 'string', default: 'view' },
  },
});
const seconds = Number(values.seconds);
const viewport = { width: 1280, height: 800 };
const here = fileURLToPath(new URL('.', import.meta.url));
const webModules = join(here, '../../apps/web/node_modules');

// The whole run is bounded: a hung browser or build ends the process.
const deadline = setTimeout(
  () => {
    console.error('floor-plan bench: gave up after 5 minutes');
    process.exit(2);
  },
  5 * 60_000 + seconds * 4000,
);
deadline.unref();

/** Builds the page with the web app's Vite and React plugin into `outDir`. */
async function buildPage(outDir: string) {
  const vite = (await import(pathToFileURL(join(webModules, 'vite/dist/node/index.js')).href)) as typeof import('vite');
  const react = (await import(pathToFileURL(join(webModules, '@vitejs/plugin-react/dist/index.js')).href))
    .default as typeof import('@vitejs/plugin-react').default;
  await vite.build({
    root: join(here, 'page'),
    configFile: false,
    logLevel: 'warn',
    base: './',
    plugins: [react()],
    resolve: { dedupe: ['react', 'react-dom'] },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000, reportCompressedSize: false },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves `root` read-only on 127.0.0.1 at a free port. */
async function serve(root: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(root, path === '/' ? 'index.html' : path);
    const found = file.startsWith(root) && (await stat(file).catch(() => null))?.isFile();
    if (!found) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

interface Figures {
  mean: number;
  p5: number;
  frames: number;
  inputs: number;
  /** Frames in which the map redrew, and the scene-draw milliseconds of those frames (mean, 95th percentile). */
  redraws: number;
  drawMean: number;
  drawP95: number;
  /** Share of scene-draw time per layer. */
  layers: string;
}

const percentile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
};

/** Runs `drive` while counting animation frames; fps mean over the run and at the 95th-percentile frame time. */
async function measure(page: Page, drive: () => Promise<number>): Promise<Figures> {
  type Counters = { __frames: number[]; __drawMs: number[]; __layerMs: Record<string, number> };
  await page.evaluate(() => {
    const w = window as unknown as Counters;
    w.__frames.length = 0;
    w.__drawMs.length = 0;
    w.__layerMs = {};
  });
  const inputs = await drive();
  const { times, drawMs, layerMs } = await page.evaluate(() => {
    const w = window as unknown as Counters;
    return { times: w.__frames.slice(), drawMs: w.__drawMs.slice(1), layerMs: w.__layerMs };
  });
  const total = Object.values(layerMs).reduce((sum, ms) => sum + ms, 0);
  const layers = Object.entries(layerMs)
    .map(([name, ms]) => `${name} ${Math.round((100 * ms) / total)}%`)
    .join(', ');
  const gaps = times.slice(1).map((time, i) => time - times[i]!);
  const span = (times.at(-1) ?? 0) - (times[0] ?? 0);
  const draws = drawMs.filter((ms) => ms > 0);
  return {
    mean: (gaps.length * 1000) / span,
    p5: 1000 / percentile(gaps, 0.95),
    frames: gaps.length,
    inputs,
    redraws: draws.length,
    drawMean: draws.reduce((sum, ms) => sum + ms, 0) / Math.max(1, draws.length),
    drawP95: percentile(draws, 0.95),
    layers,
  };
}

async function mapBox(page: Page) {
  const box = await page.getByTestId('floor-plan-canvas').boundingBox();
  if (!box) throw new Error('map not on the page');
  return box;
}

/** One continuous drag along a Lissajous path over the map for `ms`; returns the pointer moves sent. */
async function pan(page: Page, ms: number): Promise<number> {
  const box = await mapBox(page);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const at = (t: number) => ({
    x: cx + (box.width / 2 - 60) * Math.sin(t * 2.4),
    y: cy + (box.height / 2 - 60) * Math.sin(t * 3.1),
  });
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  const start = performance.now();
  let moves = 0;
  // Up to three moves in flight: waiting for each one's acknowledgement would halve the input rate.
  const inFlight = new Set<Promise<void>>();
  for (let elapsed = 0; elapsed < ms; elapsed = performance.now() - start) {
    const p = at(elapsed / 1000);
    const sent: Promise<void> = page.mouse.move(p.x, p.y).finally(() => inFlight.delete(sent));
    inFlight.add(sent);
    moves++;
    if (inFlight.size >= 3) await Promise.race(inFlight);
    await sleep(4);
  }
  await Promise.all(inFlight);
  await page.mouse.up();
  return moves;
}

/** Wheel steps at about 50 a second over the map, 0.125 → 3 → 0.125 …, for `ms`; returns the steps sent. */
async function zoom(page: Page, ms: number): Promise<number> {
  const box = await mapBox(page);
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.4);
  let zoomLevel = await page.evaluate(
    () => (window as unknown as { __bench: { view: { zoom: number } } }).__bench.view.zoom,
  );
  let direction = -1;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  let steps = 0;
  for (let elapsed = 0; elapsed < ms; elapsed = performance.now() - start) {
    if (zoomLevel >= 3) direction = 1;
    if (zoomLevel <= 0.125) direction = -1;
    const sent: Promise<void> = page.mouse.wheel(0, 100 * direction).finally(() => inFlight.delete(sent));
    inFlight.add(sent);
    if (inFlight.size >= 3) await Promise.race(inFlight);
    zoomLevel = Math.min(3, Math.max(0.125, zoomLevel - 0.125 * direction));
    steps++;
    await sleep(start + steps * 20 - performance.now());
  }
  await Promise.all(inFlight);
  return steps;
}

async function setView(page: Page, view: { zoom: number; imgX: number; imgY: number }) {
  await page.evaluate((next) => {
    (window as unknown as { __bench: { setView: (v: typeof next) => void } }).__bench.setView(next);
  }, view);
  await page.waitForTimeout(300);
}

const line = (label: string, f: Figures, unit: string) =>
  console.log(
    `${label.padEnd(40)} ${f.mean.toFixed(1).padStart(5)} fps mean ${f.p5.toFixed(1).padStart(5)} fps 5th pct | ` +
      `${String(f.redraws).padStart(3)} redraws, draw ${f.drawMean.toFixed(1)} ms mean ${f.drawP95.toFixed(1)} ms p95 | ` +
      `${f.frames} frames, ${f.inputs} ${unit}` +
      (f.layers ? `\n${''.padEnd(41)}draw time by layer: ${f.layers}` : ''),
  );

const outDir = await mkdtemp(join(tmpdir(), 'lightwell-floor-plan-bench-'));
let server: Server | undefined;
let browser: Browser | undefined;
try {
  await buildPage(outDir);
  server = await serve(outDir);
  const { port } = server.address() as AddressInfo;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`http://127.0.0.1:${port}/?mode=${values.mode === 'edit' ? 'edit' : 'view'}`);
  await page.waitForFunction(() => (window as unknown as { __bench?: { ready: boolean } }).__bench?.ready, null, {
    timeout: 120_000,
  });
  const version = browser.version();
  console.log(
    `floor plan: 2,000 nodes, 200 zones, 4000×3000 picture; Chromium ${version}, --disable-gpu (software canvas); ` +
      `viewport ${viewport.width}×${viewport.height} at DPR 1; ${seconds} s per run; mode ${values.mode}`,
  );
  const shots = values.screenshot;
  if (shots) await mkdir(shots, { recursive: true });
  const ms = seconds * 1000;
  const idle = async () => {
    await sleep(1000);
    return 0;
  };
  line('idle (no input)', await measure(page, idle), 'inputs');
  await setView(page, { zoom: 1, imgX: 100, imgY: 20 });
  if (shots) await page.screenshot({ path: join(shots, 'zoom-1.png') });
  line('pan at zoom 1 (part of the plan)', await measure(page, () => pan(page, ms)), 'pointer moves');
  await setView(page, { zoom: 0.375, imgX: 80, imgY: 10 });
  if (shots) await page.screenshot({ path: join(shots, 'zoom-0.375.png') });
  line('pan at zoom 0.375 (all nodes and names)', await measure(page, () => pan(page, ms)), 'pointer moves');
  await setView(page, { zoom: 1, imgX: 0, imgY: 0 });
  line('wheel zoom 0.125 ↔ 3 around the pointer', await measure(page, () => zoom(page, ms)), 'wheel steps');
  if (shots) {
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(shots, 'after-zoom.png') });
    console.log(`screenshots in ${shots}`);
  }
  if (errors.length) console.log(`page errors:\n  ${errors.join('\n  ')}`);
} finally {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await rm(outDir, { recursive: true, force: true });
}
