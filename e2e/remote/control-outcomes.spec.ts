import { nonLinearLightLevel } from '@lightwell/domain';
import { expect, test } from '@playwright/test';
import {
  clickSlider,
  DEMO_LUMINAIRES,
  expectPlan,
  luminaireStates,
  openDemo,
  openDemoPlan,
  planNodes,
  restoreLuminaires,
  selectNode,
  selectZone,
  sendLight,
} from '../support/live-plan.ts';
import { DEMO_DEVICES, deviceOffline, expectLight, lightOf, loseDevice, restoreDevice } from '../support/simulator.ts';

const corridorLights = DEMO_DEVICES.filter((d) => d.zone === 'Corridor' && d.model === 'LW-DL-DT6');
const allLuminaires = DEMO_LUMINAIRES.length;

/** What the luminaires a test switches did before it, and the devices it silenced: put back after it, pass or fail. */
let before: Awaited<ReturnType<typeof luminaireStates>> | null = null;
const silenced = new Set<string>();

test.afterEach(async ({ page }) => {
  for (const mac of silenced) await restoreDevice(mac);
  silenced.clear();
  if (before) await restoreLuminaires(page, before);
  before = null;
});

test('a zone switched while one of its luminaires is offline: the others switch, the tally names the offline one', async ({
  page,
}) => {
  const gone = corridorLights[0]!;
  const others = corridorLights.slice(1);
  const was = await luminaireStates(corridorLights);
  before = was;
  // Switch to the opposite of what the offline luminaire shows, so "unchanged" means something.
  const target = was.get(gone.mac)!.onOff === 1 ? 0 : 1;
  await openDemoPlan(page);
  silenced.add(gone.mac);
  await deviceOffline(gone.mac);
  await expectPlan(page, [gone.label], 'offline');

  await selectZone(page, 'Corridor');
  const panel = page.getByTestId('control-panel');
  await sendLight(page, () => panel.getByRole('button', { name: target ? 'On' : 'Off', exact: true }).click());
  for (const light of others) await expectLight(light.mac, { onOff: target });
  await expectPlan(
    page,
    others.map((light) => light.label),
    target ? 'on' : 'off',
  );
  await expect(panel.getByTestId('task-tally')).toHaveText(`${others.length} executed, 1 failed (device not online)`);
  await expect(panel.getByTestId('task-progress')).toContainText('Failed');
  expect(await lightOf(gone.mac)).toEqual(was.get(gone.mac));
  await expectPlan(page, [gone.label], 'offline');

  await restoreDevice(gone.mac);
  silenced.delete(gone.mac);
  await expectPlan(page, [gone.label], was.get(gone.mac)!.onOff ? 'on' : 'off');
});

test('a DT8 panel dimmed and tuned on the plan reports that level and colour temperature; the plan draws its non-linear output', async ({
  page,
}) => {
  const panelLight = DEMO_DEVICES.find((d) => d.zone === 'Reception' && d.model === 'LW-PL-DT8')!;
  const was = await luminaireStates([panelLight]);
  before = was;
  const level = was.get(panelLight.mac)!.lightness === 75 ? 45 : 75;
  const kelvin = was.get(panelLight.mac)!.cct === 3200 ? 5600 : 3200;
  await openDemoPlan(page);
  await selectNode(page, panelLight.label);
  const panel = page.getByTestId('control-panel');

  // The demo's DT8 panels dim non-linearly: the device takes the level, its light output follows section 9.
  await sendLight(page, () => clickSlider(page, panel.getByRole('slider', { name: 'Dimming level' }), level));
  await expectLight(panelLight.mac, { onOff: 1, lightness: level });
  await expect(panel).toContainText(`Level ${level} %`);
  await expect(panel.getByTestId('non-linear-output')).toHaveText(
    `Light output ${nonLinearLightLevel(level)} % (non-linear curve)`,
  );
  await expect
    .poll(async () => (await planNodes(page)).find((node) => node.name === panelLight.label))
    .toMatchObject({ live: 'on', output: nonLinearLightLevel(level) });
  await expect(panel.getByTestId('task-tally')).toHaveText('1 executed');

  await sendLight(page, () => clickSlider(page, panel.getByRole('slider', { name: 'Colour temperature' }), kelvin));
  await expectLight(panelLight.mac, { onOff: 1, lightness: level, cct: kelvin });
  await expect(panel).toContainText(`Colour temperature ${kelvin} K`);
  await expect(panel.getByTestId('task-progress')).toContainText('Executed');
});

test('the whole network switched off and on from the network page switches every luminaire', async ({ page }) => {
  const was = await luminaireStates();
  before = was;
  await openDemo(page, '/remote/network');
  const card = page.getByTestId('network-control');

  await sendLight(page, () => card.getByRole('button', { name: 'All off' }).click());
  for (const light of DEMO_LUMINAIRES) await expectLight(light.mac, { onOff: 0 });
  await expect(card).toContainText(`${DEMO_DEVICES.length} devices: 0 lit, 0 offline`);
  await expect(card.getByTestId('task-tally')).toHaveText(`${allLuminaires} executed`);

  await sendLight(page, () => card.getByRole('button', { name: 'All on' }).click());
  for (const light of DEMO_LUMINAIRES) await expectLight(light.mac, { onOff: 1 });
  await expect(card).toContainText(`${DEMO_DEVICES.length} devices: ${allLuminaires} lit, 0 offline`);
  await expect(card.getByTestId('task-tally')).toHaveText(`${allLuminaires} executed`);
  const rows = page.getByRole('row', { name: /Network/ });
  await expect(rows.nth(0)).toContainText(`Executed${allLuminaires} executed`);
  await expect(rows.nth(1)).toContainText(`Executed${allLuminaires} executed`);
});

test('the whole project switched off and on from the project page switches every luminaire of the demo network', async ({
  page,
}) => {
  const was = await luminaireStates();
  before = was;
  await openDemo(page, '/remote/project', false);
  const result = page.getByTestId('project-result');

  await sendLight(
    page,
    () => page.getByRole('button', { name: 'Whole project off' }).click(),
    '/api/v1/control/project',
  );
  for (const light of DEMO_LUMINAIRES) await expectLight(light.mac, { onOff: 0 });
  const demoTask = result.locator(':scope > div').filter({ hasText: 'Demo office' });
  await expect(demoTask.getByTestId('task-tally')).toHaveText(`${allLuminaires} executed`);
  await expect(demoTask.getByTestId('task-progress')).toContainText('Executed');

  await sendLight(
    page,
    () => page.getByRole('button', { name: 'Whole project on' }).click(),
    '/api/v1/control/project',
  );
  for (const light of DEMO_LUMINAIRES) await expectLight(light.mac, { onOff: 1 });
  await expect(demoTask.getByTestId('task-tally')).toHaveText(`${allLuminaires} executed`);
});

test('a command held up by a silent luminaire is canceled from the network task list', async ({ page }) => {
  const was = await luminaireStates();
  before = was;
  const silent = DEMO_LUMINAIRES.find((d) => was.get(d.mac)!.onOff === 1)!;
  await openDemo(page, '/remote/network');
  const card = page.getByTestId('network-control');
  silenced.add(silent.mac);
  await loseDevice(silent.mac);
  await sendLight(page, () => card.getByRole('button', { name: 'All off' }).click());
  const row = page.getByRole('row', { name: /Network/ }).first();
  await expect(row).toContainText(`Executing${allLuminaires - 1} executed, 1 waiting`);
  await row.getByRole('button', { name: 'Cancel task' }).click();
  await expect(row).toContainText(`Canceled${allLuminaires - 1} executed, 1 failed (canceled)`);
  await expect(row.getByRole('button', { name: 'Cancel task' })).toBeHidden();
  await expect(card.getByTestId('task-progress')).toContainText('Canceled');
  expect(await lightOf(silent.mac)).toEqual(was.get(silent.mac));
});
