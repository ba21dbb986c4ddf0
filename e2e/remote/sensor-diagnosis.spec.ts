import type { DiagnosisDetail, DiagnosisTask } from '@lightwell/domain';
import { expect, test } from '@playwright/test';
import { callAsBrowser } from '../support/api.ts';
import { openDemo } from '../support/live-plan.ts';
import { DEMO_DEVICES, triggerSensor } from '../support/simulator.ts';
import { watchToast } from '../support/toast.ts';

const chatty = DEMO_DEVICES.find((device) => device.model === 'LW-PIR-360')!;

test('a diagnosis task for the next minutes executes, counts the triggers and flags a chattering sensor', async ({
  page,
}) => {
  // The task starts at the next whole minute and runs one minute; the server moves it every 5 s.
  test.setTimeout(240_000);
  await openDemo(page, '/remote/sensor', false);
  const panel = page.getByTestId('diagnosis-panel');
  await panel.getByRole('button', { name: 'New diagnosis' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('New sensor trigger diagnosis')).toBeVisible();
  await dialog.getByRole('button', { name: 'Start + 1 min' }).click();
  await dialog.getByLabel('Interval').fill('10');
  const added = page.waitForResponse((response) => response.url().endsWith('/api/v1/sensor/diagnosis/add'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  const task = ((await (await added).json()) as { code: number; data: DiagnosisTask }).data;
  expect(task).toMatchObject({ interval: 10, allSensors: true, endTime: task.startTime + 60 });
  expect(task.startTime % 60).toBe(0);

  // Newest first: the task just made heads the list, waiting until its start.
  const row = panel.locator('tr.ant-table-row').first();
  await expect(row.getByTestId('diagnosis-state')).toHaveText(/Waiting for execution|Executing/);
  await expect(row.getByTestId('diagnosis-state')).toHaveText('Executing', { timeout: 90_000 });

  // A sensor that chatters: ten triggers at once while the task runs.
  expect((await triggerSensor(chatty.mac, 10)).triggered).toBe(true);
  await expect(row.getByTestId('diagnosis-state')).toHaveText('Executed', { timeout: 90_000 });

  await row.getByRole('button', { name: 'Results' }).click();
  const drawer = page.getByTestId('diagnosis-drawer');
  await expect(drawer.getByTestId('diagnosis-drawer-state')).toHaveText('Executed');
  const sensor = drawer.locator(`[data-sensor="${chatty.mac}"]`);
  await expect(sensor.getByText('Chattering', { exact: true })).toBeVisible();
  await expect(sensor.getByTestId('diagnosis-sensor-total')).toHaveText(/Triggers: \d+/);
  await expect(sensor.getByTestId('diagnosis-bars').locator('div')).toHaveCount(6);

  const detail = await callAsBrowser<DiagnosisDetail>(page, '/api/v1/sensor/diagnosis/get', { taskId: task.id });
  const result = detail.sensors.find((s) => s.mac === chatty.mac)!;
  expect(result.chattering).toBe(true);
  expect(result.total).toBeGreaterThanOrEqual(10);
  expect(result.peakPerMinute).toBeGreaterThan(detail.chatterPerMinute);
  // Every other sensor is either flagged as never triggered or has triggers of its own.
  for (const other of detail.sensors) expect(other.neverTriggered).toBe(other.total === 0);

  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: 'Delete' }).click();
  const deleted = await watchToast(page, 'Diagnosis task deleted');
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await deleted.shown();
});
