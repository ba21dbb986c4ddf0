import { Code, ElementType, type EmergencyElement, type ModeChange } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { deviceElements, devices, emergencyFittings, emergencyModeChanges, nodes, zones } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Page<T> = { list: T[]; total: number; page: number; pageSize: number; timeZone?: string };

/** A network with a zone of three emergency fittings (one with reported state) and their mode changes. */
async function site() {
  const team = await networkTeam(t);
  const nid = team.network.id;
  const [zone] = await t.db
    .insert(zones)
    .values({
      nid,
      name: 'Stairs',
      points: [
        { x: 0, y: 0 },
        { x: 9, y: 0 },
        { x: 9, y: 9 },
      ],
    })
    .returning();
  const fittings = await t.db
    .insert(devices)
    .values(
      [1, 2, 3].map((i) => ({
        nid,
        kind: 'emergency',
        name: `Exit ${i}`,
        model: 'EM',
        mac: `E${i}${String(nid).padStart(10, '0')}`,
        online: true,
      })),
    )
    .returning();
  await t.db
    .insert(deviceElements)
    .values(fittings.map((f) => ({ deviceId: f.id, index: 0, type: ElementType.emergencyOne })));
  await t.db.insert(nodes).values(fittings.map((f) => ({ nid, zoneId: zone!.id, rid: f.id, name: f.name })));
  await t.db
    .insert(emergencyFittings)
    .values({ deviceId: fittings[0]!.id, nid, mode: 0, statusBits: 8, batteryCharge: 254 });
  const base = Date.parse('2026-03-01T10:00:00Z');
  await t.db.insert(emergencyModeChanges).values(
    [0, 1, 2, 3].map((i) => ({
      nid,
      deviceId: fittings[i % 2]!.id,
      fittingName: fittings[i % 2]!.name,
      location: 'Stairs',
      at: new Date(base + i * 3_600_000),
      fromMode: i === 0 ? null : 0,
      toMode: i % 2 === 0 ? 5 : 0,
    })),
  );
  return { ...team, nid, zone: zone!, fittings, base };
}

describeApi('emergencyElementList', () => {
  it('every member reads the fittings, paged, with the network time zone; a stranger and a foreign zone get 1013', async () => {
    const { owner, installer, sub, stranger, nid, zone, fittings } = await site();
    const other = await site();
    for (const member of [owner, installer, sub]) {
      const reply = await call(t.app, 'emergencyElementList', { nid, pageSize: 10 }, member.session);
      expect(reply.body.code).toBe(Code.ok);
      const page = reply.body.data as Page<EmergencyElement>;
      expect(page).toMatchObject({ total: 3, page: 1, pageSize: 10, timeZone: 'UTC' });
      expect(page.list.map((e) => e.deviceId)).toEqual(fittings.map((f) => f.id));
      expect(page.list[0]).toMatchObject({ zoneName: 'Stairs', mode: 0, batteryPercent: 100, status: ['batteryFull'] });
      expect(page.list[1]).toMatchObject({ mode: null, batteryPercent: null });
    }
    const second = await call(
      t.app,
      'emergencyElementList',
      { nid, page: 2, pageSize: 10, zoneId: zone.id },
      owner.session,
    );
    expect(second.body).toMatchObject({ code: Code.ok, data: { list: [], total: 3, page: 2 } });
    expect((await call(t.app, 'emergencyElementList', { nid }, stranger.session)).body.code).toBe(Code.noPermission);
    const foreign = await call(t.app, 'emergencyElementList', { nid, zoneId: other.zone.id }, owner.session);
    expect(foreign.body.code).toBe(Code.noPermission);
    const none = await call(t.app, 'emergencyElementList', { nid, filter: 'testing' }, owner.session);
    expect(none.body).toMatchObject({ code: Code.emptyList, data: { list: [], total: 0 } });
    const bad = await call(t.app, 'emergencyElementList', { nid, filter: 'broken' }, owner.session);
    expect(bad.body.code).toBe(Code.badInput);
  });
});

describeApi('emergencyModeLog', () => {
  it('lists mode changes newest first, by fitting and period; every member; a stranger 1013; a reversed period 1001', async () => {
    const { owner, sub, stranger, nid, fittings, base } = await site();
    const all = await call(t.app, 'emergencyModeLog', { nid }, sub.session);
    expect(all.body.code).toBe(Code.ok);
    const page = all.body.data as Page<ModeChange>;
    expect(page.total).toBe(4);
    expect(page.list.map((c) => c.at)).toEqual([3, 2, 1, 0].map((i) => (base + i * 3_600_000) / 1000));
    expect(page.list[3]).toMatchObject({ fromMode: null, toMode: 5, fittingName: 'Exit 1', location: 'Stairs' });

    const one = await call(t.app, 'emergencyModeLog', { nid, deviceId: fittings[1]!.id }, owner.session);
    expect((one.body.data as Page<ModeChange>).list.map((c) => c.toMode)).toEqual([0, 0]);
    const period = await call(
      t.app,
      'emergencyModeLog',
      { nid, from: base / 1000 + 3600, to: base / 1000 + 3 * 3600 },
      owner.session,
    );
    expect((period.body.data as Page<ModeChange>).total).toBe(2);
    const empty = await call(t.app, 'emergencyModeLog', { nid, deviceId: fittings[2]!.id }, owner.session);
    expect(empty.body.code).toBe(Code.emptyList);
    expect((await call(t.app, 'emergencyModeLog', { nid }, stranger.session)).body.code).toBe(Code.noPermission);
    const reversed = await call(t.app, 'emergencyModeLog', { nid, from: 2000, to: 1000 }, owner.session);
    expect(reversed.body.code).toBe(Code.badInput);
    expect(JSON.stringify(reversed.body.data)).toContain('period');
  });
});
