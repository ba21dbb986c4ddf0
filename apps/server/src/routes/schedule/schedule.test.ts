import { Code, type Scene, type Schedule } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type Session, type TestApp } from '../../../test/helpers.ts';
import { weekdayEvening } from '../../../test/support/schedules.ts';
import { auditEvents, jobRuns, networks, schedules } from '../../db/schema.ts';
import { type CommandSender, runSchedules } from '../../jobs/run-schedules.ts';
import type { CommandRequest } from '../../services/commands/send-command.ts';
import { buildDevices } from '../scene/test-devices.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Every weekday at 18:30 except weekends: month 4095, dayOfWeek 31. */
const weekdayEvenings = weekdayEvening(18);

const setNow = (iso: string) => {
  t.clock.offsetMs = new Date(iso).getTime() - Date.now();
};

async function add(session: Session, nid: number, extra: Record<string, unknown> = {}) {
  return call(t.app, 'scheduleAdd', { nid, ...weekdayEvenings, ...extra }, session);
}

describeApi('schedules', () => {
  describe('scheduleAdd and scheduleList', () => {
    it('stores the encoded fields and lists the next run in the network time zone', async () => {
      setNow('2026-03-02T12:00:00Z');
      const { owner, sub, network } = await networkTeam(t);
      const location = { nid: network.id, latitude: 52.52, longitude: 13.405, timeZone: 'Europe/Berlin' };
      expect((await call(t.app, 'networkLocationUpdate', location, owner.session)).body).toMatchObject({
        code: 0,
        data: { timeZone: 'Europe/Berlin' },
      });
      const added = await add(owner.session, network.id);
      expect(added.body.code).toBe(0);
      const [row] = await t.db.select().from(schedules).where(eq(schedules.nid, network.id));
      expect(row).toMatchObject({ year: 100, month: 4095, day: 0, dayOfWeek: 31, hour: 18, minute: 30 });
      const listed = await call(t.app, 'scheduleList', { nid: network.id }, sub.session);
      const data = listed.body.data as { location: unknown; list: Schedule[] };
      expect(data.location).toEqual({ latitude: 52.52, longitude: 13.405, timeZone: 'Europe/Berlin' });
      // Monday 2 March 2026, 18:30 in Berlin (UTC+1).
      expect(data.list[0]!.nextRun).toBe(Date.parse('2026-03-02T17:30:00Z') / 1000);
      const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.nid, network.id));
      expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['schedule.add', 'network.location']));
    });

    it('answers the next three firings in the network time zone, across a daylight-saving change', async () => {
      // Friday 27 March 2026; London moves to BST on Sunday 29 March.
      setNow('2026-03-27T12:00:00Z');
      const { owner, network } = await networkTeam(t);
      const location = { nid: network.id, latitude: 51.5, longitude: -0.12, timeZone: 'Europe/London' };
      await call(t.app, 'networkLocationUpdate', location, owner.session);
      await add(owner.session, network.id, { dayOfWeek: 127, hour: 7, minute: 30 });
      const data = (await call(t.app, 'scheduleList', { nid: network.id }, owner.session)).body.data as {
        list: Schedule[];
      };
      // 07:30 GMT on the 28th, then 07:30 BST (06:30 UTC) on the 29th and 30th.
      expect(data.list[0]!.nextRuns).toEqual(
        ['2026-03-28T07:30:00Z', '2026-03-29T06:30:00Z', '2026-03-30T06:30:00Z'].map((iso) => Date.parse(iso) / 1000),
      );
      expect(data.list[0]!.nextRun).toBe(data.list[0]!.nextRuns[0]);
    });

    it('adds astro timers with a shift; they run at sunset once the network has a location', async () => {
      setNow('2026-06-21T00:00:00Z');
      const { owner, network } = await networkTeam(t);
      const timer = { kind: 'astro', astroEvent: 'sunset', astroShift: -15, hour: 0, minute: 0 };
      const before = (await add(owner.session, network.id, timer)).body.data as Schedule;
      expect(before.nextRun).toBeNull();
      await call(
        t.app,
        'networkLocationUpdate',
        { nid: network.id, latitude: 52.52, longitude: 13.405, timeZone: 'Europe/Berlin' },
        owner.session,
      );
      const list = (await call(t.app, 'scheduleList', { nid: network.id }, owner.session)).body.data as {
        list: Schedule[];
      };
      const next = new Date(list.list[0]!.nextRun! * 1000);
      // Sunset in Berlin on 21 June is about 21:33 local (19:33 UTC); 15 minutes earlier.
      expect(next.getUTCHours() * 60 + next.getUTCMinutes()).toBeGreaterThanOrEqual(19 * 60 + 10);
      expect(next.getUTCHours() * 60 + next.getUTCMinutes()).toBeLessThanOrEqual(19 * 60 + 25);
    });

    it('refuses inconsistent fields, foreign targets and sub-users', async () => {
      const { owner, sub, network } = await networkTeam(t);
      const other = await networkTeam(t);
      const foreignScene = (
        await call(t.app, 'sceneAdd', { nid: other.network.id, name: 'S', type: 'generic' }, other.owner.session)
      ).body.data as Scene;
      for (const bad of [
        { month: 0 },
        { dayOfWeek: 128 },
        { hour: 26 },
        { minute: 64 },
        { year: 101 },
        { kind: 'astro' },
        { targetKind: 'scene', targetId: foreignScene.id },
        { overrideEnd: 'countdown' },
        { targetKind: 'group', targetId: null },
      ]) {
        const reply = await add(owner.session, network.id, bad);
        expect(reply.body.code, JSON.stringify(bad)).toBe(Code.badInput);
      }
      const foreign = await add(owner.session, network.id, {
        targetKind: 'scene',
        targetId: foreignScene.id,
        action: { op: 'scene' },
      });
      expect(foreign.body.code).toBe(Code.noPermission);
      expect((await add(sub.session, network.id)).body.code).toBe(Code.noPermission);
      const bad = { nid: network.id, latitude: 1, longitude: null, timeZone: 'UTC' };
      expect((await call(t.app, 'networkLocationUpdate', bad, owner.session)).body.code).toBe(Code.badInput);
      const zone = { nid: network.id, latitude: null, longitude: null, timeZone: 'Mars/Olympus' };
      expect((await call(t.app, 'networkLocationUpdate', zone, owner.session)).body.code).toBe(Code.badInput);
      const subLocation = { nid: network.id, latitude: null, longitude: null, timeZone: 'UTC' };
      expect((await call(t.app, 'networkLocationUpdate', subLocation, sub.session)).body.code).toBe(Code.noPermission);
    });
  });

  describe('scheduleUpdate, scheduleEnable, scheduleDelete', () => {
    it('changes, disables and deletes for owners and installers only', async () => {
      const { owner, installer, sub, network } = await networkTeam(t);
      const schedule = (await add(owner.session, network.id)).body.data as Schedule;
      const update = {
        scheduleId: schedule.id,
        ...weekdayEvenings,
        name: 'Later',
        minute: 61,
        overrideEnd: 'countdown',
        overrideValue: 600,
      };
      expect((await call(t.app, 'scheduleUpdate', update, sub.session)).body.code).toBe(Code.noPermission);
      const updated = await call(t.app, 'scheduleUpdate', update, installer.session);
      expect(updated.body.data).toMatchObject({
        name: 'Later',
        minute: 61,
        overrideEnd: 'countdown',
        overrideValue: 600,
      });
      const disabled = await call(t.app, 'scheduleEnable', { scheduleId: schedule.id, enabled: false }, owner.session);
      expect(disabled.body.data).toMatchObject({ enabled: false, nextRun: null });
      expect(
        (await call(t.app, 'scheduleEnable', { scheduleId: schedule.id, enabled: true }, sub.session)).body.code,
      ).toBe(Code.noPermission);
      expect((await call(t.app, 'scheduleDelete', { scheduleId: schedule.id }, sub.session)).body.code).toBe(
        Code.noPermission,
      );
      expect((await call(t.app, 'scheduleDelete', { scheduleId: schedule.id }, owner.session)).body.code).toBe(0);
      expect(await t.db.select().from(schedules).where(eq(schedules.id, schedule.id))).toEqual([]);
    });
  });

  describe('run-schedules job', () => {
    it('sends a due schedule once, however often and from however many processes it looks', async () => {
      const { owner, network } = await networkTeam(t);
      await t.db.update(networks).set({ timeZone: 'Europe/Berlin' }).where(eq(networks.id, network.id));
      const lights = await buildDevices(t.db, network.id, 2);
      const scene = (
        await call(
          t.app,
          'sceneAdd',
          { nid: network.id, name: 'Evening', type: 'generic', devices: lights.map((d) => ({ deviceId: d.id })) },
          owner.session,
        )
      ).body.data as Scene;
      setNow('2026-03-02T12:00:00Z');
      const schedule = (
        await add(owner.session, network.id, { targetKind: 'scene', targetId: scene.id, action: { op: 'scene' } })
      ).body.data as Schedule;
      const sent: CommandRequest[] = [];
      // Other tests' schedules share the database: keep this network's commands.
      const recorder: CommandSender = async (_ctx, request) => {
        if (request.nid === network.id) sent.push(request);
        return { id: sent.length };
      };

      setNow('2026-03-02T17:29:40Z');
      await runSchedules(t.app.ctx, recorder);
      expect(sent).toEqual([]);
      setNow('2026-03-02T17:30:20Z');
      // Two processes looking at the same minute, then the next minute's overlapping window.
      await Promise.all([runSchedules(t.app.ctx, recorder), runSchedules(t.app.ctx, recorder)]);
      setNow('2026-03-02T17:31:20Z');
      await runSchedules(t.app.ctx, recorder);
      expect(sent).toEqual([
        {
          nid: network.id,
          uid: owner.user.id,
          targetKind: 'scene',
          targetId: scene.id,
          deviceIds: lights.map((d) => d.id),
          action: { op: 'scene', sceneNumber: scene.number },
        },
      ]);
      const [run] = await t.db
        .select()
        .from(jobRuns)
        .where(eq(jobRuns.name, `schedule:${schedule.id}`));
      expect(run).toMatchObject({ slot: '2026-03-02T17:30', result: 'task 1' });
      const [row] = await t.db.select().from(schedules).where(eq(schedules.id, schedule.id));
      expect(row!.lastRunAt).not.toBeNull();

      // Saturday: dayOfWeek 31 leaves weekends out.
      setNow('2026-03-07T17:30:10Z');
      await runSchedules(t.app.ctx, recorder);
      expect(sent).toHaveLength(1);
    });

    it('switches a group or the network with a light command; disabled schedules stay silent', async () => {
      const { owner, network } = await networkTeam(t);
      const lights = await buildDevices(t.db, network.id, 2);
      setNow('2026-03-02T12:00:00Z');
      const on = (await add(owner.session, network.id, { action: { op: 'light', onOff: 1, lightness: 60 }, hour: 13 }))
        .body.data as Schedule;
      const off = (await add(owner.session, network.id, { hour: 13 })).body.data as Schedule;
      await call(t.app, 'scheduleEnable', { scheduleId: off.id, enabled: false }, owner.session);
      const sent: CommandRequest[] = [];
      setNow('2026-03-02T13:30:05Z');
      await runSchedules(t.app.ctx, async (_ctx, request) => {
        if (request.nid === network.id) sent.push(request);
        return { id: 1 };
      });
      expect(sent).toEqual([
        expect.objectContaining({
          targetKind: 'network',
          targetId: null,
          deviceIds: lights.map((d) => d.id),
          action: { op: 'light', onOff: 1, lightness: 60, fadeMs: 0 },
        }),
      ]);
      expect(on.enabled).toBe(true);
    });
  });
});
