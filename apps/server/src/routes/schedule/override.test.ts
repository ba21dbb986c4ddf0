import { encodeSchedule, isTaskEnded, type Schedule, type TaskDetail, type TaskSummary } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type Session, type TestApp } from '../../../test/helpers.ts';
import { manualOverrides } from '../../db/schema.ts';
import { type CommandSender, runSchedules } from '../../jobs/run-schedules.ts';
import { endDueOverrides } from '../../services/commands/manual-overrides.ts';
import type { CommandRequest } from '../../services/commands/send-command.ts';
import { buildLuminaires, TestGateway } from '../control/test-gateway.ts';

let t: TestApp;
const started: TestGateway[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await Promise.all(started.map((g) => g.close()));
  await t.close();
});

const setNow = (iso: string) => {
  t.clock.offsetMs = new Date(iso).getTime() - Date.now();
};

/** Every weekday at `hour`:`minute`, switching the whole network. */
function weekdays(name: string, hour: number, minute: number, onOff: 0 | 1, extra: Record<string, unknown> = {}) {
  return {
    kind: 'schedule',
    name,
    targetKind: 'network',
    targetId: null,
    action: onOff ? { op: 'light', onOff, lightness: 80 } : { op: 'light', onOff },
    ...encodeSchedule({
      year: 'every',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      day: 0,
      weekdays: [1, 2, 3, 4, 5],
      hour,
      minute,
      second: 0,
    }),
    ...extra,
  };
}

/** Switches devices by hand through the API and waits for the gateway to finish, so it is free again. */
async function byHand(session: Session, nid: number, deviceIds: number[], onOff: 0 | 1) {
  const reply = await call(t.app, 'controlLight', { nid, target: { kind: 'device', ids: deviceIds }, onOff }, session);
  expect(reply.body.code).toBe(0);
  const task = reply.body.data as TaskSummary;
  await vi.waitFor(
    async () => {
      const got = (await call(t.app, 'taskGet', { taskId: task.id }, session)).body.data as TaskDetail;
      if (!isTaskEnded(got.status)) throw new Error('still running');
    },
    { timeout: 10_000, interval: 50 },
  );
}

async function listed(session: Session, nid: number): Promise<Schedule[]> {
  return ((await call(t.app, 'scheduleList', { nid }, session)).body.data as { list: Schedule[] }).list;
}

const at = (iso: string) => Date.parse(iso) / 1000;

describeApi('manual override of schedules (section 4)', () => {
  it('holds a timed override off every schedule, then restores the schedule that governs the device, once', async () => {
    const { owner, sub, network } = await networkTeam(t);
    const gateway = await TestGateway.start(t.db, t.brokerUrl, network.id);
    started.push(gateway);
    const [d1, d2] = await buildLuminaires(t.db, network.id, gateway.id, 2);
    setNow('2026-03-02T07:00:00Z');
    const countdown = { overrideEnd: 'countdown', overrideValue: 900 };
    const morning = (
      await call(t.app, 'scheduleAdd', { nid: network.id, ...weekdays('On', 8, 0, 1, countdown) }, owner.session)
    ).body.data as Schedule;
    const evening = (
      await call(t.app, 'scheduleAdd', { nid: network.id, ...weekdays('Off', 18, 30, 0, countdown) }, owner.session)
    ).body.data as Schedule;
    const sent: CommandRequest[] = [];
    const recorder: CommandSender = async (_ctx, request) => {
      if (request.nid === network.id) sent.push(request);
      return { id: sent.length };
    };

    setNow('2026-03-02T08:00:10Z');
    await runSchedules(t.app.ctx, recorder);
    expect(sent.map((r) => r.deviceIds)).toEqual([[d1!.id, d2!.id]]);

    // A sub-user switches one light off by hand: the morning schedule governs it, 15 minutes.
    setNow('2026-03-02T10:00:00Z');
    await byHand(sub.session, network.id, [d1!.id], 0);
    expect((await listed(sub.session, network.id)).find((s) => s.id === morning.id)?.override).toEqual({
      devices: 1,
      endsAt: at('2026-03-02T10:15:00Z'),
    });
    setNow('2026-03-02T10:14:59Z');
    expect(await endDueOverrides(t.app.ctx, recorder)).toBe(0);
    setNow('2026-03-02T10:15:01Z');
    // Two processes look at once: the override ends, and is restored, once.
    const ended = await Promise.all([endDueOverrides(t.app.ctx, recorder), endDueOverrides(t.app.ctx, recorder)]);
    expect(ended[0]! + ended[1]!).toBe(1);
    expect(sent.slice(1)).toEqual([
      expect.objectContaining({
        deviceIds: [d1!.id],
        targetKind: 'network',
        action: { op: 'light', onOff: 1, lightness: 80, fadeMs: 0 },
      }),
    ]);
    expect((await listed(owner.session, network.id)).every((s) => s.override === null)).toBe(true);

    // Switched on by hand at 18:20: the evening firing at 18:30 leaves it alone, and its end restores "off".
    setNow('2026-03-02T18:20:00Z');
    await byHand(owner.session, network.id, [d2!.id], 1);
    setNow('2026-03-02T18:30:10Z');
    await runSchedules(t.app.ctx, recorder);
    expect(sent.slice(2)).toEqual([
      expect.objectContaining({ deviceIds: [d1!.id], action: { op: 'light', onOff: 0, fadeMs: 0 } }),
    ]);
    setNow('2026-03-02T18:35:01Z');
    expect(await endDueOverrides(t.app.ctx, recorder)).toBe(1);
    expect(sent.slice(3)).toEqual([
      expect.objectContaining({ deviceIds: [d2!.id], action: { op: 'light', onOff: 0, fadeMs: 0 } }),
    ]);
    expect(evening.overrideEnd).toBe('countdown');
  });

  it('keeps an override that never ends until the next scheduled event, or until a member resumes', async () => {
    const { owner, sub, network } = await networkTeam(t);
    const gateway = await TestGateway.start(t.db, t.brokerUrl, network.id);
    started.push(gateway);
    const [d1, d2] = await buildLuminaires(t.db, network.id, gateway.id, 2);
    setNow('2026-03-03T07:00:00Z');
    const schedule = (
      await call(t.app, 'scheduleAdd', { nid: network.id, ...weekdays('Off', 18, 30, 0) }, owner.session)
    ).body.data as Schedule;
    expect(schedule.overrideEnd).toBe('never');
    const sent: CommandRequest[] = [];
    const recorder: CommandSender = async (_ctx, request) => {
      if (request.nid === network.id) sent.push(request);
      return { id: sent.length };
    };

    await byHand(sub.session, network.id, [d1!.id, d2!.id], 1);
    expect((await listed(sub.session, network.id))[0]!.override).toEqual({ devices: 2, endsAt: null });
    setNow('2026-03-03T17:00:00Z');
    expect(await endDueOverrides(t.app.ctx, recorder)).toBe(0);

    // The next event takes the devices over: sent to both, and the override is gone.
    setNow('2026-03-03T18:30:10Z');
    await runSchedules(t.app.ctx, recorder);
    expect(sent.map((r) => r.deviceIds)).toEqual([[d1!.id, d2!.id]]);
    expect(await t.db.select().from(manualOverrides).where(eq(manualOverrides.nid, network.id))).toEqual([]);

    // Switched by hand again, then handed back at once by a sub-user: the schedule's "off" goes out now.
    setNow('2026-03-03T19:00:00Z');
    await byHand(owner.session, network.id, [d1!.id], 1);
    const commandsBefore = gateway.commands.length;
    const resumed = await call(t.app, 'scheduleResume', { nid: network.id, scheduleId: schedule.id }, sub.session);
    expect(resumed.body).toMatchObject({ code: 0, data: { devices: 1 } });
    expect(await t.db.select().from(manualOverrides).where(eq(manualOverrides.nid, network.id))).toEqual([]);
    await vi.waitFor(() => expect(gateway.commands.length).toBe(commandsBefore + 1));
    expect(gateway.commands.at(-1)).toMatchObject({
      targets: [expect.objectContaining({ mac: d1!.mac })],
      action: { op: 'light', onOff: 0 },
    });
  });

  it('starts no override where no schedule drives the device, and refuses bad input and foreign schedules', async () => {
    const { owner, network } = await networkTeam(t);
    const other = await networkTeam(t);
    const gateway = await TestGateway.start(t.db, t.brokerUrl, network.id);
    started.push(gateway);
    const [d1] = await buildLuminaires(t.db, network.id, gateway.id, 1);
    await byHand(owner.session, network.id, [d1!.id], 0);
    expect(await t.db.select().from(manualOverrides).where(eq(manualOverrides.nid, network.id))).toEqual([]);
    const foreign = (
      await call(t.app, 'scheduleAdd', { nid: other.network.id, ...weekdays('Theirs', 9, 0, 1) }, other.owner.session)
    ).body.data as Schedule;
    expect(
      (await call(t.app, 'scheduleResume', { nid: network.id, scheduleId: foreign.id }, owner.session)).body.code,
    ).toBe(1013);
    expect(
      (await call(t.app, 'scheduleResume', { nid: network.id, scheduleId: 'x' } as never, owner.session)).body.code,
    ).toBe(1001);
    expect((await call(t.app, 'scheduleResume', { nid: network.id }, owner.session)).body).toEqual({
      code: 0,
      data: { devices: 0 },
    });
  });
});
