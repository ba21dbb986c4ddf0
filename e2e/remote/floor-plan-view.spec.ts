import { expect, type Page, test } from '@playwright/test';
import { buildPng } from '../../apps/server/test/support/images.ts';
import { dragOnPlan, stageInfo } from '../support/floor-plan.ts';
import { PASSWORD, registerThroughUi, signIn } from '../support/session.ts';

const PLAN = { width: 1200, height: 800 };

/** Whether the whole plan image lies inside the map area, at the largest zoom step that leaves 16 px around it. */
async function isFitted(page: Page): Promise<boolean> {
  const box = (await page.getByTestId('floor-plan-canvas').boundingBox())!;
  const { x, y, zoom, image } = await stageInfo(page);
  const inside = x >= 0 && y >= 0 && x + PLAN.width * zoom <= box.width && y + PLAN.height * zoom <= box.height;
  const next = zoom + 0.125;
  const largest = PLAN.width * next + 32 > box.width || PLAN.height * next + 32 > box.height;
  return image && inside && largest;
}

const view = async (page: Page) => {
  const { x, y, zoom } = await stageInfo(page);
  return { x, y, zoom };
};

/** Registers a new user with one network whose floor plan is a 1200 × 800 picture; that network is the current one. */
async function newUserWithPlan(page: Page) {
  const user = await registerThroughUi(page);
  await signIn(page, user.email, PASSWORD);
  await page.goto('/project/network/index');
  await page.getByTestId('network-create').click();
  const dialog = page.getByRole('dialog', { name: 'New network' });
  await dialog.getByLabel('Network name').fill('View test');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page
    .getByTestId('network-table')
    .getByRole('row', { name: /View test/ })
    .getByRole('button', { name: 'Zones' })
    .click();
  await expect(page).toHaveURL(/\/project\/network\/zone/);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: buildPng(PLAN.width, PLAN.height) });
  await expect(page.getByText('Floor plan uploaded.')).toBeVisible();
  await expect.poll(async () => (await stageInfo(page)).image).toBe(true);
}

test('the plan opens fitted when no view is saved, and the user finds their own view again on return', async ({
  page,
}) => {
  await newUserWithPlan(page);
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/zone/view/save')) saves.push(request.postData() ?? '');
  });

  // No saved view: the whole plan in the map area, not zoom 1 at (100, 210).
  await page.goto('/remote/index');
  await expect.poll(() => isFitted(page)).toBe(true);
  expect(saves, 'opening the plan saves nothing').toEqual([]);

  // The zoom buttons stay where they are while the percentage changes.
  const zoomIn = page.getByTestId('floor-plan-zoom-in');
  const before = (await zoomIn.boundingBox())!;
  const fitted = await view(page);
  await zoomIn.click();
  await expect(page.getByTestId('floor-plan-zoom')).toHaveText(`Zoom ${(fitted.zoom + 0.125) * 100}%`);
  await zoomIn.click();
  await expect(page.getByTestId('floor-plan-zoom')).toHaveText(`Zoom ${(fitted.zoom + 0.25) * 100}%`);
  expect((await zoomIn.boundingBox())!.x).toBe(before.x);

  // Pan, and wait until the view the user is looking at has been saved.
  await dragOnPlan(page, { x: 600, y: 400 }, { x: 450, y: 300 });
  const left = await view(page);
  expect(left.zoom).toBe(fitted.zoom + 0.25);
  await expect.poll(() => saves.at(-1) ?? '').toContain(`"imgX":${left.x}`);
  await expect.poll(() => saves.at(-1) ?? '').toContain(`"imgY":${left.y}`);

  // Leave through the menu and come back: the same view.
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByRole('menuitem', { name: 'Devices', exact: true }).click();
  await expect(page).toHaveURL(/\/remote\/device$/);
  await sidebar.getByRole('menuitem', { name: 'Plan', exact: true }).click();
  await expect.poll(() => view(page)).toEqual(left);

  // A new visit (reload) and the zones page of the same network show it too: one view per user and network.
  await page.reload();
  await expect.poll(() => view(page)).toEqual(left);
  await page.goto('/project/network/zone');
  await expect.poll(() => view(page)).toEqual(left);

  // "Fit" shows the whole plan again.
  await page.getByTestId('floor-plan-fit').click();
  await expect.poll(() => isFitted(page)).toBe(true);
});
