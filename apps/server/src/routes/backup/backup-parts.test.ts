import {
  type BackupDetail,
  type BackupSummary,
  defaultProfileSettings,
  type Group,
  type Profile,
  type Scene,
  type Schedule,
  type Zone,
} from '@lightwell/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type Session, type TestApp } from '../../../test/helpers.ts';
import { weekdayEvening } from '../../../test/support/schedules.ts';
import { backups, devices, nodes } from '../../db/schema.ts';
import { type CommandSender, runSchedules } from '../../jobs/run-schedules.ts';
import type { CommandRequest } from '../../services/commands/send-command.ts';
import { buildDevices } from '../scene/test-devices.ts';

/** Every weekday at 17:30 (UTC unless the network says otherwise). */
const evenings = weekdayEvening(17);

describeApi('backups of the whole configuration: every part restored exactly', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const setNow = (iso: string) => {
    t.clock.offsetMs = new Date(iso).getTime() - Date.now();
  };
  const data = async <T>(name: Parameters<typeof call>[1], payload: unknown, session: Session) => {
    const reply = await call(t.app, name, payload as never, session);
    expect(reply.body.code, name).toBe(0);
    return reply.body.data as T;
  };

  /** What every list call answers for the network: the state a restore must give back. */
  async function lists(session: Session, nid: number) {
    const answer = async (name: Parameters<typeof call>[1], payload: unknown) =>
      (await call(t.app, name, payload as never, session)).body;
    const network = (await answer('networkVoByNid', { nid })) as { data: { updatedAt?: number } };
    const { updatedAt: _updated, ...settings } = network.data;
    return {
      settings,
      zones: await answer('zoneList', { nid }),
      devices: await answer('deviceList', { nid, page: 1, pageSize: 100 }),
      groups: await answer('groupList', { nid }),
      scenes: await answer('sceneList', { nid }),
      schedules: await answer('scheduleList', { nid }),
      profiles: await answer('profileList', { scope: 'mine', page: 1, pageSize: 100 }),
    };
  }

  /** A network with location, a zone, devices (one virtual bound to a real one), a node, a group, a scene, schedules and profiles. */
  async function configuredNetwork() {
    setNow('2026-03-02T12:00:00Z');
    const team = await networkTeam(t);
    const nid = team.network.id;
    const s = team.owner.session;
    await data('networkLocationUpdate', { nid, latitude: 52.52, longitude: 13.405, timeZone: 'Europe/Berlin' }, s);
    const zone = await data<Zone>('zoneAdd', { nid, name: 'Hall' }, s);
    const [lamp, strip, spare] = await buildDevices(t.db, nid, 3);
    const [planned] = await buildDevices(t.db, nid, 1, { isVirtual: true });
    await t.db.update(devices).set({ boundId: spare!.id }).where(eq(devices.id, planned!.id));
    await data('deviceUpdate', { deviceId: lamp!.id, changes: { name: 'Desk lamp', supplier: 'Acme' } }, s);
    await t.db.insert(nodes).values({ nid, zoneId: zone.id, vid: lamp!.id, name: 'Desk' });
    const group = await data<Group>('groupAdd', { nid, name: 'Office', category: 'office' }, s);
    await data('groupDeviceAdd', { groupId: group.id, deviceIds: [lamp!.id, strip!.id] }, s);
    const scene = await data<Scene>(
      'sceneAdd',
      {
        nid,
        name: 'Meeting',
        type: 'generic',
        fadeTime: 2,
        devices: [
          { deviceId: lamp!.id, lightness: 60 },
          { deviceId: strip!.id, lightness: 60, cct: 3000 },
        ],
      },
      s,
    );
    await data<Schedule>(
      'scheduleAdd',
      { nid, ...evenings, targetKind: 'scene', targetId: scene.id, action: { op: 'scene' } },
      s,
    );
    await data<Schedule>(
      'scheduleAdd',
      {
        nid,
        ...evenings,
        name: 'Dusk',
        kind: 'astro',
        astroEvent: 'sunset',
        astroShift: -15,
        targetKind: 'group',
        targetId: group.id,
        action: { op: 'light', onOff: 1, lightness: 40 },
        overrideEnd: 'countdown',
        overrideValue: 600,
      },
      s,
    );
    const zoneProfile = await data<Profile>(
      'profileAdd',
      { name: 'Zone profile', settings: defaultProfileSettings() },
      s,
    );
    const netProfile = await data<Profile>(
      'profileAdd',
      { name: 'Net profile', settings: defaultProfileSettings() },
      s,
    );
    await data('profileApply', { profileId: zoneProfile.id, zoneIds: [zone.id] }, s);
    await data('profileApply', { profileId: netProfile.id, nids: [nid] }, s);
    return { ...team, nid, s, zone, lamp: lamp!, strip: strip!, spare: spare!, planned: planned!, group, scene };
  }

  async function takeBackup(session: Session, nid: number) {
    return data<BackupSummary>('backupAdd', { nid, name: 'Configured' }, session);
  }

  it('restores settings, zones, nodes, devices, groups, scenes, schedules and profiles — twice gives the same', async () => {
    const n = await configuredNetwork();
    const { nid, s } = n;
    const before = await lists(s, nid);
    const backup = await takeBackup(s, nid);
    const schedules = (before.schedules.data as { list: Schedule[] }).list;

    // Change every part.
    await data('networkLocationUpdate', { nid, latitude: 1, longitude: 2, timeZone: 'Asia/Tokyo' }, s);
    await data('networkVoUpdate', { pid: n.owner.pid, key: JSON.stringify({ id: nid, name: 'Renamed' }) }, s);
    await data('zoneUpdate', { zid: n.zone.id, name: 'Hall 2', configId: null }, s);
    await data('zoneAdd', { nid, name: 'Extra' }, s);
    await t.db.update(nodes).set({ vid: null }).where(eq(nodes.nid, nid));
    await data('deviceUpdate', { deviceId: n.lamp.id, changes: { name: 'Other name', supplier: '' } }, s);
    await t.db
      .update(devices)
      .set({ boundId: null, settings: { changed: true } })
      .where(eq(devices.id, n.planned.id));
    await data('groupUpdate', { groupId: n.group.id, name: 'Renamed group' }, s);
    await data('groupDeviceRemove', { groupId: n.group.id, deviceIds: [n.strip.id] }, s);
    await data('groupAdd', { nid, name: 'New group' }, s);
    await data(
      'sceneDeviceSet',
      {
        sceneId: n.scene.id,
        devices: [
          { deviceId: n.lamp.id, lightness: 20 },
          { deviceId: n.spare.id, lightness: 20 },
        ],
      },
      s,
    );
    await data('sceneUpdate', { sceneId: n.scene.id, name: 'Meeting 2', fadeTime: 5 }, s);
    await data('sceneAdd', { nid, name: 'New scene', type: 'generic' }, s);
    await data('scheduleDelete', { scheduleId: schedules[0]!.id }, s);
    await data('scheduleEnable', { scheduleId: schedules[1]!.id, enabled: false }, s);
    await data('scheduleAdd', { nid, ...evenings, name: 'New schedule' }, s);
    const zoneProfileId = (before.zones.data as { zones: Zone[] }).zones[0]!.configId!;
    await data('profileApply', { profileId: zoneProfileId, nids: [nid] }, s);

    const view = await data<BackupDetail>('backupView', { backupId: backup.id }, s);
    expect(view.version).toBe(2);
    expect(view.warnings).toEqual([]);
    expect(view.parts).toEqual([
      { part: 'network', count: 1 },
      { part: 'zones', count: 1 },
      { part: 'nodes', count: 1 },
      { part: 'devices', count: 4 },
      { part: 'groups', count: 1 },
      { part: 'scenes', count: 4 },
      { part: 'schedules', count: 2 },
    ]);
    expect(view.diff.network.changed).toEqual(['configId', 'latitude', 'longitude', 'name', 'timeZone']);
    expect(view.diff.zones?.changed).toEqual([{ id: n.zone.id, name: 'Hall 2', fields: ['configId', 'name'] }]);
    expect(view.diff.zones?.added.map((z) => z.name)).toEqual(['Extra']);
    expect(view.diff.nodes?.changed.map((c) => c.fields)).toEqual([['vid']]);
    expect(view.diff.devices?.changed).toEqual([
      { id: n.lamp.id, name: 'Other name', fields: ['name', 'supplier'] },
      { id: n.planned.id, name: n.planned.name, fields: ['boundId', 'settings'] },
    ]);
    expect(view.diff.groups).toEqual({
      added: [expect.objectContaining({ name: 'New group' })],
      removed: [],
      changed: [{ id: n.group.id, name: 'Renamed group', fields: ['deviceIds', 'name'] }],
    });
    expect(view.diff.scenes?.changed).toEqual([
      { id: n.scene.id, name: 'Meeting 2', fields: ['devices', 'fadeTime', 'name'] },
    ]);
    expect(view.diff.scenes?.added.map((x) => x.name)).toEqual(['New scene']);
    expect(view.diff.schedules).toEqual({
      added: [expect.objectContaining({ name: 'New schedule' })],
      removed: [{ id: schedules[0]!.id, name: 'Evening', fields: [] }],
      changed: [{ id: schedules[1]!.id, name: 'Dusk', fields: ['enabled'] }],
    });

    expect((await call(t.app, 'backupRestore', { backupId: backup.id }, n.installer.session)).body).toEqual({
      code: 0,
      data: { skipped: [] },
    });
    expect(await lists(s, nid)).toEqual(before);
    expect((await call(t.app, 'backupRestore', { backupId: backup.id }, s)).body.code).toBe(0);
    expect(await lists(s, nid)).toEqual(before);
    const again = await data<BackupDetail>('backupView', { backupId: backup.id }, s);
    const empty = { added: [], removed: [], changed: [] };
    expect(again.diff).toEqual({
      network: { changed: [] },
      zones: empty,
      nodes: empty,
      devices: empty,
      groups: empty,
      scenes: empty,
      schedules: empty,
    });
  });

  it('restores a version 1 backup: settings, zones and nodes; the other parts stay as they are', async () => {
    const n = await configuredNetwork();
    const { nid, s } = n;
    const modern = await data<BackupDetail>('backupView', { backupId: (await takeBackup(s, nid)).id }, s);
    const content = modern.content as Extract<BackupDetail['content'], { version: 2 }>;
    const { latitude: _a, longitude: _b, timeZone: _c, configId: _d, ...network } = content.network;
    const [row] = await t.db
      .insert(backups)
      .values({
        nid,
        name: 'Old format',
        createdBy: n.owner.user.id,
        content: { version: 1, network, zones: content.zones, nodes: content.nodes },
        createdAt: new Date(),
      })
      .returning();
    const before = await lists(s, nid);

    await data('zoneUpdate', { zid: n.zone.id, name: 'Hall 2' }, s);
    await data('networkVoUpdate', { pid: n.owner.pid, key: JSON.stringify({ id: nid, name: 'Renamed' }) }, s);
    await data('groupUpdate', { groupId: n.group.id, name: 'Renamed group' }, s);
    const view = await data<BackupDetail>('backupView', { backupId: row!.id }, s);
    expect(view.version).toBe(1);
    expect(view.parts).toEqual([
      { part: 'network', count: 1 },
      { part: 'zones', count: 1 },
      { part: 'nodes', count: 1 },
    ]);
    expect(view.diff).toEqual({
      network: { changed: ['name'] },
      zones: { added: [], removed: [], changed: [{ id: n.zone.id, name: 'Hall 2', fields: ['name'] }] },
      nodes: { added: [], removed: [], changed: [] },
    });
    expect(view.warnings).toEqual([]);
    expect((await call(t.app, 'backupRestore', { backupId: row!.id }, s)).body).toEqual({
      code: 0,
      data: { skipped: [] },
    });
    const after = await lists(s, nid);
    expect(after.settings).toEqual(before.settings);
    expect(after.zones).toEqual(before.zones);
    expect((after.groups.data as Group[]).map((g) => g.name)).toEqual(['Renamed group']);
    const listed = (await call(t.app, 'backupList', { nid }, s)).body.data as BackupSummary[];
    expect(listed.map((b) => b.version)).toEqual([1, 2]);
  });

  it('warns before a restore that cannot be exact, then skips what it said and restores the rest', async () => {
    const n = await configuredNetwork();
    const { nid, s } = n;
    const backup = await takeBackup(s, nid);
    const zoneProfileId = ((await call(t.app, 'zoneList', { nid }, s)).body.data as { zones: Zone[] }).zones[0]!
      .configId!;
    await data('zoneUpdate', { zid: n.zone.id, configId: null }, s);
    await data('profileDelete', { profileId: zoneProfileId }, s);
    await data('deviceDelete', { deviceId: n.strip.id }, s);
    await data('groupUpdate', { groupId: n.group.id, name: 'Renamed group' }, s);
    await data('sceneDeviceSet', { sceneId: n.scene.id, devices: [{ deviceId: n.lamp.id, lightness: 20 }] }, s);
    // A virtual device added since takes over the real one the backup's virtual device is bound to.
    await t.db.update(devices).set({ boundId: null }).where(eq(devices.id, n.planned.id));
    const [newcomer] = await buildDevices(t.db, nid, 1, { isVirtual: true });
    await t.db.update(devices).set({ boundId: n.spare.id }).where(eq(devices.id, newcomer!.id));

    const warnings = [
      { kind: 'deviceMissing', names: [n.strip.name] },
      { kind: 'profileMissing', names: ['Zone profile'] },
    ];
    const view = await data<BackupDetail>('backupView', { backupId: backup.id }, s);
    expect(view.warnings).toEqual(warnings);
    expect(view.diff.devices?.removed).toEqual([{ id: n.strip.id, name: n.strip.name, fields: [] }]);
    expect((await call(t.app, 'backupRestore', { backupId: backup.id }, s)).body).toEqual({
      code: 0,
      data: { skipped: warnings },
    });
    const after = await lists(s, nid);
    const group = (after.groups.data as Group[])[0]!;
    expect(group).toMatchObject({ name: 'Office', deviceIds: [n.lamp.id] });
    const scene = (after.scenes.data as Scene[]).find((x) => x.id === n.scene.id)!;
    expect(scene.devices.map((d) => [d.deviceId, d.lightness])).toEqual([[n.lamp.id, 60]]);
    expect((after.zones.data as { zones: Zone[] }).zones[0]!.configId).toBeNull();
    const bindings = await t.db
      .select({ id: devices.id, boundId: devices.boundId })
      .from(devices)
      .where(inArray(devices.id, [n.planned.id, newcomer!.id]));
    expect(bindings.sort((a, b) => a.id - b.id)).toEqual([
      { id: n.planned.id, boundId: n.spare.id },
      { id: newcomer!.id, boundId: null },
    ]);
    expect((await call(t.app, 'backupRestore', { backupId: backup.id }, s)).body.data).toEqual({ skipped: warnings });
    expect(await lists(s, nid)).toEqual(after);
  });

  it('does not fire a restored schedule again for a minute it already fired in', async () => {
    setNow('2026-03-02T12:00:00Z');
    const { owner, network } = await networkTeam(t);
    const s = owner.session;
    await buildDevices(t.db, network.id, 1);
    const schedule = await data<Schedule>('scheduleAdd', { nid: network.id, ...evenings }, s);
    const backup = await takeBackup(s, network.id);
    const sent: CommandRequest[] = [];
    const recorder: CommandSender = async (_ctx, request) => {
      if (request.nid === network.id) sent.push(request);
      return { id: sent.length };
    };
    setNow('2026-03-02T17:30:20Z');
    await runSchedules(t.app.ctx, recorder);
    expect(sent).toHaveLength(1);

    await data('scheduleDelete', { scheduleId: schedule.id }, s);
    await data('backupRestore', { backupId: backup.id }, s);
    const list = (await data<{ list: Schedule[] }>('scheduleList', { nid: network.id }, s)).list;
    expect(list.map((x) => [x.id, x.lastRun])).toEqual([[schedule.id, Date.parse('2026-03-02T17:30:00Z') / 1000]]);
    // The next look still covers 17:30: the restored schedule keeps its claim and stays silent.
    setNow('2026-03-02T17:31:10Z');
    await runSchedules(t.app.ctx, recorder);
    await data('backupRestore', { backupId: backup.id }, s);
    await runSchedules(t.app.ctx, recorder);
    expect(sent).toHaveLength(1);
    // The next day it fires again.
    setNow('2026-03-03T17:30:20Z');
    await runSchedules(t.app.ctx, recorder);
    expect(sent).toHaveLength(2);
  });
});
