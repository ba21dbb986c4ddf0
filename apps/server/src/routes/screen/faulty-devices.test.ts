import { ElementType, type NetworkEnergy, type Portfolio, type ScreenSnapshot } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { deviceElements, devices, emergencyFaults, emergencyFittings } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * A network with five real devices: an emergency fitting with an open fault in the log (its element and
 * fitting report nothing now), a fitting whose failure bits show a battery failure, a luminaire whose
 * device status flags show a control gear fault (element status normal), a luminaire with only "lamp on"
 * set, and a sensor. Three are faulty; the first fitting is overdue for its monthly test.
 */
async function faultySite() {
  const team = await networkTeam(t);
  const nid = team.network.id;
  const mac = (n: number) => `FD${String(nid).padStart(8, '0')}${n}0`;
  const [logged, failing, flagged, healthy, sensor] = await t.db
    .insert(devices)
    .values(
      (['emergency', 'emergency', 'luminaire', 'luminaire', 'motionSensor'] as const).map((kind, n) => ({
        nid,
        kind,
        name: `Device ${n}`,
        model: 'M',
        mac: mac(n),
        online: true,
        // The first fitting has been installed 40 days without a passing test: overdue for its function test.
        createdAt: new Date(t.clock.now().getTime() - (n === 0 ? 40 : 1) * 86_400_000),
      })),
    )
    .returning();
  await t.db.insert(deviceElements).values([
    { deviceId: logged!.id, index: 0, type: ElementType.emergencyOne, faultBits: 0 },
    { deviceId: failing!.id, index: 0, type: ElementType.emergencyOne },
    { deviceId: flagged!.id, index: 0, type: ElementType.dt6, status: 0, flags: 0b1 },
    { deviceId: healthy!.id, index: 0, type: ElementType.dt6, status: 0, flags: 0b100 },
    { deviceId: sensor!.id, index: 0, type: ElementType.motionSensor },
  ]);
  await t.db.insert(emergencyFittings).values([
    { deviceId: logged!.id, nid, mode: 0, failureBits: 0 },
    { deviceId: failing!.id, nid, mode: 0, failureBits: 4 },
  ]);
  await t.db.insert(emergencyFaults).values({
    nid,
    networkName: team.network.name,
    pid: team.network.pid,
    deviceId: logged!.id,
    mac: logged!.mac,
    fittingName: logged!.name,
    emergencyType: 1,
    failureBits: 1,
    openedAt: t.clock.now(),
    timeZone: 'Europe/London',
  });
  return { ...team, ids: { logged: logged!.id, failing: failing!.id, flagged: flagged!.id, healthy: healthy!.id } };
}

describeApi('faulty devices: one count on the overview, home and dashboard', () => {
  it('counts an emergency fitting fault and status-flag faults the same on all three screens', async () => {
    const { owner, network, ids } = await faultySite();

    const overview = (await call(t.app, 'networkEnergy', { nid: network.id, span: '1d' }, owner.session)).body
      .data as NetworkEnergy;
    expect(overview.devices).toMatchObject({ total: 5, offline: 0, faults: 3 });

    const portfolio = (await call(t.app, 'portfolio', {}, owner.session)).body.data as Portfolio;
    const project = portfolio.projects.find((entry) => entry.id === network.pid);
    expect(project).toMatchObject({ devicesOffline: 0, devicesFault: 3 });

    const snapshot = (await call(t.app, 'screenView', { nid: network.id }, owner.session)).body.data as ScreenSnapshot;
    const faulty = snapshot.devices.filter((device) => device.fault).map((device) => device.id);
    expect(faulty.sort((a, b) => a - b)).toEqual([ids.logged, ids.failing, ids.flagged].sort((a, b) => a - b));
    expect(snapshot.emergency).toEqual({ fittings: 2, overdue: 1, openFaults: 1 });
  });

  it('sends whether a device is faulty with its live state (deviceStateList)', async () => {
    const { owner, network, ids } = await faultySite();
    const reply = await call(t.app, 'deviceStateList', { nid: network.id }, owner.session);
    const states = (reply.body.data as { devices: { id: number; fault: boolean }[] }).devices;
    expect(states.find((state) => state.id === ids.flagged)?.fault).toBe(true);
    expect(states.find((state) => state.id === ids.healthy)?.fault).toBe(false);
  });
});
