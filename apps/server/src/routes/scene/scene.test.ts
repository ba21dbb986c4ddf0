import { Code, defaultCurve, type Scene } from '@lightwell/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type Session, type TestApp } from '../../../test/helpers.ts';
import { devices, sceneDevices, scenes } from '../../db/schema.ts';
import { buildDevices } from './test-devices.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function addScene(session: Session, nid: number, extra: Record<string, unknown> = {}) {
  return call(t.app, 'sceneAdd', { nid, name: 'Scene', type: 'generic', ...extra }, session);
}

const sceneCount = async (nid: number) =>
  (await t.db.select({ n: count() }).from(scenes).where(eq(scenes.nid, nid)))[0]!.n;

describeApi('scenes', () => {
  describe('sceneList and built-in scenes', () => {
    it('gives every network all off, all 50 % and all on first, which cannot be changed or deleted', async () => {
      const { owner, sub, network } = await networkTeam(t);
      await addScene(owner.session, network.id, { name: 'Meeting' });
      const reply = await call(t.app, 'sceneList', { nid: network.id }, sub.session);
      const list = reply.body.data as Scene[];
      expect(list.map((s) => [s.builtIn, s.number])).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
        [null, 4],
      ]);
      const builtIn = list[0]!;
      for (const [name, payload] of [
        ['sceneUpdate', { sceneId: builtIn.id, name: 'Mine' }],
        ['sceneDelete', { sceneId: builtIn.id }],
        ['sceneDeviceSet', { sceneId: builtIn.id, devices: [] }],
      ] as const) {
        expect((await call(t.app, name, payload, owner.session)).body.code, name).toBe(Code.noPermission);
      }
      // Listing again creates nothing more.
      await call(t.app, 'sceneList', { nid: network.id }, sub.session);
      expect(await sceneCount(network.id)).toBe(4);
    });
  });

  describe('sceneAdd and sceneUpdate', () => {
    it('numbers scenes uniquely, checks parameters per type and needs a curve for curve types', async () => {
      const { owner, installer, sub, network } = await networkTeam(t);
      const first = await addScene(owner.session, network.id, {
        type: 'daylightClosedLoop',
        params: { luxTarget: 400 },
        fadeTime: 2,
      });
      expect(first.body.data).toMatchObject({
        number: 4,
        fadeTime: 2,
        params: { luxTarget: 400, tolerance: 10, sensorStrategy: 'own' },
        curve: null,
      });
      const second = await addScene(installer.session, network.id, { type: 'circadian24h', curve: defaultCurve() });
      expect(second.body.data).toMatchObject({ number: 5, curve: defaultCurve() });
      expect((await addScene(owner.session, network.id, { type: 'circadian24h' })).body.code).toBe(Code.badInput);
      expect((await addScene(owner.session, network.id, { params: { dimmingLevel: 120 } })).body.code).toBe(
        Code.badInput,
      );
      expect((await addScene(owner.session, network.id, { curve: defaultCurve().slice(0, 2) })).body.code).toBe(
        Code.badInput,
      );
      expect((await addScene(sub.session, network.id)).body.code).toBe(Code.noPermission);

      const id = (first.body.data as Scene).id;
      const changed = await call(
        t.app,
        'sceneUpdate',
        { sceneId: id, type: 'animation', curve: defaultCurve() },
        owner.session,
      );
      expect(changed.body.data).toMatchObject({ type: 'animation', params: { loopRun: true, dwellTime: 5 } });
      expect((await call(t.app, 'sceneUpdate', { sceneId: id, name: 'X' }, sub.session)).body.code).toBe(
        Code.noPermission,
      );
    });
  });

  describe('scene slots', () => {
    it('refuses a 17th scene for a luminaire with 1079 naming it, and saves nothing', async () => {
      const { owner, network } = await networkTeam(t);
      const [full, free] = await buildDevices(t.db, network.id, 2);
      for (let i = 0; i < 16; i += 1) {
        const reply = await addScene(owner.session, network.id, { name: `S${i}`, devices: [{ deviceId: full!.id }] });
        expect(reply.body.code).toBe(0);
      }
      const slots = await t.db.select().from(sceneDevices).where(eq(sceneDevices.deviceId, full!.id));
      expect(slots.map((s) => s.slot).sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i));
      const scenesBefore = await sceneCount(network.id);

      const refused = await addScene(owner.session, network.id, {
        name: 'Seventeenth',
        devices: [{ deviceId: free!.id }, { deviceId: full!.id, lightness: 40 }],
      });
      expect(refused.body).toMatchObject({
        code: Code.sceneSlotsFull,
        data: { devices: [{ id: full!.id, name: full!.name }] },
      });
      expect(await sceneCount(network.id)).toBe(scenesBefore);
      expect(await t.db.select().from(sceneDevices).where(eq(sceneDevices.deviceId, free!.id))).toEqual([]);

      // Setting the devices of an existing scene is all or nothing too.
      const other = (await addScene(owner.session, network.id, { devices: [{ deviceId: free!.id, lightness: 30 }] }))
        .body.data as Scene;
      const set = await call(
        t.app,
        'sceneDeviceSet',
        { sceneId: other.id, devices: [{ deviceId: full!.id }] },
        owner.session,
      );
      expect(set.body.code).toBe(Code.sceneSlotsFull);
      const kept = await t.db.select().from(sceneDevices).where(eq(sceneDevices.sceneId, other.id));
      expect(kept).toMatchObject([{ deviceId: free!.id, lightness: 30 }]);
    });

    it('counts a virtual luminaire and the real one it is bound to as one set of 16 slots', async () => {
      const { owner, network } = await networkTeam(t);
      const [real] = await buildDevices(t.db, network.id, 1);
      const [virtual, spare] = await buildDevices(t.db, network.id, 2, { isVirtual: true });
      for (let i = 0; i < 10; i += 1) {
        expect(
          (await addScene(owner.session, network.id, { name: `R${i}`, devices: [{ deviceId: real!.id }] })).body.code,
        ).toBe(0);
      }
      for (let i = 0; i < 7; i += 1) {
        expect(
          (await addScene(owner.session, network.id, { name: `V${i}`, devices: [{ deviceId: virtual!.id }] })).body
            .code,
        ).toBe(0);
      }
      const slotsOf = async (deviceId: number) =>
        (await t.db.select().from(sceneDevices).where(eq(sceneDevices.deviceId, deviceId))).map((row) => row.slot);
      const virtualBefore = await slotsOf(virtual!.id);

      // 10 + 7 scenes would be 17 on one luminaire: the binding is refused and nothing changes.
      const refused = await call(t.app, 'deviceBind', { virtualId: virtual!.id, realId: real!.id }, owner.session);
      expect(refused.body).toMatchObject({ code: Code.sceneSlotsFull, data: { scenes: 17 } });
      const [unbound] = await t.db.select().from(devices).where(eq(devices.id, virtual!.id));
      expect(unbound!.boundId).toBeNull();
      expect(await slotsOf(virtual!.id)).toEqual(virtualBefore);

      // With 6 of its own scenes it binds; its scenes move off the real device's slots 0-9.
      const [dropped] = await t.db.select().from(sceneDevices).where(eq(sceneDevices.deviceId, virtual!.id)).limit(1);
      await call(t.app, 'sceneDelete', { sceneId: dropped!.sceneId }, owner.session);
      expect(
        (await call(t.app, 'deviceBind', { virtualId: virtual!.id, realId: real!.id }, owner.session)).body.code,
      ).toBe(0);
      const merged = [...(await slotsOf(real!.id)), ...(await slotsOf(virtual!.id))].sort((a, b) => a - b);
      expect(merged).toEqual(Array.from({ length: 16 }, (_, i) => i));

      // The luminaire is full now: a 17th scene through either device is refused.
      for (const deviceId of [real!.id, virtual!.id]) {
        const full = await addScene(owner.session, network.id, { devices: [{ deviceId }, { deviceId: spare!.id }] });
        expect(full.body.code).toBe(Code.sceneSlotsFull);
      }
    });

    it('keeps slots of devices that stay and frees those of devices that leave', async () => {
      const { owner, network } = await networkTeam(t);
      const [a, b] = await buildDevices(t.db, network.id, 2);
      const scene = (await addScene(owner.session, network.id, { devices: [{ deviceId: a!.id }] })).body.data as Scene;
      await addScene(owner.session, network.id, { devices: [{ deviceId: b!.id }] });
      const set = await call(
        t.app,
        'sceneDeviceSet',
        {
          sceneId: scene.id,
          devices: [
            { deviceId: a!.id, onOff: 0 },
            { deviceId: b!.id, lightness: 20, cct: 3000 },
          ],
        },
        owner.session,
      );
      const devices = (set.body.data as Scene).devices;
      expect(devices).toMatchObject([
        { deviceId: a!.id, slot: 0, onOff: 0 },
        { deviceId: b!.id, slot: 1, lightness: 20, cct: 3000 },
      ]);
    });

    it('takes only luminaires of the network', async () => {
      const { owner, network } = await networkTeam(t);
      const [sensor] = await buildDevices(t.db, network.id, 1, { kind: 'motionSensor' });
      const reply = await addScene(owner.session, network.id, { devices: [{ deviceId: sensor!.id }] });
      expect(reply.body).toMatchObject({ code: Code.badInput, data: { devices: [sensor!.id] } });
      expect((await addScene(owner.session, network.id, { devices: [{ deviceId: 999_999 }] })).body.code).toBe(
        Code.noPermission,
      );
    });
  });

  describe('sceneDelete', () => {
    it('refuses a scene holding real devices with 1078; deletes it once they are gone', async () => {
      const { owner, sub, network } = await networkTeam(t);
      const [lamp] = await buildDevices(t.db, network.id, 1);
      const scene = (await addScene(owner.session, network.id, { devices: [{ deviceId: lamp!.id }] })).body
        .data as Scene;
      expect((await call(t.app, 'sceneDelete', { sceneId: scene.id }, owner.session)).body).toMatchObject({
        code: Code.hasRealDevices,
        message: 'This group or scene holds real devices and cannot be deleted. Remove the devices first.',
      });
      expect((await call(t.app, 'sceneDelete', { sceneId: scene.id }, sub.session)).body.code).toBe(Code.noPermission);
      await call(t.app, 'sceneDeviceSet', { sceneId: scene.id, devices: [] }, owner.session);
      expect((await call(t.app, 'sceneDelete', { sceneId: scene.id }, owner.session)).body.code).toBe(0);
    });
  });
});
