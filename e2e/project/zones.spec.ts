import type { Scene, Schedule } from '@lightwell/domain';
import { expect, type Request, test } from '@playwright/test';
import { buildPng } from '../../apps/server/test/support/images.ts';
import { callAsBrowser } from '../support/api.ts';
import { dragOnPlan, expectZoneNames, stageInfo, toScreen } from '../support/floor-plan.ts';
import { PASSWORD, registerThroughUi, signIn } from '../support/session.ts';

test('an installer uploads a floor plan, draws zones, zooms, and finds the view kept after reload', async ({
  page,
}) => {
  // One long walk: plan, zones, zoom, then a backup of the whole configuration and its restore.
  test.setTimeout(240_000);
  const user = await registerThroughUi(page);
  await signIn(page, user.email, PASSWORD);
  await page.goto('/project/network/index');
  await page.getByTestId('network-create').click();
  const dialog = page.getByRole('dialog', { name: 'New network' });
  await dialog.getByLabel('Network name').fill('Plan test');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page
    .getByTestId('network-table')
    .getByRole('row', { name: /Plan test/ })
    .getByRole('button', { name: 'Zones' })
    .click();
  await expect(page).toHaveURL(/\/project\/network\/zone/);
  await expect(page.getByTestId('floor-plan-canvas')).toBeVisible();

  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: buildPng(800, 600) });
  await expect(page.getByText('Floor plan uploaded.')).toBeVisible();
  await expect.poll(async () => (await stageInfo(page)).image).toBe(true);
  await page.getByTestId('floor-plan-reset').click();

  await page.getByTestId('zone-edit-toggle').click();
  await page.getByTestId('floor-plan-tool-rectangle').click();
  await dragOnPlan(page, { x: 50, y: 50 }, { x: 250, y: 200 });
  await page.getByTestId('name-dialog-input').fill('Office A');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expectZoneNames(page, ['Office A']);
  const [rectangle] = (await stageInfo(page)).zones;
  expect(rectangle!.points).toHaveLength(8);

  await page.getByTestId('floor-plan-tool-polygon').click();
  const corners = [
    { x: 320, y: 120 },
    { x: 480, y: 130 },
    { x: 450, y: 260 },
    { x: 330, y: 240 },
  ];
  for (const corner of [...corners, corners[0]!]) {
    const at = await toScreen(page, corner);
    await page.mouse.click(at.x, at.y);
  }
  await page.getByTestId('name-dialog-input').fill('Corridor');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expectZoneNames(page, ['Corridor', 'Office A']);

  await page.getByTestId('floor-plan-tool-select').click();
  const name = (await stageInfo(page)).names.find((n) => n.text === 'Office A')!;
  await dragOnPlan(page, name, { x: name.x + 60, y: name.y + 120 });
  await expect
    .poll(async () => (await stageInfo(page)).names.find((n) => n.text === 'Office A')!.y)
    .toBeGreaterThan(name.y + 100);

  const viewSave = (zoom: number) => (r: Request) =>
    r.url().endsWith('/api/v1/zone/view/save') && (r.postData() ?? '').includes(`"zoom":${zoom}`);
  // Each button step is saved at once, in order: once 1.25 is sent, the first step's 1.125 is out too.
  const savedStep = page.waitForRequest(viewSave(1.25));
  await page.getByTestId('floor-plan-zoom-in').click();
  await page.getByTestId('floor-plan-zoom-in').click();
  await (await savedStep).response();
  const savedWheel = page.waitForRequest(viewSave(1.125));
  const box = (await page.getByTestId('floor-plan-canvas').boundingBox())!;
  await page.mouse.move(box.x + 300, box.y + 200);
  await page.mouse.wheel(0, 100);
  await expect(page.getByTestId('floor-plan-zoom')).toContainText('112.5%');
  const before = await stageInfo(page);
  await (await savedWheel).response();

  await page.reload();
  await expect.poll(async () => (await stageInfo(page)).zoom).toBe(before.zoom);
  const after = await stageInfo(page);
  expect([after.x, after.y]).toEqual([before.x, before.y]);
  await expectZoneNames(page, ['Corridor', 'Office A']);
  expect(after.names.find((n) => n.text === 'Office A')!.y).toBeCloseTo(
    before.names.find((n) => n.text === 'Office A')!.y,
    0,
  );

  // Fit shows the whole 800 × 600 plan centred, at the largest zoom step that leaves a 16 px margin.
  await page.getByTestId('floor-plan-fit').click();
  const canvas = (await page.getByTestId('floor-plan-canvas').boundingBox())!;
  const fitted = await stageInfo(page);
  const fits = (zoom: number) => 800 * zoom + 32 <= canvas.width && 600 * zoom + 32 <= canvas.height;
  expect(fitted.zoom % 0.125).toBe(0);
  expect(fits(fitted.zoom)).toBe(true);
  expect(fits(fitted.zoom + 0.125)).toBe(false);
  expect(fitted.x).toBeCloseTo((canvas.width - 800 * fitted.zoom) / 2, -0.5);
  expect(fitted.y).toBeCloseTo((canvas.height - 600 * fitted.zoom) / 2, -0.5);

  // A scene at 60 % and a schedule, made through the API: the backup holds them too.
  const nid = await page.evaluate(() => Number(localStorage.getItem('currentNid')));
  const scene = await callAsBrowser<Scene>(page, '/api/v1/scene/add', {
    nid,
    name: 'Meeting',
    type: 'generic',
    params: { dimmingLevel: 60 },
  });
  const evening = {
    nid,
    name: 'Evening',
    targetKind: 'scene',
    targetId: scene.id,
    action: { op: 'scene' },
    hour: 18,
    minute: 30,
  };
  const schedule = await callAsBrowser<Schedule>(page, '/api/v1/schedule/add', evening);

  await page.getByTestId('zone-backups').click();
  await page.getByTestId('backup-name').fill('Before change');
  await page.getByTestId('backup-add').click();
  // The backup is taken when its row is in the list (the toast that says so is gone after 2 s).
  const backupRow = page.getByTestId('backup-table').getByRole('row', { name: /Before change/ });
  await expect(backupRow).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('backup-drawer')).toBeHidden();

  await page.getByTestId('zone-edit-toggle').click();
  const zone =
    (await stageInfo(page)).zones.find((z) => z.id === `zone-${rectangle!.id.replace('zone-', '')}`) ?? rectangle!;
  const inside = await toScreen(page, {
    x: (zone.points[0]! + zone.points[4]!) / 2,
    y: (zone.points[1]! + zone.points[5]!) / 2,
  });
  await page.mouse.click(inside.x, inside.y);
  await page.getByTestId('zone-panel-name').fill('Office renamed');
  await page.getByTestId('zone-panel-save').click();
  await expectZoneNames(page, ['Corridor', 'Office renamed']);

  // The scene goes down to 20 % and the schedule is deleted.
  await callAsBrowser(page, '/api/v1/scene/update', { sceneId: scene.id, params: { dimmingLevel: 20 } });
  await callAsBrowser(page, '/api/v1/schedule/delete', { scheduleId: schedule.id });

  await page.getByTestId('zone-backups').click();
  await backupRow.getByRole('button', { name: 'View' }).click();
  const view = page.getByTestId('backup-view');
  await expect(view.getByTestId('backup-part-scenes')).toContainText('Scenes: 4');
  await expect(view.getByTestId('backup-part-schedules')).toContainText('Schedules: 1');
  await expect(view.getByTestId('backup-diff')).toContainText('name');
  await expect(view.getByTestId('backup-diff')).toContainText('Scene Meeting changed: params');
  await expect(view.getByTestId('backup-diff')).toContainText('Schedule Evening is gone; a restore brings it back.');
  await expect(view.getByTestId('backup-warnings')).toHaveCount(0);
  await view.getByTestId('backup-view-restore').click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Restore this backup' });
  await confirm.getByRole('button', { name: 'Restore' }).click();
  // Restored is what the user waits for: the view closes and the plan shows the zone's old name again.
  await expect(view).toBeHidden();
  await expectZoneNames(page, ['Corridor', 'Office A']);
  // The scene is at 60 % again and the schedule is back, with its scene.
  const scenes = await callAsBrowser<Scene[]>(page, '/api/v1/scene/list', { nid });
  expect(scenes.find((s) => s.id === scene.id)?.params).toMatchObject({ dimmingLevel: 60 });
  const schedules = await callAsBrowser<{ list: Schedule[] }>(page, '/api/v1/schedule/list', { nid });
  expect(schedules.list).toEqual([expect.objectContaining({ id: schedule.id, name: 'Evening', targetId: scene.id })]);
  // The drawer is still open: viewing the backup again shows no difference left.
  await backupRow.getByRole('button', { name: 'View' }).click();
  await expect(view.getByText('The network is the same as in this backup.')).toBeVisible();
});
