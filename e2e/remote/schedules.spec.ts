import { randomBytes } from 'node:crypto';
import type { Schedule } from '@lightwell/domain';
import { expect, type Page, test } from '@playwright/test';
import { callAsBrowser } from '../support/api.ts';
import { openDemo } from '../support/live-plan.ts';
import { pickOption } from '../support/select.ts';
import { DEMO_DEVICES, expectLight } from '../support/simulator.ts';

test('a schedule made in the form is stored with the masks of section 3', async ({ page }) => {
  const name = `E2E weekdays ${randomBytes(3).toString('hex')}`;
  await openDemo(page, '/remote/scene', false);

  const panel = page.getByTestId('schedule-panel');
  // The card's own button (an empty list offers a second one).
  await panel.locator('.ant-card-head').getByRole('button', { name: 'New schedule' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  // Weekdays only, and not in December.
  await dialog.getByRole('checkbox', { name: 'Sat' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Sun' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Dec' }).uncheck();
  await expect(dialog.getByTestId('schedule-sentence')).toHaveText('Mon–Fri in Jan–Nov at 18:00');
  // The stored fields are there for installers, behind a disclosure.
  await dialog.getByText('Stored as (for installers)').click();
  await expect(dialog.getByTestId('schedule-encoded')).toContainText('month 2047');
  await expect(dialog.getByTestId('schedule-encoded')).toContainText('dayOfWeek 31');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = panel.getByRole('row').filter({ hasText: name });
  await expect(row.getByTestId('schedule-row-sentence')).toHaveText('Mon–Fri in Jan–Nov at 18:00');
  await expect(row).not.toContainText('dayOfWeek');

  const nid = await page.evaluate(() => Number(localStorage.getItem('currentNid')));
  const stored = await callAsBrowser<{ list: Schedule[] }>(page, '/api/v1/schedule/list', { nid });
  const schedule = stored.list.find((s) => s.name === name);
  expect(schedule).toMatchObject({
    kind: 'schedule',
    year: 100,
    month: 2047,
    day: 0,
    dayOfWeek: 31,
    hour: 18,
    minute: 0,
    second: 0,
    targetKind: 'network',
    action: { op: 'light', onOff: 0 },
  });
  expect(schedule?.nextRun).toEqual(expect.any(Number));
  expect(schedule?.nextRuns).toHaveLength(3);

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(panel.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('lights switched by hand show as a manual override of the schedule until a member resumes it', async ({
  page,
}) => {
  const name = `E2E override ${randomBytes(3).toString('hex')}`;
  const storageLight = DEMO_DEVICES.find((d) => d.zone === 'Storage' && d.model === 'LW-DL-DT6')!;
  await openDemo(page, '/remote/network', false);

  const panel = page.getByTestId('schedule-panel');
  // The card's own button (an empty list offers a second one).
  await panel.locator('.ant-card-head').getByRole('button', { name: 'New schedule' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await pickOption(page, dialog.getByRole('combobox', { name: 'Manual override ends' }), 'Countdown');
  await expect(dialog.getByLabel('Minutes')).toHaveValue('15');
  await dialog.getByLabel('Minutes').fill('20');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = panel.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('—');
  const nid = await page.evaluate(() => Number(localStorage.getItem('currentNid')));
  const stored = await callAsBrowser<{ list: Schedule[] }>(page, '/api/v1/schedule/list', { nid });
  expect(stored.list.find((s) => s.name === name)).toMatchObject({ overrideEnd: 'countdown', overrideValue: 1200 });

  // Switch the storage room on by hand from the zone page.
  await page.goto('/remote/area');
  const zone = page.getByRole('row', { name: /Storage/ });
  await zone.getByRole('button', { name: 'Switch Storage on' }).click();
  await expectLight(storageLight.mac, { onOff: 1 });
  await expect(page.getByTestId('task-tally')).toHaveText(/^\d+ executed$/);

  await page.goto('/remote/network');
  await expect(row.getByTestId('schedule-override')).toContainText(/\d+ devices? switched by hand, until \d/);
  await row.getByRole('button', { name: 'Resume schedule' }).click();
  await expect(page.getByText(/handed back to the schedules?\./)).toBeVisible();
  await expect(row.getByTestId('schedule-override')).toHaveCount(0);

  await page.goto('/remote/area');
  await zone.getByRole('button', { name: 'Switch Storage off' }).click();
  await expectLight(storageLight.mac, { onOff: 0 });
  await page.goto('/remote/network');
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(row).toHaveCount(0);
});

test.describe('a user in New York and a network in London', () => {
  test.use({ timezoneId: 'America/New_York' });

  /** Sets the demo network's time zone through the location form of the schedule panel. */
  async function setNetworkZone(page: Page, timeZone: string) {
    const panel = page.getByTestId('schedule-panel');
    const zone = panel.getByRole('combobox', { name: 'Time zone' });
    await zone.click();
    await zone.fill(timeZone);
    await page.locator('.ant-select-dropdown:visible').getByTitle(timeZone, { exact: true }).click();
    await panel.getByRole('button', { name: 'Save location' }).click();
    const nid = await page.evaluate(() => Number(localStorage.getItem('currentNid')));
    const zoneOf = async () =>
      (await callAsBrowser<{ location: { timeZone: string } }>(page, '/api/v1/schedule/list', { nid })).location
        .timeZone;
    await expect.poll(zoneOf).toBe(timeZone);
  }

  test("sees a timer's next runs in London time with the zone's abbreviation, to the minute", async ({ page }) => {
    const name = `E2E London ${randomBytes(3).toString('hex')}`;
    await openDemo(page, '/remote/network', false);
    const nid = await page.evaluate(() => Number(localStorage.getItem('currentNid')));
    const before = await callAsBrowser<{ location: { timeZone: string } }>(page, '/api/v1/schedule/list', { nid });
    await setNetworkZone(page, 'Europe/London');

    const panel = page.getByTestId('schedule-panel');
    await panel.locator('.ant-card-head').getByRole('button', { name: 'New schedule' }).click();
    // Titled once, without repeating the kind.
    const dialog = page.getByRole('dialog', { name: 'New schedule', exact: true });
    await dialog.getByLabel('Name').fill(name);
    await expect(dialog.getByTestId('schedule-sentence')).toHaveText('every day at 18:00');
    await dialog.getByRole('button', { name: 'Save' }).click();

    const row = panel.getByRole('row').filter({ hasText: name });
    await expect(row.getByTestId('schedule-row-sentence')).toHaveText('every day at 18:00');
    // 18:00 in London (GMT in winter, BST in summer), not the browser's New York time, and no seconds.
    const runs = row.getByTestId('schedule-next-runs').locator('div');
    await expect(runs).toHaveCount(3);
    for (const run of await runs.all()) await expect(run).toHaveText(/^\d\d\/\d\d\/\d{4} 18:00 (GMT|BST)$/);

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
    await expect(row).toHaveCount(0);
    await setNetworkZone(page, before.location.timeZone);
  });
});
