import { Code, type CommandMessage, ElementType, isTaskEnded, type TaskDetail } from '@lightwell/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type Session, type TestApp } from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { deviceElements, devices, emergencyFittings, gateways, nodes, tasks } from '../../db/schema.ts';
import { buildLuminaires, TestGateway } from '../control/test-gateway.ts';
import { buildZone } from './test-fittings.ts';

let t: TestApp;
const started: TestGateway[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await Promise.all(started.map((g) => g.close()));
  await t.close();
});

async function gatewayIn(nid: number, row: Parameters<typeof TestGateway.start>[3] = {}) {
  const gateway = await TestGateway.start(t.db, t.brokerUrl, nid, row);
  started.push(gateway);
  return gateway;
}

let macCounter = 0;
/** Emergency fittings (element type 6) in a network, placed in a zone; the first `offline` are offline. */
async function buildFittings(db: Db, nid: number, gatewayId: number, zoneId: number, count: number, offline = 0) {
  const rows = await db
    .insert(devices)
    .values(
      Array.from({ length: count }, (_, i) => {
        macCounter += 1;
        return {
          nid,
          gatewayId,
          kind: 'emergency',
          name: `Exit ${macCounter}`,
          model: 'LW-EM1',
          mac: `EE00${nid.toString(16).padStart(4, '0')}${macCounter.toString(16).padStart(4, '0')}`.toUpperCase(),
          address: 100 + macCounter,
          online: i >= offline,
        };
      }),
    )
    .returning();
  await db
    .insert(deviceElements)
    .values(rows.map((row) => ({ deviceId: row.id, index: 0, type: ElementType.emergencyOne })));
  await db.insert(nodes).values(rows.map((row) => ({ nid, zoneId, rid: row.id, name: row.name })));
  return rows;
}

/** A network with a gateway, a stairs zone of two fittings and a luminaire, and a hall zone of one fitting. */
async function installation(gatewayRow: Parameters<typeof TestGateway.start>[3] = {}) {
  const team = await networkTeam(t);
  const gateway = await gatewayIn(team.network.id, gatewayRow);
  const stairs = await buildZone(t.db, team.network.id, 'Stairs');
  const hall = await buildZone(t.db, team.network.id, 'Hall');
  const stairFittings = await buildFittings(t.db, team.network.id, gateway.id, stairs.id, 2);
  const hallFittings = await buildFittings(t.db, team.network.id, gateway.id, hall.id, 1);
  const [light] = await buildLuminaires(t.db, team.network.id, gateway.id, 1);
  await t.db.insert(nodes).values({ nid: team.network.id, zoneId: stairs.id, vid: light!.id, name: 'Light' });
  return { ...team, gateway, stairs, hall, stairFittings, hallFittings, light: light! };
}

async function settled(session: Session, taskId: number) {
  return vi.waitFor(
    async () => {
      const task = (await call(t.app, 'taskGet', { taskId }, session)).body.data as TaskDetail;
      if (!isTaskEnded(task.status)) throw new Error(`task ${taskId} is ${task.status}`);
      return task;
    },
    { timeout: 10_000, interval: 50 },
  );
}

const taskCount = async (nid: number) => (await t.db.select().from(tasks).where(eq(tasks.nid, nid))).length;

describeApi('emergencyActionPreview', () => {
  it('says how many fittings go on battery and for how long, for owners and installers', async () => {
    const { owner, installer, network, stairs, stairFittings } = await installation();
    const zone = { kind: 'zone', ids: [stairs.id] };
    const test = await call(
      t.app,
      'emergencyActionPreview',
      { nid: network.id, target: zone, action: 'functionTest' },
      owner.session,
    );
    expect(test.body).toMatchObject({
      code: Code.ok,
      data: { fittings: 2, online: 2, onBattery: 2, minutesOnBattery: 1 },
    });

    await t.db.insert(emergencyFittings).values(
      stairFittings.map((f) => ({
        deviceId: f.id,
        nid: network.id,
        ratedMinutes: 60,
        statusBits: 8,
        batteryCharge: 254,
      })),
    );
    const duration = await call(
      t.app,
      'emergencyActionPreview',
      { nid: network.id, target: zone, action: 'durationTest' },
      installer.session,
    );
    expect(duration.body.code).toBe(Code.ok);
    expect(duration.body.data).toMatchObject({
      onBattery: 2,
      minutesOnBattery: 60,
      notCharged: 0,
      neighbourZones: [{ zoneId: stairs.id, name: 'Stairs', fittings: 2 }],
    });
    const until = (duration.body.data as { reducedCoverUntil: number }).reducedCoverUntil;
    const expected = Math.floor(t.clock.now().getTime() / 1000) + 60 * 60 + 24 * 3600;
    // The preview's "now" is a moment before this one.
    expect(expected - until).toBeGreaterThanOrEqual(0);
    expect(expected - until).toBeLessThan(60);
  });

  it('refuses sub-users and foreign users (1013), foreign zones (1013), targets without a fitting (1071), bad input (1001)', async () => {
    const { sub, stranger, owner, network, light } = await installation();
    const other = await installation();
    const payload = { nid: network.id, target: { kind: 'network' }, action: 'inhibit' };
    expect((await call(t.app, 'emergencyActionPreview', payload, sub.session)).body.code).toBe(Code.noPermission);
    expect((await call(t.app, 'emergencyActionPreview', payload, stranger.session)).body.code).toBe(Code.noPermission);
    const foreignZone = { ...payload, target: { kind: 'zone', ids: [other.stairs.id] } };
    expect((await call(t.app, 'emergencyActionPreview', foreignZone, owner.session)).body.code).toBe(Code.noPermission);
    const lightOnly = { ...payload, target: { kind: 'fittings', ids: [light.id] } };
    expect((await call(t.app, 'emergencyActionPreview', lightOnly, owner.session)).body.code).toBe(
      Code.noDeviceSelected,
    );
    const bad = { ...payload, action: 'explode' };
    expect((await call(t.app, 'emergencyActionPreview', bad, owner.session)).body.code).toBe(Code.badInput);
    expect((await call(t.app, 'emergencyActionPreview', payload)).body.code).toBe(Code.sessionInvalid);
  });
});

describeApi('emergencyAction', () => {
  it('sends a function test on a zone to its fittings only, as a task with per-fitting outcomes', async () => {
    const { owner, network, stairs, stairFittings, gateway } = await installation();
    const reply = await call(
      t.app,
      'emergencyAction',
      { nid: network.id, target: { kind: 'zone', ids: [stairs.id] }, action: 'functionTest' },
      owner.session,
    );
    expect(reply.body.code).toBe(Code.ok);
    const { taskId, fittings } = reply.body.data as { taskId: number; fittings: number };
    expect(fittings).toBe(2);
    const task = await settled(owner.session, taskId);
    expect(task).toMatchObject({ status: 3, total: 2, executed: 2, targetKind: 'zone', targetId: stairs.id });
    expect(task.devices.map((d) => d.deviceId).sort()).toEqual(stairFittings.map((f) => f.id).sort());
    const command = gateway.commands.find((c) => c.taskId === taskId) as CommandMessage;
    expect(command.action).toEqual({ op: 'emergency', command: 'functionTest', maxDelayMinutes: 15 });
    expect(command.targets.map((d) => d.mac).sort()).toEqual(stairFittings.map((f) => f.mac).sort());
    const states = await t.db
      .select()
      .from(emergencyFittings)
      .where(
        inArray(
          emergencyFittings.deviceId,
          stairFittings.map((f) => f.id),
        ),
      );
    expect(states).toHaveLength(2);
    for (const state of states) {
      expect(state).toMatchObject({ testTaskId: taskId, testSource: 'manual', testRequestedBy: owner.user.id });
    }
  });

  it('carries the duration test length and the inhibit minutes; the inhibit end is kept per fitting', async () => {
    const { installer, network, hall, hallFittings, gateway } = await installation();
    const target = { kind: 'fittings', ids: hallFittings.map((f) => f.id) };
    const duration = await call(
      t.app,
      'emergencyAction',
      { nid: network.id, target, action: 'durationTest', durationKind: 'custom', durationMinutes: 45 },
      installer.session,
    );
    expect(duration.body.code).toBe(Code.ok);
    const durationTask = (duration.body.data as { taskId: number }).taskId;
    await settled(installer.session, durationTask);
    expect(gateway.commands.find((c) => c.taskId === durationTask)?.action).toEqual({
      op: 'emergency',
      command: 'durationTest',
      duration: { kind: 'custom', minutes: 45 },
      maxDelayMinutes: 15,
    });

    const asked = t.clock.now().getTime();
    const inhibit = await call(
      t.app,
      'emergencyAction',
      { nid: network.id, target: { kind: 'zone', ids: [hall.id] }, action: 'inhibit', inhibitMinutes: 60 },
      installer.session,
    );
    expect(inhibit.body.code).toBe(Code.ok);
    const inhibitTask = (inhibit.body.data as { taskId: number }).taskId;
    await settled(installer.session, inhibitTask);
    expect(gateway.commands.find((c) => c.taskId === inhibitTask)?.action).toEqual({
      op: 'emergency',
      command: 'inhibit',
      inhibitMinutes: 60,
      maxDelayMinutes: 15,
    });
    const [state] = await t.db
      .select()
      .from(emergencyFittings)
      .where(eq(emergencyFittings.deviceId, hallFittings[0]!.id));
    const answered = t.clock.now().getTime();
    const sentAt = state?.inhibitRenewedAt?.getTime() ?? 0;
    expect(sentAt).toBeGreaterThanOrEqual(asked);
    expect(sentAt).toBeLessThanOrEqual(answered);
    expect(state?.inhibitUntil?.getTime()).toBe(sentAt + 60 * 60_000);
    expect(state?.inhibitExpiresAt?.getTime()).toBe(sentAt + 15 * 60_000);

    const resume = await call(
      t.app,
      'emergencyAction',
      { nid: network.id, target, action: 'resume' },
      installer.session,
    );
    await settled(installer.session, (resume.body.data as { taskId: number }).taskId);
    const [after] = await t.db
      .select()
      .from(emergencyFittings)
      .where(eq(emergencyFittings.deviceId, hallFittings[0]!.id));
    expect(after?.inhibitUntil).toBeNull();
  });

  it('does not send resume to a fitting in a real emergency: its outcome says why, the others get it', async () => {
    const { owner, network, stairs, stairFittings, gateway } = await installation();
    const [lost, fine] = stairFittings;
    const inhibited = new Date(t.clock.now().getTime() + 3_600_000);
    await t.db.insert(emergencyFittings).values([
      // Mains lost, lamp lit from the battery: a real emergency.
      { deviceId: lost!.id, nid: network.id, mode: 1, mainsPresent: false, inhibitUntil: inhibited },
      { deviceId: fine!.id, nid: network.id, mode: 3, mainsPresent: true, inhibitUntil: inhibited },
    ]);
    const payload = { nid: network.id, target: { kind: 'zone', ids: [stairs.id] }, action: 'resume' };
    const preview = await call(t.app, 'emergencyActionPreview', payload, owner.session);
    expect(preview.body.data).toMatchObject({
      fittings: 2,
      inEmergency: 1,
      held: [{ deviceId: lost!.id, name: lost!.name, reason: 'inEmergency' }],
    });

    const reply = await call(t.app, 'emergencyAction', payload, owner.session);
    expect(reply.body.code).toBe(Code.ok);
    const { taskId } = reply.body.data as { taskId: number };
    const task = await settled(owner.session, taskId);
    expect(task).toMatchObject({ status: 4, total: 2, executed: 1, failed: 1, failures: { inEmergency: 1 } });
    expect(task.devices.find((d) => d.deviceId === lost!.id)).toMatchObject({ status: 4, reason: 'inEmergency' });
    expect(task.devices.find((d) => d.deviceId === fine!.id)).toMatchObject({ status: 3, reason: null });
    const command = gateway.commands.find((c) => c.taskId === taskId) as CommandMessage;
    expect(command.targets.map((d) => d.mac)).toEqual([fine!.mac]);
    const states = await t.db.select().from(emergencyFittings).where(eq(emergencyFittings.nid, network.id));
    expect(states.find((s) => s.deviceId === lost!.id)?.inhibitUntil).toEqual(inhibited);
    expect(states.find((s) => s.deviceId === fine!.id)?.inhibitUntil).toBeNull();

    // Only fittings in a real emergency: nothing is sent; the task is non-execution and says why.
    const alone = await call(
      t.app,
      'emergencyAction',
      { ...payload, target: { kind: 'fittings', ids: [lost!.id] } },
      owner.session,
    );
    expect(alone.body.code).toBe(Code.ok);
    const held = await settled(owner.session, (alone.body.data as { taskId: number }).taskId);
    expect(held).toMatchObject({ status: 1, total: 1, failed: 1, failures: { inEmergency: 1 } });
    expect(held.devices).toMatchObject([{ deviceId: lost!.id, status: 4, reason: 'inEmergency' }]);
    expect(gateway.commands.some((c) => c.taskId === held.id)).toBe(false);
  });

  describe('refusals change nothing', () => {
    it('sub-user and foreign user 1013; no fitting 1071; foreign gateway 1013', async () => {
      const { owner, sub, stranger, network, light } = await installation();
      const other = await installation();
      const payload = { nid: network.id, target: { kind: 'network' }, action: 'functionTest' };
      const before = await taskCount(network.id);
      expect((await call(t.app, 'emergencyAction', payload, sub.session)).body.code).toBe(Code.noPermission);
      expect((await call(t.app, 'emergencyAction', payload, stranger.session)).body.code).toBe(Code.noPermission);
      const lightOnly = { ...payload, target: { kind: 'fittings', ids: [light.id] } };
      expect((await call(t.app, 'emergencyAction', lightOnly, owner.session)).body.code).toBe(Code.noDeviceSelected);
      const foreignGateway = { ...payload, gatewayId: other.gateway.id };
      expect((await call(t.app, 'emergencyAction', foreignGateway, owner.session)).body.code).toBe(Code.noPermission);
      const foreignFitting = { ...payload, target: { kind: 'fittings', ids: [other.hallFittings[0]!.id] } };
      expect((await call(t.app, 'emergencyAction', foreignFitting, owner.session)).body.code).toBe(Code.noPermission);
      expect(await taskCount(network.id)).toBe(before);
      expect(await t.db.select().from(emergencyFittings).where(eq(emergencyFittings.nid, network.id))).toEqual([]);
    });

    it('no gateway 1070, gateway offline 1072, every fitting offline 1075 (stored as non-execution)', async () => {
      const team = await networkTeam(t);
      const zone = await buildZone(t.db, team.network.id, 'Lobby');
      const payload = { nid: team.network.id, target: { kind: 'network' }, action: 'functionTest' };
      expect((await call(t.app, 'emergencyAction', payload, team.owner.session)).body.code).toBe(Code.noDeviceSelected);
      const offlineGateway = await gatewayIn(team.network.id, { status: 1 });
      await buildFittings(t.db, team.network.id, offlineGateway.id, zone.id, 2, 2);
      expect((await call(t.app, 'emergencyAction', payload, team.owner.session)).body.code).toBe(Code.gatewayOffline);
      await t.db.update(devices).set({ gatewayId: null }).where(eq(devices.nid, team.network.id));
      await t.db.delete(gateways).where(eq(gateways.id, offlineGateway.id));
      expect((await call(t.app, 'emergencyAction', payload, team.owner.session)).body.code).toBe(Code.noGateway);
      await gatewayIn(team.network.id);
      const allOffline = await call(t.app, 'emergencyAction', payload, team.owner.session);
      expect(allOffline.body).toMatchObject({ code: Code.deviceNotOnline, data: { status: 1, total: 2, failed: 2 } });
    });
  });
});
