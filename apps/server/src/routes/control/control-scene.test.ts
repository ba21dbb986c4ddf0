import { Code, TaskStatus, type TaskSummary } from '@lightwell/domain';
import { expect, it } from 'vitest';
import { buildNetwork, call, describeApi, networkTeam } from '../../../test/helpers.ts';
import { sceneDevices, scenes } from '../../db/schema.ts';
import { useControlSite } from './test-control.ts';
import { buildLuminaires } from './test-gateway.ts';

const site = useControlSite();
const { gatewayIn, settled } = site;

describeApi('controlScene', () => {
  it('recalls a scene on its devices by scene number', async () => {
    const { sub, network } = await networkTeam(site.t);
    const gateway = await gatewayIn(network.id);
    const lights = await buildLuminaires(site.t.db, network.id, gateway.id, 3);
    const [scene] = await site.t.db.insert(scenes).values({ nid: network.id, number: 7, name: 'Meeting' }).returning();
    await site.t.db
      .insert(sceneDevices)
      .values(
        lights.slice(0, 2).map((d, slot) => ({ sceneId: scene!.id, deviceId: d.id, slot, lightness: 30 + slot * 40 })),
      );
    const reply = await call(site.t.app, 'controlScene', { nid: network.id, sceneId: scene!.id }, sub.session);
    const task = await settled(sub.session, (reply.body.data as TaskSummary).id);
    expect(task).toMatchObject({ status: TaskStatus.executed, executed: 2, targetKind: 'scene', targetId: scene!.id });
    // Each device's stored state travels with the recall, so a device that missed the store still follows.
    expect(gateway.commands[0]!.action).toEqual({
      op: 'scene',
      sceneNumber: 7,
      states: [
        { mac: lights[0]!.mac, onOff: 1, lightness: 30 },
        { mac: lights[1]!.mac, onOff: 1, lightness: 70 },
      ],
    });
    expect(gateway.commands[0]!.targets.map((d) => d.mac)).toEqual(lights.slice(0, 2).map((d) => d.mac));
  });

  it('sends built-in scenes as light commands to every luminaire', async () => {
    const { owner, network } = await networkTeam(site.t);
    const gateway = await gatewayIn(network.id);
    await buildLuminaires(site.t.db, network.id, gateway.id, 3);
    const [half] = await site.t.db
      .insert(scenes)
      .values({ nid: network.id, number: 65_002, name: 'All 50 %', builtIn: 2, fadeTime: 1.5 })
      .returning();
    const reply = await call(site.t.app, 'controlScene', { nid: network.id, sceneId: half!.id }, owner.session);
    await settled(owner.session, (reply.body.data as TaskSummary).id);
    expect(gateway.commands[0]!.action).toEqual({ op: 'light', onOff: 1, lightness: 50, fadeMs: 1500 });
    expect(gateway.commands[0]!.targets).toHaveLength(3);
  });

  it('answers 1013 for a scene of another network and for a stranger', async () => {
    const { owner, stranger, network } = await networkTeam(site.t);
    const other = await buildNetwork(site.t.db, owner.pid, [{ uid: owner.user.id, userType: 2 }]);
    const [scene] = await site.t.db.insert(scenes).values({ nid: other.id, number: 3, name: 'Elsewhere' }).returning();
    expect(
      (await call(site.t.app, 'controlScene', { nid: network.id, sceneId: scene!.id }, owner.session)).body.code,
    ).toBe(Code.noPermission);
    expect(
      (await call(site.t.app, 'controlScene', { nid: other.id, sceneId: scene!.id }, stranger.session)).body.code,
    ).toBe(Code.noPermission);
  });
});

describeApi('controlProject', () => {
  it('sends one task per network of the caller and lists the networks that refused', async () => {
    const { owner, sub, stranger, network } = await networkTeam(site.t);
    const ready = await gatewayIn(network.id);
    await buildLuminaires(site.t.db, network.id, ready.id, 2);
    const down = await buildNetwork(site.t.db, owner.pid, [
      { uid: owner.user.id, userType: 2 },
      { uid: sub.user.id, userType: 3 },
    ]);
    const offline = await gatewayIn(down.id, { status: 1 });
    await buildLuminaires(site.t.db, down.id, offline.id, 2);
    const bare = await buildNetwork(site.t.db, owner.pid, [{ uid: sub.user.id, userType: 3 }]);
    const notMine = await buildNetwork(site.t.db, owner.pid, [{ uid: owner.user.id, userType: 2 }]);
    const untouched = await gatewayIn(notMine.id);
    await buildLuminaires(site.t.db, notMine.id, untouched.id, 1);

    const reply = await call(site.t.app, 'controlProject', { pid: owner.pid, onOff: 1, lightness: 80 }, sub.session);
    expect(reply.body.code).toBe(Code.ok);
    const data = reply.body.data as { tasks: TaskSummary[]; skipped: { nid: number; code: number }[] };
    expect(data.tasks.map((task) => [task.nid, task.targetKind, task.targetId])).toEqual([
      [network.id, 'project', owner.pid],
    ]);
    expect(data.skipped).toEqual([
      { nid: down.id, code: Code.gatewayOffline },
      { nid: bare.id, code: Code.noGateway },
    ]);
    await settled(sub.session, data.tasks[0]!.id);
    expect(ready.commands[0]!.action).toEqual({ op: 'light', onOff: 1, lightness: 80, fadeMs: 0 });
    expect(untouched.commands).toEqual([]);

    expect((await call(site.t.app, 'controlProject', { pid: owner.pid, onOff: 0 }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(site.t.app, 'controlProject', { pid: 999_999, onOff: 0 }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
  });
});
