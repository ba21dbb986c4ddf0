import { expect, type Page, test } from '@playwright/test';
import { stageInfo, toScreen } from '../support/floor-plan.ts';
import { DEMO, signIn } from '../support/session.ts';
import { DEMO_DEVICES, DEMO_SCENES, DEMO_ZONES, expectLight } from '../support/simulator.ts';

/** The live state each plan node is drawn with, by node name (read from the Konva stage). */
async function planStates(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    type Shape = { getAttr(name: string): unknown };
    type Stage = { id(): string; findOne(selector: string): Shape | undefined };
    const stages = (window as unknown as { Konva?: { stages: Stage[] } }).Konva?.stages ?? [];
    const nodes = (stages
      .find((s) => s.id() === 'floor-plan')
      ?.findOne('#nodes')
      ?.getAttr('nodes') ?? []) as {
      name: string;
      live: string;
    }[];
    return Object.fromEntries(nodes.map((node) => [node.name, node.live]));
  });
}

/** Waits until the plan draws every named device in `state`. */
async function expectPlan(page: Page, names: string[], state: string) {
  await expect
    .poll(async () => {
      const states = await planStates(page);
      return names.map((name) => states[name]);
    })
    .toEqual(names.map(() => state));
}

/** Signs in as the demo user and opens the plan of the demo network, live, zoomed to show it all. */
async function openDemoPlan(page: Page) {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/remote/index');
  // The demo user's default project and its first network become current on their own.
  await expect(page.getByTestId('breadcrumb-project')).toHaveText('Demo office building');
  await expect(page.getByTestId('breadcrumb-network')).toHaveText('Demo office');
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open');
  await expect.poll(async () => Object.keys(await planStates(page)).length).toBe(DEMO_DEVICES.length);
  await page.getByTestId('floor-plan-reset').click();
  for (let step = 0; step < 4; step++) await page.getByTestId('floor-plan-zoom-out').click();
  await expect.poll(async () => (await stageInfo(page)).zoom).toBe(0.5);
}

/** Clicks an empty corner of a demo zone, which selects the zone for control. */
async function selectZone(page: Page, name: string) {
  const zone = DEMO_ZONES.find((z) => z.name === name)!;
  const at = await toScreen(page, { x: zone.rect.x + 12, y: zone.rect.y + 10 });
  await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('control-panel')).toContainText(`Zone ${name}`);
}

const corridorLights = DEMO_DEVICES.filter((d) => d.zone === 'Corridor' && d.model === 'LW-DL-DT6');

test('switching a zone off on the plan turns the simulated luminaires off and the plan shows it', async ({ page }) => {
  await openDemoPlan(page);
  await selectZone(page, 'Corridor');
  const panel = page.getByTestId('control-panel');

  await panel.getByRole('button', { name: 'Off', exact: true }).click();
  for (const light of corridorLights) await expectLight(light.mac, { onOff: 0 });
  await expectPlan(
    page,
    corridorLights.map((light) => light.label),
    'off',
  );
  await expect(panel.getByTestId('task-progress')).toContainText('Executed');
  await expect(panel.getByTestId('task-tally')).toHaveText(/^\d+ executed$/);

  await panel.getByRole('button', { name: 'On', exact: true }).click();
  for (const light of corridorLights) await expectLight(light.mac, { onOff: 1 });
  await expectPlan(
    page,
    corridorLights.map((light) => light.label),
    'on',
  );
});

test('recalling a scene sets its luminaires as stored and the plan follows', async ({ page }) => {
  const scene = DEMO_SCENES.find((s) => s.name === 'Presentation')!;
  const lights = DEMO_DEVICES.filter((d) => scene.zones.includes(d.zone) && d.model === 'LW-PL-DT8');
  await openDemoPlan(page);
  await selectZone(page, 'Meeting room');
  await page.getByTestId('control-panel').getByRole('button', { name: 'Off', exact: true }).click();
  for (const light of lights) await expectLight(light.mac, { onOff: 0 });
  await expectPlan(
    page,
    lights.map((light) => light.label),
    'off',
  );

  await page.getByRole('button', { name: `Recall scene ${scene.name}` }).click();
  for (const light of lights) {
    await expectLight(light.mac, { onOff: 1, lightness: scene.lightness, cct: scene.cct });
  }
  await expectPlan(
    page,
    lights.map((light) => light.label),
    'on',
  );
  await expect(page.getByTestId('control-panel').getByTestId('task-progress')).toContainText('Executed');
});

test('zone control switches a zone from its row; the network page lists the task; the project page its networks', async ({
  page,
}) => {
  const storageLight = DEMO_DEVICES.find((d) => d.zone === 'Storage' && d.model === 'LW-DL-DT6')!;
  const storageDevices = DEMO_DEVICES.filter((d) => d.zone === 'Storage').length;
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/remote/area');
  // The demo user's default project and its first network become current on their own.
  await expect(page.getByTestId('breadcrumb-project')).toHaveText('Demo office building');
  await expect(page.getByTestId('breadcrumb-network')).toHaveText('Demo office');
  const row = page.getByRole('row', { name: /Storage/ });
  await expect(row).toContainText(`${storageDevices} devices`);

  await row.getByRole('button', { name: 'Switch Storage on' }).click();
  await expectLight(storageLight.mac, { onOff: 1 });
  await expect(row).toContainText('1 lit');
  await expect(page.getByTestId('task-tally')).toHaveText(/^\d+ executed$/);
  await row.getByRole('button', { name: 'Switch Storage off' }).click();
  await expectLight(storageLight.mac, { onOff: 0 });
  await expect(row).toContainText('0 lit');

  await page.goto('/remote/network');
  await expect(page.getByRole('row', { name: /Zone.*Executed/ }).first()).toBeVisible();
  await expect(page.getByTestId('schedule-panel')).toBeVisible();

  await page.goto('/remote/project');
  await expect(page.getByText('Networks of Demo office building')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Switch Demo office on' })).toBeVisible();
});
