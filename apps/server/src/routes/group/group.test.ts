import { Code, type Group, type MemberOption } from '@lightwell/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNetwork, buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, groupDevices, groups } from '../../db/schema.ts';
import { buildDevices } from '../scene/test-devices.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describeApi('groups', () => {
  describe('groupAdd, groupUpdate, groupList', () => {
    it('lets owners and installers add and change groups; every member reads them', async () => {
      const { owner, installer, sub, network } = await networkTeam(t);
      const added = await call(
        t.app,
        'groupAdd',
        { nid: network.id, name: ' Corridor A ', type: 1, category: 'corridor' },
        owner.session,
      );
      expect(added.body).toMatchObject({ code: 0, data: { name: 'Corridor A', type: 1, category: 'corridor' } });
      const group = added.body.data as Group;
      const renamed = await call(t.app, 'groupUpdate', { groupId: group.id, name: 'Hall' }, installer.session);
      expect(renamed.body.data).toMatchObject({ name: 'Hall', category: 'corridor' });
      const listed = await call(t.app, 'groupList', { nid: network.id }, sub.session);
      expect((listed.body.data as Group[]).map((g) => g.name)).toEqual(['Hall']);
      const [audit] = await t.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.action, 'group.add'));
      expect(audit!.n).toBeGreaterThan(0);
    });

    it('refuses sub-users (1013) and bad input (1001)', async () => {
      const { owner, sub, network } = await networkTeam(t);
      expect((await call(t.app, 'groupAdd', { nid: network.id, name: 'X' }, sub.session)).body.code).toBe(
        Code.noPermission,
      );
      for (const bad of [{ name: '' }, { name: 'X', type: 3 }, { name: 'X', category: 'garden' }]) {
        const reply = await call(t.app, 'groupAdd', { nid: network.id, ...bad }, owner.session);
        expect(reply.body.code, JSON.stringify(bad)).toBe(Code.badInput);
      }
      const { data } = (await call(t.app, 'groupAdd', { nid: network.id, name: 'G' }, owner.session)).body as {
        data: Group;
      };
      expect((await call(t.app, 'groupUpdate', { groupId: data.id, name: 'Y' }, sub.session)).body.code).toBe(
        Code.noPermission,
      );
    });
  });

  describe('members', () => {
    it('adds devices of the same network; emergency groups take only emergency devices', async () => {
      const { owner, network } = await networkTeam(t);
      const [lamp] = await buildDevices(t.db, network.id, 1);
      const [exit] = await buildDevices(t.db, network.id, 1, { kind: 'emergency' });
      const emergency = (
        await call(t.app, 'groupAdd', { nid: network.id, name: 'Exits', type: 2, category: 'corridor' }, owner.session)
      ).body.data as Group;
      const refused = await call(
        t.app,
        'groupDeviceAdd',
        { groupId: emergency.id, deviceIds: [lamp!.id, exit!.id] },
        owner.session,
      );
      expect(refused.body).toMatchObject({ code: Code.badInput, data: { devices: [lamp!.id] } });
      expect(await t.db.select().from(groupDevices).where(eq(groupDevices.groupId, emergency.id))).toEqual([]);
      const ok = await call(t.app, 'groupDeviceAdd', { groupId: emergency.id, deviceIds: [exit!.id] }, owner.session);
      expect(ok.body.data).toMatchObject({ deviceIds: [exit!.id], realDeviceCount: 1 });
      const removed = await call(
        t.app,
        'groupDeviceRemove',
        { groupId: emergency.id, deviceIds: [exit!.id] },
        owner.session,
      );
      expect(removed.body.data).toMatchObject({ deviceIds: [], realDeviceCount: 0 });
    });

    it("refuses another network's device as 1013", async () => {
      const { owner, network } = await networkTeam(t);
      const other = await buildNetwork(t.db, owner.pid, [{ uid: owner.user.id, userType: 2 }]);
      const [foreign] = await buildDevices(t.db, other.id, 1);
      const group = (await call(t.app, 'groupAdd', { nid: network.id, name: 'G' }, owner.session)).body.data as Group;
      const reply = await call(t.app, 'groupDeviceAdd', { groupId: group.id, deviceIds: [foreign!.id] }, owner.session);
      expect(reply.body.code).toBe(Code.noPermission);
    });

    it('lists the devices a group or scene may take with their used scene slots', async () => {
      const { sub, network } = await networkTeam(t);
      await buildDevices(t.db, network.id, 2);
      await buildDevices(t.db, network.id, 1, { kind: 'motionSensor' });
      const reply = await call(t.app, 'groupDeviceOptions', { nid: network.id }, sub.session);
      const options = reply.body.data as MemberOption[];
      expect(options).toHaveLength(2);
      expect(options[0]).toMatchObject({ kind: 'luminaire', sceneSlotsUsed: 0, isVirtual: false });
    });
  });

  describe('groupDelete', () => {
    it('refuses a group holding real devices with 1078, and deletes one holding only virtual devices', async () => {
      const { owner, installer, sub, network } = await networkTeam(t);
      const [real] = await buildDevices(t.db, network.id, 1);
      const [planned] = await buildDevices(t.db, network.id, 1, { isVirtual: true });
      const group = (await call(t.app, 'groupAdd', { nid: network.id, name: 'G' }, owner.session)).body.data as Group;
      await call(t.app, 'groupDeviceAdd', { groupId: group.id, deviceIds: [real!.id, planned!.id] }, owner.session);
      const refused = await call(t.app, 'groupDelete', { groupId: group.id }, owner.session);
      expect(refused.body).toMatchObject({
        code: Code.hasRealDevices,
        message: 'This group or scene holds real devices and cannot be deleted. Remove the devices first.',
      });
      expect((await call(t.app, 'groupDelete', { groupId: group.id }, sub.session)).body.code).toBe(Code.noPermission);
      await call(t.app, 'groupDeviceRemove', { groupId: group.id, deviceIds: [real!.id] }, owner.session);
      expect((await call(t.app, 'groupDelete', { groupId: group.id }, installer.session)).body.code).toBe(0);
      expect(await t.db.select().from(groups).where(eq(groups.id, group.id))).toEqual([]);
    });
  });
});
