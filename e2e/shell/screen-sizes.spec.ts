import { expect, type Locator, type Page, test } from '@playwright/test';
import { callAsBrowser } from '../support/api.ts';
import { hiddenParts, scrollingParts, waitSettled } from '../support/layout-checks.ts';
import { DEMO, signIn } from '../support/session.ts';
import { DEMO_NETWORK, DEMO_ZONES } from '../support/simulator.ts';

/*
 * What a facility manager sees at the screen sizes they use, on the demo: the columns they come for are in
 * view without scrolling sideways, the lobby dashboard fits its screen, and a heat map's week fits the page.
 */

/**
 * Waits until every part of `locator` is in view: inside the window and not clipped by a scrolling box
 * (across only with `axes` 'x': a row further down may take scrolling down to, never sideways).
 */
async function expectInView(locator: Locator, axes: 'xy' | 'x' = 'xy') {
  await expect(locator).toBeVisible();
  await expect.poll(() => hiddenParts(locator, axes)).toEqual([]);
}

/** Signs in as the demo owner, opens `path` on the demo network and answers that network's id. */
async function openDemoNetwork(page: Page, path: string, title: Locator) {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto(path);
  await expect(title).toContainText(DEMO_NETWORK.name);
  return page.evaluate(() => Number(localStorage.getItem('currentNid')));
}

/** A day of the month (1-28) at least a week from today, so that a schedule made for it runs no test now. */
function dayAWeekAway(now = new Date()): number {
  return ((now.getUTCDate() + 7) % 28) + 1;
}

test('the checks see a column scrolled out of its table, a part off the window, and a page that scrolls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 600, height: 400 });
  await page.setContent(`
    <div style="width: 300px; overflow-x: auto"><table style="width: 500px"><tr>
      <th style="width: 250px">Name</th><th id="off">Next check</th>
    </tr></table></div>
    <div id="low" style="margin-top: 500px">Below</div>`);
  expect(await hiddenParts(page.locator('#off'))).toEqual([
    expect.stringMatching(/^"Next check" is cut off by div: \d+ px on the right$/),
  ]);
  expect(await hiddenParts(page.locator('#low'))).toEqual([
    expect.stringMatching(/^"Below" is cut off by the window: \d+ px at the bottom$/),
  ]);
  expect(await hiddenParts(page.locator('#low'), 'x')).toEqual([]);
  expect(await scrollingParts(page)).toEqual([
    expect.stringContaining('the page scrolls down'),
    expect.stringContaining('div scrolls sideways: 500 px content in 300 px'),
  ]);
});

test('at 1600 px the emergency fittings show their next check without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  const nid = await openDemoNetwork(page, '/emergency/index', page.getByTestId('emergency-elements'));
  // A self-test schedule gives every fitting a date to be checked next (without one it is "N/A").
  const schedule = await callAsBrowser<{ id: number }>(page, '/api/v1/emergency/schedule/add', {
    nid,
    name: 'Monthly function test',
    testKind: 'function',
    day: dayAWeekAway(),
    minuteOfDay: 10 * 60,
  });
  try {
    await page.reload();
    const table = page.getByTestId('element-table');
    await expect(table.getByTestId('next-check').first()).not.toHaveText('N/A');
    await waitSettled(page);
    await expectInView(table.getByRole('columnheader', { name: 'Next check' }));
    for (const cell of await table.getByTestId('next-check').all()) await expectInView(cell, 'x');
  } finally {
    // The other specs see the demo without a schedule, as it was seeded.
    await callAsBrowser(page, '/api/v1/emergency/schedule/delete', { scheduleId: schedule.id });
  }
});

test('at 1280 px home shows each project’s emergency lighting and last 30 days without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.email, DEMO.password);
  const table = page.getByTestId('home-projects');
  const demo = table.locator('tr.ant-table-row', { hasText: DEMO_NETWORK.name });
  const trend = demo.getByRole('img', { name: 'Energy per day over the last 30 days' });
  await expect(trend).toBeVisible();
  const emergency = demo.locator('[data-testid^="home-emergency-"]').first();
  await expect(emergency).toBeVisible();
  await waitSettled(page);
  for (const name of ['Emergency lighting', 'Last 30 days']) {
    await expectInView(table.getByRole('columnheader', { name }));
  }
  // Across: the demo's project may sit below other projects of the demo account.
  await expectInView(emergency, 'x');
  await expectInView(trend, 'x');
});

test('at 1280×800 the lobby dashboard fits its screen: nothing scrolls and nothing is cut off', async ({
  page,
  browser,
}) => {
  const nid = await openDemoNetwork(page, '/home/network', page.getByTestId('network-overview'));
  const display = await callAsBrowser<{ id: number; key: string }>(page, '/api/v1/network/display/add', {
    nid,
    name: 'Lobby 1280',
  });
  const lobby = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const screen = await lobby.newPage();
    await screen.goto(`/screen/index?id=${nid}#key=${display.key}`);
    const dashboard = screen.getByTestId('screen');
    await expect(screen.getByTestId('screen-live')).toHaveAttribute('data-status', 'open');
    for (const zone of DEMO_ZONES) await expect(dashboard).toContainText(zone.name);
    await expect(screen.getByTestId('screen-emergency-overdue')).toBeVisible();
    await waitSettled(screen);
    expect(await scrollingParts(screen)).toEqual([]);
    const parts = dashboard.locator('header, .lw-screen-tile, .lw-screen-zone');
    expect(await parts.count()).toBeGreaterThan(DEMO_ZONES.length + 10);
    for (const part of await parts.all()) {
      expect(await hiddenParts(part)).toEqual([]);
      // Its text stays inside it (a figure wider than its tile would spill over the next one).
      expect(await part.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
    }
  } finally {
    await lobby.close();
    await callAsBrowser(page, '/api/v1/network/display/revoke', { id: display.id });
  }
});

test('at 1280 px a heat map’s week fits the page, day labels and all', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.email, DEMO.password);
  for (const path of ['/home/heat/power/zone', '/home/heat/sensor/zone', '/home/power/device', '/home/sensor/device']) {
    await page.goto(path);
    await expect(page.getByTestId('heat-page'), path).toContainText(DEMO_NETWORK.name);
    const matrix = page.getByTestId('heat-matrix');
    await expect(matrix.locator('canvas').first()).toBeVisible();
    await waitSettled(page);
    expect(await hiddenParts(matrix, 'x'), path).toEqual([]);
  }
});
