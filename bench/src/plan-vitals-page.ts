// What bench:plan-vitals runs inside the page: web-vitals' onLCP and onINP (attribution build, every
// change reported) and a PerformanceObserver of event entries (16 ms and longer) grouped by interaction, so
// each of the bench's inputs can be named with its duration; and reading the plan's Konva stage.
// Page-side code is kept in strings: tsx would wrap functions in a naming call the page lacks.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import type { INPMetricWithAttribution, LCPMetricWithAttribution } from 'web-vitals/attribution';

/** web-vitals' attribution build as a script that defines `webVitals` (its IIFE file). */
function webVitalsScript(): string {
  const entry = createRequire(import.meta.url).resolve('web-vitals/attribution');
  return readFileSync(join(dirname(entry), 'web-vitals.attribution.iife.js'), 'utf8');
}

const COLLECTOR = `
window.__vitals = { lcp: null, inp: null, events: [] };
webVitals.onLCP((metric) => {
  window.__vitals.lcp = { value: metric.value, target: metric.attribution.target ?? null,
    url: metric.attribution.url ?? null, renderDelay: metric.attribution.elementRenderDelay };
}, { reportAllChanges: true });
webVitals.onINP((metric) => {
  const a = metric.attribution;
  window.__vitals.inp = { value: metric.value, target: a.interactionTarget, type: a.interactionType,
    inputDelay: a.inputDelay, processing: a.processingDuration, presentation: a.presentationDelay };
}, { reportAllChanges: true, durationThreshold: 16 });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.interactionId) continue;
    window.__vitals.events.push({ id: entry.interactionId, name: entry.name, duration: entry.duration,
      inputDelay: entry.processingStart - entry.startTime, processing: entry.processingEnd - entry.processingStart });
  }
}).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

/** The script to add to a context before its pages load: web-vitals and the collector in one scope. */
export function vitalsInitScript(): string {
  return `${webVitalsScript()}\n${COLLECTOR}`;
}

/** The latest LCP as web-vitals reported it (ms from navigation start) and the element it was. */
type LcpReading = Pick<LCPMetricWithAttribution, 'value'> & { target: string | null; url: string | null };

/** INP as web-vitals reported it (every change) with its breakdown. */
type InpReading = Pick<INPMetricWithAttribution, 'value'> & {
  target: string;
  type: string;
  inputDelay: number;
  processing: number;
  presentation: number;
};

/** One event entry of an interaction (16 ms or longer). */
export interface EventReading {
  id: number;
  name: string;
  duration: number;
  inputDelay: number;
  processing: number;
}

/** What the collector holds now. */
export function readVitals(
  page: Page,
): Promise<{ lcp: LcpReading | null; inp: InpReading | null; events: EventReading[] }> {
  return page.evaluate('window.__vitals');
}

/**
 * Waits until the plan is drawn: the Konva stage `floor-plan` holds the picture and all `nodes` nodes
 * (looked for every 50 ms), then a frame more; answers that moment in ms from navigation start.
 */
export async function planDrawn(page: Page, nodes: number): Promise<number> {
  // A function, not a string: the page's CSP has no 'unsafe-eval' for a string predicate. Nothing in it is
  // named, so tsx adds no naming call.
  await page.waitForFunction(
    (count) => {
      type Shape = { id(): string; getAttr(name: string): unknown; findOne(selector: string): Shape | undefined };
      const stages = (window as unknown as { Konva?: { stages: Shape[] } }).Konva?.stages ?? [];
      const stage = stages.find((s) => s.id() === 'floor-plan');
      const shown = (stage?.findOne('#nodes')?.getAttr('nodes') as unknown[] | undefined)?.length ?? 0;
      return Boolean(stage?.findOne('#plan-image')) && shown >= count;
    },
    nodes,
    { polling: 50, timeout: 180_000 },
  );
  return page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())))');
}

/** The map's place on the screen and the stage's offset and zoom: image point → screen point. */
export async function planToScreen(page: Page): Promise<(point: { x: number; y: number }) => { x: number; y: number }> {
  const box = await page.getByTestId('floor-plan-canvas').boundingBox();
  if (!box) throw new Error('the map is not on the page');
  const stage = await page.evaluate<{ x: number; y: number; zoom: number }>(
    `(() => { const s = window.Konva.stages.find((s) => s.id() === 'floor-plan'); return { x: s.x(), y: s.y(), zoom: s.scaleX() }; })()`,
  );
  return (point) => ({ x: box.x + stage.x + point.x * stage.zoom, y: box.y + stage.y + point.y * stage.zoom });
}

/** Resolves once the page has had two frames and then `quietMs` without a long task (50 ms or more). */
export function settle(page: Page, quietMs = 400): Promise<void> {
  return page.evaluate(`new Promise((resolve) => {
    let last = performance.now();
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = Math.max(last, entry.startTime + entry.duration);
    });
    observer.observe({ type: 'longtask' });
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const timer = setInterval(() => {
        if (performance.now() - last >= ${quietMs}) { clearInterval(timer); observer.disconnect(); resolve(); }
      }, 50);
    }));
  })`);
}
