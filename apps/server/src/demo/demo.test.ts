import { type HeatMap, isTaskEnded, type NetworkEnergy, type TaskDetail, type TaskSummary } from '@lightwell/domain';
import {
  type ControlServer,
  FleetFileSchema,
  type Simulator,
  startControlServer,
  startSimulator,
} from '@lightwell/simulator';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, call, describeApi, loginAs, type TestApp } from '../../test/helpers.ts';
import {
  deviceElements,
  devices,
  gateways,
  manualOverrides,
  networks,
  profiles,
  telemetryReadings,
  zones,
} from '../db/schema.ts';
import { demoFleet } from './demo-fleet.ts';
import { DEMO_DEVICES, DEMO_GATEWAYS, DEMO_NETWORK, DEMO_PRODUCTS } from './demo-installation.ts';
import { DEMO_LOGIN, seedDemo } from './seed-demo.ts';

let t: TestApp;
// The simulator runs in this test process; the console hands the same fleet to a process of its own.
let demo: { simulator: Simulator; control: ControlServer; stop(): Promise<void> } | null = null;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await demo?.stop();
  await t?.close();
});

describeApi('demo installation: its gateways against the console', () => {
  it('runs the demo gateways against the console: they come online and obey a command', async () => {
    const uid = await seedDemo(t.app.ctx);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const fleet = await demoFleet(t.app.ctx, `http://127.0.0.1:${port}`);
    // What the console hands over is a fleet file the simulator accepts.
    const file = FleetFileSchema.parse(fleet);
    expect(file.gateways.map((g) => g.sn)).toEqual(DEMO_GATEWAYS.map((g) => g.sn));
    const simulator = await startSimulator({ ...file, brokerUrl: file.brokerUrl!, waitConnected: false });
    const control = await startControlServer(simulator, 0);
    demo = {
      simulator,
      control,
      async stop() {
        await control.close();
        await simulator.stop();
      },
    };
    const [net] = await t.db.select().from(networks).where(eq(networks.name, DEMO_NETWORK.name));
    const nid = net!.id;
    await vi.waitFor(
      async () => {
        const online = await t.db
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.nid, nid), eq(devices.online, true)));
        expect(online).toHaveLength(DEMO_DEVICES.length);
        const gatewayRows = await t.db.select().from(gateways).where(eq(gateways.nid, nid));
        expect(gatewayRows.every((g) => g.status === 2 && g.meshStatus === 1)).toBe(true);
      },
      { timeout: 15_000, interval: 100 },
    );
    const state = (await (await fetch(`${demo!.control.url}/state`)).json()) as { gateways: { sn: string }[] };
    expect(state.gateways.map((g) => g.sn)).toEqual(DEMO_GATEWAYS.map((g) => g.sn));

    const session = await loginAs(t.app, DEMO_LOGIN.email, DEMO_LOGIN.password);
    expect(session.uid).toBe(uid);
    const [meeting] = await t.db
      .select()
      .from(zones)
      .where(and(eq(zones.nid, nid), eq(zones.name, 'Meeting room')));
    const reply = await call(
      t.app,
      'controlLight',
      { nid, target: { kind: 'zone', ids: [meeting!.id] }, onOff: 1, lightness: 35 },
      session,
    );
    expect(reply.body.code).toBe(0);
    const summary = reply.body.data as TaskSummary;
    const task = await vi.waitFor(
      async () => {
        const detail = (await call(t.app, 'taskGet', { taskId: summary.id }, session)).body.data as TaskDetail;
        if (!isTaskEnded(detail.status)) throw new Error('still running');
        return detail;
      },
      { timeout: 10_000, interval: 50 },
    );
    const lights = DEMO_DEVICES.filter((d) => d.zone === 'Meeting room' && /DT8|D4I/.test(d.model));
    expect(task.executed).toBe(lights.length);
    for (const light of lights) {
      const device = demo!.simulator.gatewayOf(light.mac).device(light.mac)!;
      expect(device.elementStates()[0]).toMatchObject({ onOff: 1, lightness: 35 });
    }
    await vi.waitFor(
      async () => {
        const rows = await t.db
          .select({ lightness: deviceElements.lightness })
          .from(deviceElements)
          .innerJoin(devices, eq(devices.id, deviceElements.deviceId))
          .where(
            and(
              eq(devices.nid, nid),
              inArray(
                devices.mac,
                lights.map((l) => l.mac),
              ),
            ),
          );
        expect(rows.map((r) => r.lightness)).toEqual(lights.map(() => 35));
      },
      { timeout: 5000, interval: 50 },
    );
  });

  it('a push button configured by a profile switches its zone in the mesh; the console sees it as switched by hand', async () => {
    const [net] = await t.db.select().from(networks).where(eq(networks.name, DEMO_NETWORK.name));
    const nid = net!.id;
    const session = await loginAs(t.app, DEMO_LOGIN.email, DEMO_LOGIN.password);
    const [reception] = await t.db
      .select()
      .from(zones)
      .where(and(eq(zones.nid, nid), eq(zones.name, 'Reception')));
    const [office] = await t.db.select().from(profiles).where(eq(profiles.name, 'Office default'));
    const applied = await call(t.app, 'profileApply', { profileId: office!.id, zoneIds: [reception!.id] }, session);
    expect(applied.body.code).toBe(0);
    const button = DEMO_DEVICES.find((d) => d.zone === 'Reception' && d.model === 'LW-BTN-4')!;
    const lights = DEMO_DEVICES.filter((d) => d.zone === 'Reception' && d.model === 'LW-PL-DT8');
    const gateway = demo!.simulator.gatewayOf(button.mac);
    await vi.waitFor(() => expect(gateway.device(button.mac)!.settings).toMatchObject({ profileId: office!.id }));
    const schedule = await call(
      t.app,
      'scheduleAdd',
      {
        nid,
        name: 'Reception evening',
        targetKind: 'zone',
        targetId: reception!.id,
        action: { op: 'light', onOff: 0 },
        overrideEnd: 'countdown',
        overrideValue: 600,
      },
      session,
    );
    expect(schedule.body.code).toBe(0);

    const ofLights = and(
      eq(devices.nid, nid),
      inArray(
        devices.mac,
        lights.map((l) => l.mac),
      ),
    );
    const litInConsole = async () =>
      (
        await t.db
          .select({ onOff: deviceElements.onOff })
          .from(deviceElements)
          .innerJoin(devices, eq(devices.id, deviceElements.deviceId))
          .where(ofLights)
      ).map((row) => row.onOff);
    // Reception starts lit (90 %): press and hold is "off", a single press toggles back on.
    expect(gateway.pressButton(button.mac, 'pressAndHold').sort()).toEqual(lights.map((l) => l.mac).sort());
    await vi.waitFor(async () => expect(await litInConsole()).toEqual([0, 0]), { timeout: 5000, interval: 50 });
    expect(gateway.pressButton(button.mac, 'singlePress')).toHaveLength(2);
    await vi.waitFor(async () => expect(await litInConsole()).toEqual([1, 1]), { timeout: 5000, interval: 50 });
    for (const light of lights) expect(gateway.device(light.mac)!.elementStates()[0]).toMatchObject({ onOff: 1 });

    const lightIds = (await t.db.select({ id: devices.id }).from(devices).where(ofLights)).map((row) => row.id);
    await vi.waitFor(async () => {
      const held = await t.db.select().from(manualOverrides).where(inArray(manualOverrides.deviceId, lightIds));
      expect(held).toHaveLength(2);
      expect(held.every((row) => row.endsAt!.getTime() - row.startedAt.getTime() === 600_000)).toBe(true);
    });
  });

  it('counts energy honestly: D4i from the two D4i battens only, every other luminaire estimated from its levels', async () => {
    const [net] = await t.db.select().from(networks).where(eq(networks.name, DEMO_NETWORK.name));
    const nid = net!.id;
    const session = await loginAs(t.app, DEMO_LOGIN.email, DEMO_LOGIN.password);
    const fill = demo!.simulator.fillHistory(3 * 3_600_000);
    await vi.waitFor(() => expect(fill.stored()).toBe(true), { timeout: 30_000, interval: 100 });
    const kindOf = (model: string) => DEMO_PRODUCTS.find((p) => p.model === model)!.simKind;
    const d4i = DEMO_DEVICES.filter((d) => kindOf(d.model) === 'd4i').map((d) => d.mac);
    const plain = DEMO_DEVICES.filter((d) => ['dt6', 'dt8'].includes(kindOf(d.model)));
    expect(d4i).toHaveLength(2);
    const counters = await t.db
      .selectDistinct({ mac: devices.mac, status: telemetryReadings.energyStatus })
      .from(telemetryReadings)
      .innerJoin(devices, eq(devices.id, telemetryReadings.deviceId))
      .where(and(eq(devices.nid, nid), isNotNull(telemetryReadings.energySource)));
    expect(counters.map((row) => row.mac).sort()).toEqual([...d4i].sort());
    expect(counters.every((row) => row.status === null)).toBe(true);
    const energy = (await call(t.app, 'networkEnergy', { nid, span: '1d' }, session)).body.data as NetworkEnergy;
    expect(energy.figures.bySource.estimate).toBeGreaterThan(0);
    expect(energy.figures.shareBasisPoints.d4i).toBeLessThan(10_000);
    // Per luminaire (the device power heat map, the same figures): the downlights and panels are estimated,
    // never D4i; the assumption line counts exactly the luminaires the estimate filled. (Whether the battens
    // count by their drivers or, off all the while, by the estimate depends on the time of day.)
    const lamps = (await call(t.app, 'deviceHeatPower', { nid, span: '1d' }, session)).body.data as HeatMap;
    for (const device of plain) {
      const row = lamps.rows.find((candidate) => candidate.name === device.name)!;
      expect(row.bySource.d4i, device.name).toBe(0);
      expect(row.bySource.estimate, device.name).toBeGreaterThan(0);
    }
    const estimated = lamps.rows.filter((row) => row.bySource.estimate > 0).length;
    expect(estimated).toBeGreaterThanOrEqual(plain.length);
    expect(energy.figures.assumptions).toContainEqual({ key: 'estimatedLuminaires', params: { count: estimated } });
    // Every luminaire reports the level it was on at: none is taken at 100 %.
    expect(energy.figures.assumptions.map((item) => item.key)).not.toContain('fullLevelAssumed');
  });
});
