import { Code, type PlanNode, type Zone } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildNetwork, buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { nodes } from '../../db/schema.ts';
import { square } from './test-plan.ts';

describeApi('nodes: add, move and delete on the plan', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('adds a plain node with name size 12 and icon size 24, placed in its zone or the image centre', async () => {
    const { owner, installer, network } = await networkTeam(t);
    const zone = (await call(t.app, 'zoneAdd', { nid: network.id, name: 'Z', points: square(0, 0, 40) }, owner.session))
      .body.data as Zone;
    const plain = await call(t.app, 'nodeAdd', { nid: network.id, name: 'Sensor' }, installer.session);
    expect(plain.body).toMatchObject({
      code: 0,
      data: {
        nid: network.id,
        name: 'Sensor',
        zoneId: null,
        vid: null,
        rid: null,
        nameSize: 12,
        iconSize: 24,
        positionX: 250,
        positionY: 250,
        status: 0,
      },
    });
    const inZone = await call(t.app, 'nodeAdd', { nid: network.id, name: 'Lamp', zoneId: zone.id }, owner.session);
    expect(inZone.body.data).toMatchObject({ zoneId: zone.id, positionX: 20, positionY: 20 });
    const clamped = await call(
      t.app,
      'nodeAdd',
      { nid: network.id, name: 'Far', positionX: 9000, positionY: -3, nameSize: 14, nameColor: '#112233' },
      owner.session,
    );
    expect(clamped.body.data).toMatchObject({ positionX: 500, positionY: 0, nameSize: 14, nameColor: '#112233' });
  });

  it('moves and restyles a node; a zone of another network is refused (1013)', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    const other = await buildNetwork(t.db, owner.pid, [{ uid: owner.user.id, userType: 2 }]);
    const foreignZone = (await call(t.app, 'zoneAdd', { nid: other.id, name: 'Elsewhere' }, owner.session)).body
      .data as Zone;
    const zone = (await call(t.app, 'zoneAdd', { nid: network.id, name: 'Here' }, owner.session)).body.data as Zone;
    const node = (await call(t.app, 'nodeAdd', { nid: network.id, name: 'Lamp' }, owner.session)).body.data as PlanNode;
    const moved = await call(
      t.app,
      'nodeUpdate',
      {
        nodeId: node.id,
        zoneId: zone.id,
        positionX: 210.5,
        positionY: 620,
        namePositionX: 0,
        namePositionY: 18,
        nameAngle: 90,
        iconSize: 32,
        name: 'Lamp A',
      },
      owner.session,
    );
    expect(moved.body.data).toMatchObject({
      zoneId: zone.id,
      positionX: 210.5,
      positionY: 500,
      namePositionX: 0,
      namePositionY: 18,
      nameAngle: 90,
      iconSize: 32,
      name: 'Lamp A',
    });
    for (const payload of [
      { nodeId: node.id, zoneId: foreignZone.id },
      { nodeId: node.id, zoneId: 999_999 },
    ]) {
      expect((await call(t.app, 'nodeUpdate', payload, owner.session)).body.code).toBe(Code.noPermission);
    }
    expect(
      (await call(t.app, 'nodeAdd', { nid: network.id, name: 'X', zoneId: foreignZone.id }, owner.session)).body.code,
    ).toBe(Code.noPermission);
    for (const who of [sub, stranger]) {
      expect((await call(t.app, 'nodeUpdate', { nodeId: node.id, positionX: 1 }, who.session)).body.code).toBe(
        Code.noPermission,
      );
      expect((await call(t.app, 'nodeAdd', { nid: network.id, name: 'X' }, who.session)).body.code).toBe(
        Code.noPermission,
      );
      expect((await call(t.app, 'nodeDelete', { nodeId: node.id }, who.session)).body.code).toBe(Code.noPermission);
    }
    expect((await call(t.app, 'nodeUpdate', { nodeId: node.id }, owner.session)).body.code).toBe(Code.badInput);
    expect((await call(t.app, 'nodeAdd', { nid: network.id, name: '' }, owner.session)).body.code).toBe(Code.badInput);
    const [row] = await t.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(row).toMatchObject({ zoneId: zone.id, positionX: 210.5, name: 'Lamp A' });
    expect((await call(t.app, 'nodeDelete', { nodeId: node.id }, owner.session)).body).toEqual({ code: 0, data: null });
    expect((await call(t.app, 'nodeDelete', { nodeId: node.id }, owner.session)).body.code).toBe(Code.noPermission);
  });
});

describeApi('map view per user and network', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers null until a view is saved, then each member’s own view with the zoom snapped to 0.125 steps', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    expect((await call(t.app, 'viewStateGet', { nid: network.id }, owner.session)).body).toEqual({
      code: 0,
      data: null,
    });
    for (const [zoom, snapped] of [
      [0.3, 0.25],
      [1.06, 1],
      [2.2, 2.25],
      [5, 3],
      [0.01, 0.125],
    ]) {
      const saved = await call(t.app, 'viewStateSave', { nid: network.id, zoom, imgX: -40, imgY: 12.5 }, sub.session);
      expect(saved.body.data).toEqual({ zoom: snapped, imgX: -40, imgY: 12.5 });
    }
    expect((await call(t.app, 'viewStateGet', { nid: network.id }, sub.session)).body.data).toEqual({
      zoom: 0.125,
      imgX: -40,
      imgY: 12.5,
    });
    expect((await call(t.app, 'viewStateGet', { nid: network.id }, owner.session)).body.data).toBeNull();
    // One view per network: a second network of the same user still has none.
    const other = await buildNetwork(t.db, owner.pid, [
      { uid: owner.user.id, userType: 2 },
      { uid: sub.user.id, userType: 3 },
    ]);
    expect((await call(t.app, 'viewStateGet', { nid: other.id }, sub.session)).body.data).toBeNull();
    await call(t.app, 'viewStateSave', { nid: other.id, zoom: 2, imgX: 5, imgY: 6 }, sub.session);
    expect((await call(t.app, 'viewStateGet', { nid: other.id }, sub.session)).body.data).toEqual({
      zoom: 2,
      imgX: 5,
      imgY: 6,
    });
    expect((await call(t.app, 'viewStateGet', { nid: network.id }, sub.session)).body.data).toEqual({
      zoom: 0.125,
      imgX: -40,
      imgY: 12.5,
    });
    for (const zoom of [0, -1]) {
      expect(
        (await call(t.app, 'viewStateSave', { nid: network.id, zoom, imgX: 0, imgY: 0 }, owner.session)).body.code,
      ).toBe(Code.badInput);
    }
    for (const nid of [network.id, 999_999]) {
      const save = await call(t.app, 'viewStateSave', { nid, zoom: 2, imgX: 0, imgY: 0 }, stranger.session);
      expect(save.body.code).toBe(Code.noPermission);
      expect((await call(t.app, 'viewStateGet', { nid }, stranger.session)).body.code).toBe(Code.noPermission);
    }
  });
});
