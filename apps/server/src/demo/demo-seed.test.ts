import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from '../../test/helpers.ts';
import {
  deviceElements,
  devices,
  emergencyTestRecords,
  files,
  gateways,
  groupDevices,
  groups,
  networks,
  nodes,
  productSubVersions,
  products,
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
import { seedDemo } from './seed-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describeApi('demo installation: its seed', () => {
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
});
