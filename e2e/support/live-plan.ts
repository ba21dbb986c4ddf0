import { expect, type Locator, type Page } from '@playwright/test';
import { stageInfo, toScreen } from './floor-plan.ts';
import { DEMO, signIn } from './session.ts';
import { DEMO_DEVICES, DEMO_ZONES, lightOf } from './simulator.ts';

/** The demo's luminaires (the devices light commands reach): downlights, DT8 panels and D4i battens. */
export const DEMO_LUMINAIRES = DEMO_DEVICES.filter((d) => ['LW-DL-DT6', 'LW-PL-DT8', 'LW-LB-D4I'].includes(d.model));

/** A plan node as the live plan draws it: its device's reported state and light output, and its position. */
export interface LiveNode {
  name: string;
  live: string;
  output: number;
  positionX: number;
  positionY: number;
}

/** Every node of the live plan, read from the Konva stage (STYLE 14). */
export async function planNodes(page: Page): Promise<LiveNode[]> {
  return page.evaluate(() => {
    type Shape = { getAttr(name: string): unknown };
    type Stage = { id(): string; findOne(selector: string): Shape | undefined };
    const stages = (window as unknown as { Konva?: { stages: Stage[] } }).Konva?.stages ?? [];
    const nodes = (stages
      .find((s) => s.id() === 'floor-plan')
      ?.findOne('#nodes')
      ?.getAttr('nodes') ?? []) as LiveNode[];
    return nodes.map(({ name, live, output, positionX, positionY }) => ({ name, live, output, positionX, positionY }));
  });
}

/** Waits until the plan draws every named device in `state`. */
export async function expectPlan(page: Page, names: string[], state: string) {
  await expect
    .poll(async () => {
      const nodes = await planNodes(page);
      return names.map((name) => nodes.find((node) => node.name === name)?.live);
    })
    .toEqual(names.map(() => state));
}

/** Signs in as the demo user, opens `path` and makes the demo network the current one (live, unless `live` is false). */
export async function openDemo(page: Page, path: string, live = true) {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto(path);
  // The demo user's default project and its first network become current on their own (no hover menu,
  // whose dropdown may close while the page is still laying out).
  await expect(page.getByTestId('breadcrumb-project')).toHaveText('Demo office building');
  await expect(page.getByTestId('breadcrumb-network')).toHaveText('Demo office');
  if (live) await expect(page.getByTestId('live-status').first()).toHaveAttribute('data-status', 'open');
}

/** Opens the plan of the demo network (signed in already when `signedIn`), fitted to show it all. */
export async function openDemoPlan(page: Page, signedIn = false) {
  if (signedIn) await page.goto('/remote/index');
  else await openDemo(page, '/remote/index');
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open');
  await expect.poll(async () => (await planNodes(page)).length).toBe(DEMO_DEVICES.length);
  await page.getByTestId('floor-plan-fit').click();
  await expect.poll(() => allNodesInView(page)).toBe(true);
}

/** Whether every node of the plan lies inside the visible map area. */
async function allNodesInView(page: Page): Promise<boolean> {
  const box = (await page.getByTestId('floor-plan-canvas').boundingBox())!;
  const stage = await stageInfo(page);
  return (await planNodes(page)).every((node) => {
    const x = stage.x + node.positionX * stage.zoom;
    const y = stage.y + node.positionY * stage.zoom;
    return x > 0 && y > 0 && x < box.width && y < box.height;
  });
}

/** Clicks an empty corner of a demo zone, which selects the zone for control. */
export async function selectZone(page: Page, name: string) {
  const zone = DEMO_ZONES.find((z) => z.name === name)!;
  const at = await toScreen(page, { x: zone.rect.x + 12, y: zone.rect.y + 10 });
  await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('control-panel')).toContainText(`Zone ${name}`);
}

/** Clicks a device's icon on the plan, which selects the device for control. */
export async function selectNode(page: Page, label: string) {
  const node = (await planNodes(page)).find((n) => n.name === label);
  if (!node) throw new Error(`no plan node ${label}`);
  const at = await toScreen(page, { x: node.positionX, y: node.positionY });
  await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('control-panel')).toContainText(`Device ${label}`);
}

/**
 * Does what `act` clicks and waits for the console's answer to the light command it sends: a task
 * (code 0), not a refusal. Answers the task's id.
 */
export async function sendLight(page: Page, act: () => Promise<void>, path = '/api/v1/control/light') {
  const answered = page.waitForResponse((r) => r.url().endsWith(path));
  await act();
  const body = (await (await answered).json()) as { code: number; data: { id: number } };
  expect(body.code, 'the console took the command').toBe(0);
  return body.data.id;
}

/** Moves an antd slider to `value` with one click on its rail, as a person would, and waits for the handle there. */
export async function clickSlider(page: Page, handle: Locator, value: number) {
  const min = Number(await handle.getAttribute('aria-valuemin'));
  const max = Number(await handle.getAttribute('aria-valuemax'));
  const rail = handle.locator('xpath=ancestor::div[contains(@class, "ant-slider")][1]').locator('.ant-slider-rail');
  const box = (await rail.boundingBox())!;
  await page.mouse.click(box.x + ((value - min) / (max - min)) * box.width, box.y + box.height / 2);
  await expect(handle).toHaveAttribute('aria-valuenow', String(value));
}

type Light = Awaited<ReturnType<typeof lightOf>>;

/** What the simulator's luminaires do now, by MAC. */
export async function luminaireStates(devices = DEMO_LUMINAIRES): Promise<Map<string, Light>> {
  return new Map(await Promise.all(devices.map(async (d) => [d.mac, await lightOf(d.mac)] as const)));
}

const sameLight = (now: Light, was: Light) =>
  now.onOff === was.onOff && (was.onOff === 0 || (now.lightness === was.lightness && now.cct === was.cct));

/**
 * Puts the luminaires back as `before` recorded them, through the plan's device panel (off; or on, level and
 * colour temperature), and checks every one of them in the simulator. Leaves the shared demo as it was found.
 */
export async function restoreLuminaires(page: Page, before: Map<string, Light>) {
  const devices = DEMO_LUMINAIRES.filter((d) => before.has(d.mac));
  const differing = async () => {
    const now = await luminaireStates(devices);
    return devices
      .filter((d) => !sameLight(now.get(d.mac)!, before.get(d.mac)!))
      .map((device) => ({ device, now: now.get(device.mac)! }));
  };
  let changed = await differing();
  if (changed.length > 0 && !page.url().endsWith('/remote/index')) await openDemoPlan(page, true);
  const panel = page.getByTestId('control-panel');
  // Many lit luminaires switched off (a whole-network test): "All on" brings each back to its last level at once.
  const relit = changed.filter(({ device, now }) => now.onOff === 0 && before.get(device.mac)!.onOff === 1);
  if (devices.length === DEMO_LUMINAIRES.length && relit.length > 1) {
    await sendLight(page, () =>
      page.getByTestId('plan-page').getByRole('button', { name: 'All on', exact: true }).click(),
    );
    for (const { device } of relit) await settle(page, device.mac, { onOff: 1 });
    changed = await differing();
  }
  for (const { device, now } of changed) {
    const was = before.get(device.mac)!;
    await selectNode(page, device.label);
    if (was.onOff === 0) {
      await sendLight(page, () => panel.getByRole('button', { name: 'Off', exact: true }).click());
      await settle(page, device.mac, { onOff: 0 });
      continue;
    }
    if (now.onOff === 0) {
      await sendLight(page, () => panel.getByRole('button', { name: 'On', exact: true }).click());
      await settle(page, device.mac, { onOff: 1 });
    }
    if ((await lightOf(device.mac)).lightness !== was.lightness) {
      const dimmer = panel.getByRole('slider', { name: 'Dimming level' });
      await sendLight(page, () => clickSlider(page, dimmer, was.lightness));
      await settle(page, device.mac, { lightness: was.lightness });
    }
    if (was.cct !== undefined && (await lightOf(device.mac)).cct !== was.cct) {
      const cct = panel.getByRole('slider', { name: 'Colour temperature' });
      await sendLight(page, () => clickSlider(page, cct, was.cct!));
      await settle(page, device.mac, { cct: was.cct });
    }
  }
  await expect.poll(async () => (await differing()).map(({ device }) => device.label)).toEqual([]);
}

/** Waits until a device commanded from the plan's panel reports `wanted` and its task has ended executed. */
async function settle(page: Page, mac: string, wanted: Partial<Light>) {
  await expect.poll(() => lightOf(mac)).toMatchObject(wanted);
  await expect(page.getByTestId('control-panel').getByTestId('task-progress')).toContainText('Executed');
}
