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
  emergencyTestRecords,
  files,
  gateways,
  groupDevices,
  groups,
  manualOverrides,
  networks,
  nodes,
  productSubVersions,
  products,
  profiles,
  projectUsers,
  sceneDevices,
  scenes,
  telemetryReadings,
  zones,
} from '../db/schema.ts';
import { demoGatewaySecret, hashGatewaySecret } from '../gateway-link/credentials.ts';
import { ensurePartitions } from '../telemetry/write-readings.ts';
import { demoFleet } from './demo-fleet.ts';
import { DEMO_DEVICES, DEMO_GATEWAYS, DEMO_NETWORK, DEMO_PRODUCTS, DEMO_ZONES } from './demo-installation.ts';
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

describeApi('demo installation', () => {
  it('is seeded once, with every kind of device placed inside its zone', async () => {
    const uid = await seedDemo(t.app.ctx);
    expect(await seedDemo(t.app.ctx)).toBe(uid);
    const nets = await t.db.select().from(networks).where(eq(networks.name, DEMO_NETWORK.name));
    expect(nets).toHaveLength(1);
    const nid = nets[0]!.id;
    expect(nets[0]!.image).toBe('plan-demo-office.png');
    // The demo network is in the demo user's default (and only) project, so signing in lands on its plan.
    const memberships = await t.db.select().from(projectUsers).where(eq(projectUsers.uid, uid));
    expect(memberships).toEqual([expect.objectContaining({ pid: nets[0]!.pid, isDefault: true })]);

    const gatewayRows = await t.db.select().from(gateways).where(eq(gateways.nid, nid));
    expect(gatewayRows.map((g) => g.sn).sort()).toEqual(DEMO_GATEWAYS.map((g) => g.sn));
    for (const gateway of gatewayRows) {
      expect(gateway.gatewayType).toBe(3);
      expect(gateway.secretHash).toBe(hashGatewaySecret(demoGatewaySecret(t.app.ctx.keys, gateway.sn)));
    }
    // A console upgraded from secrets keyed otherwise brings them in line at its next start.
    await t.db
      .update(gateways)
      .set({ secretHash: hashGatewaySecret('stale') })
      .where(eq(gateways.nid, nid));
    await seedDemo(t.app.ctx);
    for (const gateway of await t.db.select().from(gateways).where(eq(gateways.nid, nid))) {
      expect(gateway.secretHash).toBe(hashGatewaySecret(demoGatewaySecret(t.app.ctx.keys, gateway.sn)));
    }

    const catalogue = await t.db
      .select()
      .from(products)
      .where(
        inArray(
          products.model,
          DEMO_PRODUCTS.map((p) => p.model),
        ),
      );
    expect(new Set(catalogue.map((p) => p.kind))).toEqual(
      new Set(['luminaire', 'motionSensor', 'lightSensor', 'pushButton', 'panel', 'emergency']),
    );
    const icons = await t.db
      .select()
      .from(files)
      .where(
        inArray(
          files.name,
          catalogue.map((p) => p.icon!),
        ),
      );
    expect(icons).toHaveLength(DEMO_PRODUCTS.length);
    for (const icon of icons) {
      expect(icon).toMatchObject({ mime: 'image/png', width: 32, height: 32 });
      const data = Buffer.from(icon.data);
      expect(data.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(data.readUInt32BE(16)).toBe(32);
    }
    const versions = await t.db.select().from(productSubVersions);
    const d4i = versions.find((v) => v.productId === catalogue.find((p) => p.model === 'LW-LB-D4I')!.id)!;
    expect(d4i.config.elements).toEqual([{ type: 1, isD4i: true, isLinear: true }]);

    const deviceRows = await t.db.select().from(devices).where(eq(devices.nid, nid));
    expect(deviceRows).toHaveLength(DEMO_DEVICES.length);
    const elementRows = await t.db
      .select()
      .from(deviceElements)
      .where(
        inArray(
          deviceElements.deviceId,
          deviceRows.map((d) => d.id),
        ),
      );
    expect(new Set(elementRows.map((e) => e.type))).toEqual(new Set([1, 8, 6, 11, 20, 21, 22, 23]));

    const zoneRows = await t.db.select().from(zones).where(eq(zones.nid, nid));
    expect(zoneRows.map((z) => z.name).sort()).toEqual(DEMO_ZONES.map((z) => z.name).sort());
    const nodeRows = await t.db.select().from(nodes).where(eq(nodes.nid, nid));
    expect(nodeRows).toHaveLength(DEMO_DEVICES.length);
    // Short plan names, one per fitting: "Downlight 3" is the name of the device's node.
    expect(new Set(nodeRows.map((n) => n.name)).size).toBe(DEMO_DEVICES.length);
    const downlight = DEMO_DEVICES.find((d) => d.label === 'Downlight 3')!;
    const downlightId = deviceRows.find((d) => d.mac === downlight.mac)!.id;
    expect(nodeRows.find((n) => n.vid === downlightId)!.name).toBe('Downlight 3');
    for (const node of nodeRows) {
      expect(deviceRows.some((d) => d.id === node.vid)).toBe(true);
      const zone = zoneRows.find((z) => z.id === node.zoneId)!;
      const xs = zone.points.map((p) => p.x);
      const ys = zone.points.map((p) => p.y);
      expect(node.positionX).toBeGreaterThan(Math.min(...xs));
      expect(node.positionX).toBeLessThan(Math.max(...xs));
      expect(node.positionY).toBeGreaterThan(Math.min(...ys));
      expect(node.positionY).toBeLessThan(Math.max(...ys));
    }

    const groupRows = await t.db.select().from(groups).where(eq(groups.nid, nid));
    expect(groupRows.map((g) => g.type).sort()).toEqual([1, 2]);
    const members = await t.db
      .select()
      .from(groupDevices)
      .where(
        inArray(
          groupDevices.groupId,
          groupRows.map((g) => g.id),
        ),
      );
    expect(members.length).toBeGreaterThan(5);
    const sceneRows = await t.db.select().from(scenes).where(eq(scenes.nid, nid));
    expect(sceneRows).toHaveLength(2);
    const slots = await t.db.select().from(sceneDevices);
    expect(slots.every((s) => s.slot >= 0 && s.slot <= 15)).toBe(true);
  });

  it('asks the simulator for a week of readings and a year of self-tests only while the console has none', async () => {
    await seedDemo(t.app.ctx);
    const fleet = async () => (await demoFleet(t.app.ctx, 'http://127.0.0.1:1'))!;
    expect(await fleet()).toMatchObject({ historyDays: 7, emergencyHistoryMonths: 12 });
    const [net] = await t.db.select().from(networks).where(eq(networks.name, DEMO_NETWORK.name));
    const [device] = await t.db.select().from(devices).where(eq(devices.nid, net!.id)).limit(1);
    const [gateway] = await t.db.select().from(gateways).where(eq(gateways.nid, net!.id)).limit(1);
    await t.db.insert(emergencyTestRecords).values({
      nid: net!.id,
      networkName: net!.name,
      mac: device!.mac,
      fittingName: device!.name,
      kind: 'function',
      startSource: 'fitting',
      grade: 'passed',
      timeZone: net!.timeZone,
    });
    const afterTest = await fleet();
    expect(afterTest.historyDays).toBe(7);
    expect(afterTest.emergencyHistoryMonths).toBeUndefined();
    const at = new Date();
    await ensurePartitions(t.db, [at]);
    await t.db
      .insert(telemetryReadings)
      .values({ gatewayId: gateway!.id, seq: 1, deviceId: device!.id, element: 0, at });
    const afterReading = await fleet();
    expect(afterReading.historyDays).toBeUndefined();
    expect(afterReading.emergencyHistoryMonths).toBeUndefined();
    // Later tests of this file start from a console without history.
    await t.db.delete(telemetryReadings).where(eq(telemetryReadings.deviceId, device!.id));
  });

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
