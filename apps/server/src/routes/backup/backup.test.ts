import {
  type BackupDetail,
  type BackupSummary,
  Code,
  type NetworkDetail,
  type PlanNode,
  type Zone,
  type ZoneMap,
} from '@lightwell/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type Session, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, backups, files, networks, nodes, profiles, zones } from '../../db/schema.ts';

describeApi('network backups: take, list, view, restore, delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A network with two zones and three nodes, one of them outside any zone. */
  async function furnishedTeam() {
    const team = await networkTeam(t);
    const nid = team.network.id;
    const session = team.owner.session;
    const zoneA = (await call(t.app, 'zoneAdd', { nid, name: 'Hall', shape: 2, points: triangle() }, session)).body
      .data as Zone;
    const [system] = await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.isSystem, true)).limit(1);
    const zoneB = (await call(t.app, 'zoneAdd', { nid, name: 'Office', configId: system!.id }, session)).body
      .data as Zone;
    const lamp = (await call(t.app, 'nodeAdd', { nid, name: 'Lamp', zoneId: zoneA.id, nameAngle: 30 }, session)).body
      .data as PlanNode;
    const sensor = (await call(t.app, 'nodeAdd', { nid, name: 'Sensor', zoneId: zoneB.id, namePositionX: 4 }, session))
      .body.data as PlanNode;
    await call(t.app, 'nodeAdd', { nid, name: 'Loose', positionX: 12.25, positionY: 480 }, session);
    return { ...team, nid, zoneA, zoneB, lamp, sensor };
  }
  const triangle = () => [
    { x: 10, y: 10 },
    { x: 300, y: 40 },
    { x: 120, y: 333.5 },
  ];

  /** Everything a restore must reproduce: the map and the network's settings. */
  async function networkState(session: Session, nid: number) {
    const map = (await call(t.app, 'zoneList', { nid }, session)).body.data as ZoneMap;
    const detail = (await call(t.app, 'networkVoByNid', { nid }, session)).body.data as NetworkDetail;
    const { updatedAt: _updated, ...settings } = detail;
    return { map, settings };
  }

  it('takes a backup, lists it and shows that nothing differs yet', async () => {
    const { owner, installer, nid } = await furnishedTeam();
    expect((await call(t.app, 'backupList', { nid }, owner.session)).body).toEqual({ code: Code.emptyList, data: [] });
    const taken = await call(t.app, 'backupAdd', { nid, name: 'Before works' }, installer.session);
    expect(taken.body).toMatchObject({
      code: 0,
      data: { nid, name: 'Before works', zoneCount: 2, nodeCount: 3, createdBy: installer.user.name },
    });
    const unnamed = (await call(t.app, 'backupAdd', { nid }, owner.session)).body.data as BackupSummary;
    expect(unnamed.name).toBe('');
    const list = (await call(t.app, 'backupList', { nid }, owner.session)).body.data as BackupSummary[];
    expect(list.map((b) => b.id)).toEqual([unnamed.id, (taken.body.data as BackupSummary).id]);
    const view = (await call(t.app, 'backupView', { backupId: unnamed.id }, owner.session)).body.data as BackupDetail;
    expect(view.content).toMatchObject({ version: 2, network: { imageWidth: 500, timeZone: 'UTC' } });
    expect(view.version).toBe(2);
    expect(view.content.zones.map((z) => z.name)).toEqual(['Hall', 'Office']);
    expect(view.content.nodes.map((n) => n.name)).toEqual(['Lamp', 'Sensor', 'Loose']);
    const empty = { added: [], removed: [], changed: [] };
    expect(view.diff).toEqual({
      network: { changed: [] },
      zones: empty,
      nodes: empty,
      devices: empty,
      groups: empty,
      scenes: empty,
      schedules: empty,
    });
    expect(view.parts).toEqual([
      { part: 'network', count: 1 },
      { part: 'zones', count: 2 },
      { part: 'nodes', count: 3 },
      { part: 'devices', count: 0 },
      { part: 'groups', count: 0 },
      { part: 'scenes', count: 0 },
      { part: 'schedules', count: 0 },
    ]);
    expect(view.warnings).toEqual([]);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.nid, nid));
    expect(audit.filter((a) => a.action === 'backup.create')).toHaveLength(2);
  });

  it('shows how the network differs now, and restores it exactly — twice gives the same', async () => {
    const { owner, installer, nid, zoneA, zoneB, lamp, sensor } = await furnishedTeam();
    const before = await networkState(owner.session, nid);
    const backup = (await call(t.app, 'backupAdd', { nid, name: 'Good state' }, owner.session)).body
      .data as BackupSummary;

    await call(
      t.app,
      'zoneUpdate',
      {
        zid: zoneA.id,
        name: 'Hall (moved)',
        points: [
          { x: 0, y: 0 },
          { x: 50, y: 50 },
        ],
        shape: 1,
      },
      owner.session,
    );
    await call(t.app, 'nodeDelete', { nodeId: lamp.id }, owner.session);
    await call(t.app, 'nodeUpdate', { nodeId: sensor.id, zoneId: null }, owner.session);
    expect((await call(t.app, 'zoneDelete', { zid: zoneB.id }, owner.session)).body.code).toBe(0);
    const added = (await call(t.app, 'zoneAdd', { nid, name: 'New' }, owner.session)).body.data as Zone;
    await call(
      t.app,
      'networkVoUpdate',
      {
        pid: owner.pid,
        key: JSON.stringify({ id: nid, name: 'Renamed', category: 'school', electricityPrice: 0.5, currency: 'GBP' }),
      },
      owner.session,
    );

    const view = (await call(t.app, 'backupView', { backupId: backup.id }, installer.session)).body
      .data as BackupDetail;
    expect(view.diff.network.changed).toEqual(['category', 'currency', 'electricityPrice', 'name']);
    expect(view.diff.zones).toEqual({
      added: [{ id: added.id, name: 'New', fields: [] }],
      removed: [{ id: zoneB.id, name: 'Office', fields: [] }],
      changed: [{ id: zoneA.id, name: 'Hall (moved)', fields: ['name', 'points', 'shape'] }],
    });
    expect(view.diff.nodes).toEqual({
      added: [],
      removed: [{ id: lamp.id, name: 'Lamp', fields: [] }],
      changed: [{ id: sensor.id, name: 'Sensor', fields: ['zoneId'] }],
    });

    expect((await call(t.app, 'backupRestore', { backupId: backup.id }, installer.session)).body).toEqual({
      code: 0,
      data: { skipped: [] },
    });
    const restored = await networkState(owner.session, nid);
    expect(restored).toEqual(before);
    expect(await t.db.select().from(zones).where(eq(zones.id, added.id))).toEqual([]);

    expect((await call(t.app, 'backupRestore', { backupId: backup.id }, owner.session)).body.code).toBe(0);
    expect(await networkState(owner.session, nid)).toEqual(before);
    const again = (await call(t.app, 'backupView', { backupId: backup.id }, owner.session)).body.data as BackupDetail;
    expect(again.diff.zones).toEqual({ added: [], removed: [], changed: [] });
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.nid, nid));
    expect(audit.filter((a) => a.action === 'backup.restore')).toHaveLength(2);
    expect(audit.find((a) => a.action === 'backup.restore')).toMatchObject({
      actorUid: installer.user.id,
      before: { name: 'Renamed' },
      after: { backupId: backup.id, name: before.settings.name },
    });

    const nodeAfter = (await call(t.app, 'nodeAdd', { nid, name: 'After restore' }, owner.session)).body
      .data as PlanNode;
    expect(nodeAfter.id).toBeGreaterThan(lamp.id);
  });

  it('restores the floor-plan image it was taken with, which stays stored while a backup holds it', async () => {
    const { owner, nid } = await furnishedTeam();
    await t.db.insert(files).values(
      ['plan-a.png', 'plan-b.png'].map((name) => ({
        name,
        ownerUid: owner.user.id,
        mime: 'image/png',
        size: 1,
        width: 1000,
        height: 1000,
        data: Buffer.from([1]),
      })),
    );
    await t.db.update(networks).set({ image: 'plan-a.png' }).where(eq(networks.id, nid));
    const before = await networkState(owner.session, nid);
    const backup = (await call(t.app, 'backupAdd', { nid }, owner.session)).body.data as BackupSummary;
    await t.db
      .update(networks)
      .set({ image: 'plan-b.png', imageWidth: 800, imageHeight: 600 })
      .where(eq(networks.id, nid));
    expect((await call(t.app, 'fileDelete', { fileName: 'plan-b.png' }, owner.session)).body.code).toBe(0);
    await call(t.app, 'backupRestore', { backupId: backup.id }, owner.session);
    expect(await networkState(owner.session, nid)).toEqual(before);
    expect((await call(t.app, 'fileDelete', { fileName: 'plan-a.png' }, owner.session)).body.code).toBe(0);
    expect(await t.db.select({ name: files.name }).from(files).where(eq(files.name, 'plan-a.png'))).toHaveLength(1);
    await call(t.app, 'backupDelete', { backupId: backup.id }, owner.session);
    expect(await t.db.select({ name: files.name }).from(files).where(eq(files.name, 'plan-a.png'))).toEqual([]);
  });

  it('deletes a backup; sub-users, strangers and missing ids get 1013 and nothing changes', async () => {
    const { owner, sub, stranger, nid, zoneA } = await furnishedTeam();
    const backup = (await call(t.app, 'backupAdd', { nid }, owner.session)).body.data as BackupSummary;
    await call(t.app, 'zoneUpdate', { zid: zoneA.id, name: 'Changed' }, owner.session);
    const tally = async () =>
      Promise.all(
        [backups, zones, nodes, auditEvents].map(
          async (table) => (await t.db.select({ n: count() }).from(table))[0]!.n,
        ),
      );
    const state = await networkState(owner.session, nid);
    const counts = await tally();
    for (const who of [sub, stranger]) {
      for (const [name, payload] of [
        ['backupAdd', { nid }],
        ['backupList', { nid }],
        ['backupView', { backupId: backup.id }],
        ['backupRestore', { backupId: backup.id }],
        ['backupDelete', { backupId: backup.id }],
      ] as const) {
        const reply = await call(t.app, name, payload, who.session);
        expect(reply.body.code, `${name} as ${who === sub ? 'sub-user' : 'stranger'}`).toBe(Code.noPermission);
        expect(JSON.stringify(reply.body)).not.toContain('Changed');
      }
    }
    for (const name of ['backupView', 'backupRestore', 'backupDelete'] as const) {
      expect((await call(t.app, name, { backupId: 999_999 }, owner.session)).body.code).toBe(Code.noPermission);
    }
    expect((await call(t.app, 'backupAdd', { nid, name: 'x'.repeat(65) }, owner.session)).body.code).toBe(
      Code.badInput,
    );
    expect(await tally()).toEqual(counts);
    expect(await networkState(owner.session, nid)).toEqual(state);

    expect((await call(t.app, 'backupDelete', { backupId: backup.id }, owner.session)).body).toEqual({
      code: 0,
      data: null,
    });
    expect((await call(t.app, 'backupList', { nid }, owner.session)).body.code).toBe(Code.emptyList);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.nid, nid));
    expect(audit.map((a) => a.action)).toContain('backup.delete');
  });
});
