import type { HeatMap, NetworkEnergy, Portfolio } from '@lightwell/domain';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { callAsBrowser } from '../support/api.ts';
import { DEMO, signIn } from '../support/session.ts';
import { DEMO_NETWORK } from '../support/simulator.ts';

/**
 * One closed period for every page: the last 7 days up to the start of the current hour, so the
 * overview and the heat maps are asked for the same hours and a report arriving meanwhile changes none.
 */
const UNTIL = Math.floor(Date.now() / 3_600_000) * 3_600;
const PERIOD = `?span=7d&until=${UNTIL}`;

/** The raw figure a page element carries in `data-value` (Wh, triggers). */
async function rawFigure(locator: Locator): Promise<number> {
  const value = await locator.getAttribute('data-value');
  expect(value, 'a figure with its raw value').not.toBeNull();
  return Number(value);
}

/** Sums the `attribute` of every element matching `selector` in the zone table's zone rows (not the rest). */
async function zoneSum(page: Page, attribute: 'data-value' | 'data-triggers'): Promise<number> {
  const cells = page.getByTestId('zone-table').locator(`tr.ant-table-row:not([data-row-key="-1"]) [${attribute}]`);
  const values = await cells.evaluateAll(
    (nodes, name) => nodes.map((node) => Number(node.getAttribute(name))),
    attribute,
  );
  return values.reduce((sum, value) => sum + value, 0);
}

/** Opens a heat map for the period and answers its total over every row. */
async function heatTotal(page: Page, path: string): Promise<number> {
  await page.goto(path.includes('?') ? path : `${path}${PERIOD}`);
  await expect(page.getByTestId('heat-page')).toContainText(DEMO_NETWORK.name);
  await expect(page.getByTestId('heat-matrix')).toBeVisible();
  await expect(page.getByTestId('frame-slider')).toBeVisible();
  return rawFigure(page.getByTestId('heat-total'));
}

test('the zones add up to the network total on the overview and on every heat map of the demo network', async ({
  page,
}) => {
  await signIn(page, DEMO.email, DEMO.password);
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(`/home/network${PERIOD}`);
  await expect(page.getByTestId('network-overview')).toContainText(DEMO_NETWORK.name);
  const total = await rawFigure(page.getByTestId('overview-energy'));
  // The charts come with the data pages, in ECharts' own file (e2e/shell/payload.spec.ts keeps it off the others).
  expect(scripts.some((path) => /\/assets\/echarts-[^/]*\.js$/.test(path))).toBe(true);
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('overview-energy')).toContainText('kWh');
  await expect(page.getByTestId('source-badges').first()).toContainText('%');

  // The zone table's total row is the overview's total; the zones themselves never exceed it.
  expect(await rawFigure(page.getByTestId('zone-total'))).toBeCloseTo(total, 3);
  await expect(page.getByText(/more than the network total/)).toHaveCount(0);
  const zonesWh = await zoneSum(page, 'data-value');
  const outside = page.getByTestId('zone-table').locator('tr[data-row-key="-1"] [data-value]');
  const outsideWh = (await outside.count()) > 0 ? await rawFigure(outside) : 0;
  expect(zonesWh + outsideWh).toBeCloseTo(total, 3);
  const zoneTriggers = await zoneSum(page, 'data-triggers');

  // The page shows what the API answers for the same period. A reading that closes a reporting gap spreads
  // its energy over the gap's hours, so even a closed period's energy can grow while the demo runs: a figure
  // read from a page lies between the API's answers before and after it (the overview's own, at most the next).
  const nid = await page.evaluate(() => Number(localStorage.getItem('currentNid')));
  const overview = () =>
    callAsBrowser<NetworkEnergy>(page, '/api/v1/network/energy/overview', { nid, span: '7d', until: UNTIL });
  let previous = await overview();
  expect(total).toBeLessThanOrEqual(previous.figures.energyWh + 0.001);
  expect(previous.zones.length).toBeGreaterThan(0);
  /** Checks a figure read from a page against the API's answers around it. */
  const around = async (figure: number, pick: (data: NetworkEnergy) => number, what: string) => {
    const next = await overview();
    expect(figure, what).toBeGreaterThanOrEqual(pick(previous) - 0.001);
    expect(figure, what).toBeLessThanOrEqual(pick(next) + 0.001);
    previous = next;
  };

  // Energy maps: the zones' map holds the zones' energy, the luminaires' map the network's.
  const zonesOf = (data: NetworkEnergy) => data.zones.reduce((sum, zone) => sum + zone.energyWh, 0);
  await around(await heatTotal(page, '/home/heat/power/zone'), zonesOf, 'zone map');
  // Each zone's total is the sum of its luminaires (the device map filtered to the zone).
  for (const zone of previous.zones) {
    await around(
      await heatTotal(page, `/home/power/device${PERIOD}&zid=${zone.id}`),
      (data) => data.zones.find((other) => other.id === zone.id)!.energyWh,
      zone.name,
    );
  }
  await around(await heatTotal(page, '/home/power/device'), (data) => data.figures.energyWh, 'device map');
  // Sensor maps: the zones' triggers as the overview counts them; sensors outside zones only add. Like energy,
  // the triggers can grow between two reads: a report stamped at the period's end arrives a moment after it.
  const triggersOf = (data: NetworkEnergy) => data.zones.reduce((sum, zone) => sum + zone.triggers, 0);
  expect(zoneTriggers).toBeLessThanOrEqual(triggersOf(previous));
  await around(await heatTotal(page, '/home/heat/sensor/zone'), triggersOf, 'zone sensor map');
  expect(await heatTotal(page, '/home/sensor/device')).toBeGreaterThanOrEqual(triggersOf(previous));
});

/**
 * A figure of a page that goes on counting live readings lies between what the API answered just before
 * and just after the page was read.
 */
function between(before: number, page: number, after: number) {
  // Figures are rounded to the mWh, a sum of 30 days' rounded values to some mWh more.
  expect(page).toBeGreaterThanOrEqual(before - 0.05);
  expect(page).toBeLessThanOrEqual(after + 0.05);
}

test('the home page and the lobby dashboard show the energy the API counts for the demo week', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto(`/home/network${PERIOD}`);
  await expect(page.getByTestId('network-overview')).toContainText(DEMO_NETWORK.name);
  const nid = await page.evaluate(() => Number(localStorage.getItem('currentNid')));
  const portfolio = async () => {
    const data = await callAsBrowser<Portfolio>(page, '/api/v1/project/energy/portfolio', {});
    // The demo's project: its one network is the demo network.
    return data.projects.find((project) => project.networks === 1 && project.thisMonth.energyWh > 0)!;
  };
  const before = await portfolio();
  expect(before, "a project with this month's energy").toBeDefined();
  await page.goto('/first/index');
  await expect(page.getByTestId('home-projects')).toContainText(before.name);
  const row = page.getByTestId('home-projects').locator(`tr[data-row-key="${before.id}"]`);
  await expect(row.getByTestId('home-energy')).toContainText('kWh');
  const shown = await rawFigure(row.getByTestId('home-energy'));
  between(before.thisMonth.energyWh, shown, (await portfolio()).thisMonth.energyWh);
  // The sparkline's 30 days are the overview's 30 days.
  const thirty = await callAsBrowser<NetworkEnergy>(page, '/api/v1/network/energy/overview', { nid, span: '30d' });
  const spark = (await portfolio()).sparkline.reduce((a, b) => a + b, 0);
  expect(spark).toBeGreaterThan(0);
  between(
    thirty.figures.energyWh,
    spark,
    (await callAsBrowser<NetworkEnergy>(page, '/api/v1/network/energy/overview', { nid, span: '30d' })).figures
      .energyWh,
  );

  // The lobby dashboard's energy today is the overview's for today.
  const today = async () =>
    (await callAsBrowser<NetworkEnergy>(page, '/api/v1/network/energy/overview', { nid, span: '1d' })).figures.energyWh;
  const first = await today();
  await page.goto(`/screen/index?id=${nid}`);
  await expect(page.getByTestId('screen-energy')).toContainText('kWh');
  const lobby = await rawFigure(page.getByTestId('screen-energy'));
  between(first, lobby, await today());
  expect(lobby).toBeGreaterThan(0);

  // A heat map's cells add up to its rows, whatever the period: a 3-month map of the devices. Its total grows
  // while the demo runs, as the overview's does, so the page's lies between the API's before and after it.
  const mapTotal = async () => {
    const map = await callAsBrowser<HeatMap>(page, '/api/v1/network/device/heat/power', {
      nid,
      span: '3m',
      until: UNTIL,
    });
    const cells = map.rows.reduce((sum, row) => sum + row.cells.reduce((a, b) => a + b, 0), 0);
    expect(cells).toBeCloseTo(
      map.rows.reduce((sum, row) => sum + row.total, 0),
      2,
    );
    return cells;
  };
  const cellsBefore = await mapTotal();
  const shownMap = await heatTotal(page, `/home/power/device?span=3m&until=${UNTIL}`);
  between(cellsBefore, shownMap, await mapTotal());
});
