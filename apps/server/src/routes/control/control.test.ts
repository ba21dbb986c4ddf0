import { Code, type LiveEvent, TaskStatus, type TaskSummary } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { buildNetwork, call, describeApi, networkTeam } from '../../../test/helpers.ts';
import { devices, gateways, groupDevices, groups, nodes, tasks, zones } from '../../db/schema.ts';
import { lightsOff, useControlSite } from './test-control.ts';
import { buildLuminaires } from './test-gateway.ts';

const site = useControlSite();
const { gatewayIn, settled } = site;

describeApi('controlLight', () => {
  it('sends one command and reports per device: 9 executed, 1 failed (device not online)', async () => {
    const { owner, sub, network } = await networkTeam(site.t);
    const gateway = await gatewayIn(network.id);
    const lights = await buildLuminaires(site.t.db, network.id, gateway.id, 10, 1);
    const events: LiveEvent[] = [];
    const stop = site.t.app.ctx.live.subscribe(network.id, (event) => events.push(event));

    const reply = await call(site.t.app, 'controlLight', lightsOff(network.id), sub.session);
    expect(reply.body.code).toBe(Code.ok);
    const answered = reply.body.data as TaskSummary;
    expect(answered).toMatchObject({ status: TaskStatus.waiting, total: 10, failed: 1, failures: { offline: 1 } });

    const task = await settled(owner.session, answered.id);
    expect(task).toMatchObject({
      status: TaskStatus.failed,
      total: 10,
      executed: 9,
      failed: 1,
      failures: { offline: 1 },
    });
    expect(task.devices.find((d) => d.deviceId === lights[0]!.id)).toMatchObject({ status: 4, reason: 'offline' });
    expect(task.devices.filter((d) => d.status === TaskStatus.executed)).toHaveLength(9);
    // Only the online devices were sent, with their mesh addresses, through the chosen gateway.
    expect(gateway.commands).toHaveLength(1);
    expect(gateway.commands[0]!.targets.map((d) => d.mac)).toEqual(lights.slice(1).map((d) => d.mac));
    expect(gateway.commands[0]!.action).toEqual({ op: 'light', onOff: 0, fadeMs: 0 });
    await vi.waitFor(() =>
      expect(events.some((e) => e.type === 'task' && e.task.id === task.id && e.task.executed === 9)).toBe(true),
    );
    stop();
  });

  it('ends executed when every device executed, and a repeated outcome changes nothing', async () => {
    const { owner, network } = await networkTeam(site.t);
    const gateway = await gatewayIn(network.id);
    const [light] = await buildLuminaires(site.t.db, network.id, gateway.id, 1);
    const reply = await call(
      site.t.app,
      'controlLight',
      { nid: network.id, target: { kind: 'device', ids: [light!.id] }, lightness: 40, fadeMs: 500 },
      owner.session,
    );
    const task = await settled(owner.session, (reply.body.data as TaskSummary).id);
    expect(task).toMatchObject({
      status: TaskStatus.executed,
      executed: 1,
      failed: 0,
      targetKind: 'device',
      targetId: light!.id,
    });
    expect(gateway.commands[0]!.action).toEqual({ op: 'light', lightness: 40, fadeMs: 500 });

    await gateway.ack({
      taskId: task.id,
      state: 'refused',
      results: [{ mac: light!.mac, ok: false, reason: 'fault' }],
    });
    await site.t.app.ctx.link.drain();
    expect((await call(site.t.app, 'taskGet', { taskId: task.id }, owner.session)).body.data).toEqual(task);
  });

  it('records failures with the reason the gateway gives', async () => {
    const { owner, network } = await networkTeam(site.t);
    const gateway = await gatewayIn(network.id);
    const lights = await buildLuminaires(site.t.db, network.id, gateway.id, 3);
    gateway.behaviour = { mode: 'execute', failing: new Map([[lights[2]!.mac, 'fault']]) };
    const reply = await call(site.t.app, 'controlLight', lightsOff(network.id), owner.session);
    const task = await settled(owner.session, (reply.body.data as TaskSummary).id);
    expect(task).toMatchObject({ status: TaskStatus.failed, executed: 2, failed: 1, failures: { fault: 1 } });
  });

  it('refuses with 1070, 1071, 1072, 1073 and 1075, storing only the all-offline command', async () => {
    const { owner, network } = await networkTeam(site.t);
    expect((await call(site.t.app, 'controlLight', lightsOff(network.id), owner.session)).body.code).toBe(
      Code.noGateway,
    );

    const gateway = await gatewayIn(network.id, { status: 1 });
    expect((await call(site.t.app, 'controlLight', lightsOff(network.id), owner.session)).body.code).toBe(
      Code.noDeviceSelected,
    );
    await buildLuminaires(site.t.db, network.id, gateway.id, 2, 2);
    expect((await call(site.t.app, 'controlLight', lightsOff(network.id), owner.session)).body.code).toBe(
      Code.gatewayOffline,
    );

    const other = await buildNetwork(site.t.db, owner.pid, [{ uid: owner.user.id, userType: 2 }]);
    const meshless = await gatewayIn(other.id, { gatewayType: 1, status: 2, meshStatus: 0 });
    await buildLuminaires(site.t.db, other.id, meshless.id, 1);
    expect((await call(site.t.app, 'controlLight', lightsOff(other.id), owner.session)).body.code).toBe(
      Code.meshOffline,
    );
    expect(await site.t.db.select().from(tasks).where(eq(tasks.nid, other.id))).toEqual([]);

    await site.t.db.update(gateways).set({ status: 2 }).where(eq(gateways.id, gateway.id));
    const offline = await call(site.t.app, 'controlLight', lightsOff(network.id), owner.session);
    expect(offline.body.code).toBe(Code.deviceNotOnline);
    expect(offline.body.data).toMatchObject({
      status: TaskStatus.nonExecution,
      total: 2,
      failed: 2,
      failures: { offline: 2 },
    });
    const list = await call(site.t.app, 'taskList', { nid: network.id }, owner.session);
    expect((list.body.data as { list: TaskSummary[] }).list.map((task) => task.status)).toEqual([
      TaskStatus.nonExecution,
    ]);
    expect(gateway.commands).toEqual([]);
  });

  it('refuses a second command while the gateway executes one (1074)', async () => {
    const { owner, installer, network } = await networkTeam(site.t);
    const gateway = await gatewayIn(network.id);
    gateway.behaviour = { mode: 'silent', confirmCancel: true };
    await buildLuminaires(site.t.db, network.id, gateway.id, 2);
    const first = await call(site.t.app, 'controlLight', lightsOff(network.id), owner.session);
    expect(first.body.code).toBe(Code.ok);
    const second = await call(site.t.app, 'controlLight', lightsOff(network.id, { onOff: 1 }), installer.session);
    expect(second.body.code).toBe(Code.gatewayBusy);
    await vi.waitFor(() => expect(gateway.commands).toHaveLength(1));
  });

  it('takes a gateway chosen in the browser only from the same network (else 1013)', async () => {
    const { owner, network } = await networkTeam(site.t);
    const first = await gatewayIn(network.id);
    const second = await gatewayIn(network.id);
    await buildLuminaires(site.t.db, network.id, first.id, 2);
    const other = await buildNetwork(site.t.db, owner.pid, [{ uid: owner.user.id, userType: 2 }]);
    const foreign = await gatewayIn(other.id);
    const refused = await call(
      site.t.app,
      'controlLight',
      lightsOff(network.id, { gatewayId: foreign.id }),
      owner.session,
    );
    expect(refused.body.code).toBe(Code.noPermission);
    const reply = await call(
      site.t.app,
      'controlLight',
      lightsOff(network.id, { gatewayId: second.id }),
      owner.session,
    );
    const task = await settled(owner.session, (reply.body.data as TaskSummary).id);
    expect(task).toMatchObject({ gatewayId: second.id, status: TaskStatus.executed, executed: 2 });
    expect(first.commands).toEqual([]);
  });

  it('controls zones, groups and devices of the network only; a foreign device id is 1013', async () => {
    const { owner, network } = await networkTeam(site.t);
    const other = await buildNetwork(site.t.db, owner.pid, [{ uid: owner.user.id, userType: 2 }]);
    const gateway = await gatewayIn(network.id);
    const otherGateway = await gatewayIn(other.id);
    const [foreignLight] = await buildLuminaires(site.t.db, other.id, otherGateway.id, 1);
    const [light] = await buildLuminaires(site.t.db, network.id, gateway.id, 1);
    const reply = await call(
      site.t.app,
      'controlLight',
      { nid: network.id, target: { kind: 'device', ids: [light!.id, foreignLight!.id] }, onOff: 1 },
      owner.session,
    );
    expect(reply.body.code).toBe(Code.noPermission);
    const empty = await call(
      site.t.app,
      'controlLight',
      { nid: network.id, target: { kind: 'device' }, onOff: 1 },
      owner.session,
    );
    expect(empty.body.code).toBe(Code.badInput);
  });

  it('resolves zones and groups to their luminaires, a bound virtual device to its real one', async () => {
    const { owner, network } = await networkTeam(site.t);
    const gateway = await gatewayIn(network.id);
    const lights = await buildLuminaires(site.t.db, network.id, gateway.id, 3);
    const base = { nid: network.id, gatewayId: gateway.id, model: 'LW-X', online: true };
    const [sensor] = await site.t.db
      .insert(devices)
      .values({ ...base, kind: 'motionSensor', name: 'Sensor', mac: 'BB0000000001', address: 90 })
      .returning();
    const [virtual] = await site.t.db
      .insert(devices)
      .values({
        ...base,
        isVirtual: true,
        kind: 'luminaire',
        name: 'Planned',
        mac: 'BB0000000002',
        boundId: lights[2]!.id,
      })
      .returning();
    const [zone] = await site.t.db
      .insert(zones)
      .values({
        nid: network.id,
        name: 'Hall',
        points: [
          { x: 0, y: 0 },
          { x: 9, y: 0 },
          { x: 9, y: 9 },
        ],
      })
      .returning();
    await site.t.db
      .insert(nodes)
      .values(
        [lights[0]!, sensor!, virtual!].map((d) => ({ nid: network.id, zoneId: zone!.id, name: d.name, vid: d.id })),
      );
    const [group] = await site.t.db.insert(groups).values({ nid: network.id, name: 'Row' }).returning();
    await site.t.db.insert(groupDevices).values({ groupId: group!.id, deviceId: lights[1]!.id });

    const byZone = await call(
      site.t.app,
      'controlLight',
      { nid: network.id, target: { kind: 'zone', ids: [zone!.id] }, onOff: 1 },
      owner.session,
    );
    await settled(owner.session, (byZone.body.data as TaskSummary).id);
    expect(gateway.commands[0]!.targets.map((d) => d.mac)).toEqual([lights[0]!.mac, lights[2]!.mac]);
    const byGroup = await call(
      site.t.app,
      'controlLight',
      { nid: network.id, target: { kind: 'group', ids: [group!.id] }, onOff: 0 },
      owner.session,
    );
    await settled(owner.session, (byGroup.body.data as TaskSummary).id);
    expect(gateway.commands[1]!.targets.map((d) => d.mac)).toEqual([lights[1]!.mac]);
    expect(byGroup.body.data as TaskSummary).toMatchObject({ targetKind: 'group', targetId: group!.id });
  });

  it('answers 1013 to a user of another project, for existing and missing networks alike', async () => {
    const { stranger, network } = await networkTeam(site.t);
    const gateway = await gatewayIn(network.id);
    await buildLuminaires(site.t.db, network.id, gateway.id, 1);
    for (const nid of [network.id, 999_999]) {
      expect((await call(site.t.app, 'controlLight', lightsOff(nid), stranger.session)).body.code).toBe(
        Code.noPermission,
      );
    }
    expect(gateway.commands).toEqual([]);
  });

  it('lets owners, installers and sub-users control', async () => {
    const { owner, installer, sub, network } = await networkTeam(site.t);
    const gateway = await gatewayIn(network.id);
    await buildLuminaires(site.t.db, network.id, gateway.id, 2);
    for (const member of [owner, installer, sub]) {
      const reply = await call(site.t.app, 'controlLight', lightsOff(network.id), member.session);
      expect(reply.body.code).toBe(Code.ok);
      await settled(member.session, (reply.body.data as TaskSummary).id);
    }
    expect(gateway.commands).toHaveLength(3);
  });
});
