import { Code, type DiagnosisDetail, type DiagnosisTask } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNetwork, buildTestApp, call, describeApi, type TestApp } from '../../../test/helpers.ts';
import { sensorDiagnoses, sensorDiagnosisDevices } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

import { ensurePartitions } from '../../telemetry/write-readings.ts';
import { START, sensorNetwork as sensorNetworkOf } from './test-sensors.ts';

const setNow = (epochSeconds: number) => {
  t.clock.offsetMs = epochSeconds * 1000 - Date.now();
};
const sensorNetwork = () => sensorNetworkOf(t, ensurePartitions);

describeApi('sensor trigger diagnosis', () => {
  describe('diagnosisGet', () => {
    it('counts each sensor’s stored triggers per interval and flags the silent and the chattering', async () => {
      setNow(START - 600);
      const w = await sensorNetwork();
      const [quiet, calm, chatty] = w.sensors as [(typeof w.sensors)[0], (typeof w.sensors)[0], (typeof w.sensors)[0]];
      const payload = { nid: w.nid, startTime: START, endTime: START + 300, interval: 60 };
      const task = (await call(t.app, 'diagnosisAdd', payload, w.owner.session)).body.data as DiagnosisTask;
      // calm: one trigger in the first minute, two in the third; one before and one after the range.
      await w.trigger(calm.id, START - 1);
      await w.trigger(calm.id, START + 5);
      await w.trigger(calm.id, START + 130, 2);
      await w.trigger(calm.id, START + 300);
      // calm: a readings report of 15 minutes stamped 09:04:00 with 3 triggers (under one a minute).
      await w.reading(calm.id, START - 660, 0);
      await w.reading(calm.id, START + 240, 3);
      // chatty: 8 triggers within 35 seconds, then a section-7 call stored as trigger and reading under one number.
      for (let i = 0; i < 8; i += 1) await w.trigger(chatty.id, START + 200 + i * 5);
      const both = await w.trigger(chatty.id, START + 290, 2);
      await w.reading(chatty.id, START + 290, 2, both);

      setNow(START + 120);
      const during = await call(t.app, 'diagnosisGet', { taskId: task.id }, w.sub.session);
      expect(during.body.code).toBe(0);
      const partial = during.body.data as DiagnosisDetail;
      // Still waiting until the sweep moves it: results start once it executes.
      expect(partial.task.state).toBe('waiting');
      await t.db.update(sensorDiagnoses).set({ state: 'executing' }).where(eq(sensorDiagnoses.id, task.id));
      const executing = (await call(t.app, 'diagnosisGet', { taskId: task.id }, w.sub.session)).body
        .data as DiagnosisDetail;
      // Up to now: the test clock has run on a little from 09:02:00.
      expect(executing.resultsUntil).toBeGreaterThanOrEqual(START + 120);
      expect(executing.resultsUntil).toBeLessThan(START + 130);
      expect(executing.sensors.find((s) => s.deviceId === calm.id)).toMatchObject({ total: 1 });
      expect(executing.sensors.find((s) => s.deviceId === quiet.id)).toMatchObject({ neverTriggered: false });

      await t.db.update(sensorDiagnoses).set({ state: 'executed' }).where(eq(sensorDiagnoses.id, task.id));
      setNow(START + 400);
      const reply = await call(t.app, 'diagnosisGet', { taskId: task.id }, w.sub.session);
      const detail = reply.body.data as DiagnosisDetail;
      expect(detail).toMatchObject({ bucketCount: 5, resultsUntil: START + 300, chatterPerMinute: 6 });
      const result = (id: number) => detail.sensors.find((s) => s.deviceId === id)!;
      expect(result(quiet.id)).toMatchObject({
        total: 0,
        buckets: [],
        firstTime: null,
        lastTime: null,
        neverTriggered: true,
        chattering: false,
      });
      expect(result(calm.id)).toMatchObject({
        total: 6,
        // The reading stamped 09:04:00 counts in the minute starting then (index 4), as a trigger at 09:04:00 would.
        buckets: [
          { index: 0, count: 1 },
          { index: 2, count: 2 },
          { index: 4, count: 3 },
        ],
        firstTime: START + 5,
        lastTime: START + 240,
        neverTriggered: false,
        chattering: false,
      });
      expect(result(calm.id).peakPerMinute).toBeLessThanOrEqual(2);
      expect(result(chatty.id)).toMatchObject({
        total: 10,
        buckets: [
          { index: 3, count: 8 },
          { index: 4, count: 2 },
        ],
        peakPerMinute: 8,
        neverTriggered: false,
        chattering: true,
      });
      expect((await call(t.app, 'diagnosisGet', { taskId: task.id }, w.stranger.session)).body.code).toBe(
        Code.noPermission,
      );
      expect((await call(t.app, 'diagnosisGet', { taskId: 999_999 }, w.owner.session)).body.code).toBe(
        Code.noPermission,
      );
    });
    it('flags a sensor whose one section-7 trigger call brings more than 6 triggers at once', async () => {
      setNow(START - 600);
      const w = await sensorNetwork();
      const [chatty, calm] = w.sensors as [(typeof w.sensors)[0], (typeof w.sensors)[0]];
      const payload = { nid: w.nid, startTime: START, endTime: START + 60, interval: 10 };
      const task = (await call(t.app, 'diagnosisAdd', payload, w.owner.session)).body.data as DiagnosisTask;
      // Both sensors reported triggers in a readings report 15 minutes before (as the demo's history does).
      await w.reading(chatty.id, START - 900, 2);
      await w.reading(calm.id, START - 900, 2);
      // chatty: one section-7 call of 10 triggers at once, stored as trigger and reading under one number.
      const both = await w.trigger(chatty.id, START + 25, 10);
      await w.reading(chatty.id, START + 25, 10, both);
      // calm: a readings report of the 15 minutes since with 10 triggers: under one a minute.
      await w.reading(calm.id, START + 25, 10);

      await t.db.update(sensorDiagnoses).set({ state: 'executed' }).where(eq(sensorDiagnoses.id, task.id));
      setNow(START + 120);
      const detail = (await call(t.app, 'diagnosisGet', { taskId: task.id }, w.sub.session)).body
        .data as DiagnosisDetail;
      const result = (id: number) => detail.sensors.find((s) => s.deviceId === id)!;
      // The call is one moment: its 10 triggers fall within 60 seconds, counted once, in the interval holding it.
      expect(result(chatty.id)).toMatchObject({
        total: 10,
        buckets: [{ index: 2, count: 10 }],
        firstTime: START + 25,
        lastTime: START + 25,
        peakPerMinute: 10,
        chattering: true,
      });
      expect(result(calm.id)).toMatchObject({ total: 10, chattering: false });
      expect(result(calm.id).peakPerMinute).toBeLessThan(1);
    });
  });

  describe('diagnosisCancel and diagnosisDelete', () => {
    it('cancels a waiting or executing task once (owner, installer); 1083 when ended; 1013 for others', async () => {
      setNow(START - 600);
      const w = await sensorNetwork();
      const add = async () =>
        (await call(t.app, 'diagnosisAdd', { nid: w.nid, startTime: START, interval: 60 }, w.owner.session)).body
          .data as DiagnosisTask;
      const waiting = await add();
      expect((await call(t.app, 'diagnosisCancel', { taskId: waiting.id }, w.sub.session)).body.code).toBe(
        Code.noPermission,
      );
      expect((await call(t.app, 'diagnosisCancel', { taskId: waiting.id }, w.stranger.session)).body.code).toBe(
        Code.noPermission,
      );
      const canceled = await call(t.app, 'diagnosisCancel', { taskId: waiting.id }, w.installer.session);
      expect(canceled.body).toMatchObject({ code: 0, data: { state: 'canceled' } });
      // The test clock runs on from where it was set: canceled when asked, before the start.
      const { cancelTime } = canceled.body.data as DiagnosisTask;
      expect(cancelTime).toBeGreaterThanOrEqual(START - 600);
      expect(cancelTime).toBeLessThan(START);
      const again = await call(t.app, 'diagnosisCancel', { taskId: waiting.id }, w.owner.session);
      expect(again.body.code).toBe(Code.taskEnded);
      const executed = await add();
      await t.db.update(sensorDiagnoses).set({ state: 'executed' }).where(eq(sensorDiagnoses.id, executed.id));
      expect((await call(t.app, 'diagnosisCancel', { taskId: executed.id }, w.owner.session)).body.code).toBe(
        Code.taskEnded,
      );
      const executing = await add();
      await t.db.update(sensorDiagnoses).set({ state: 'executing' }).where(eq(sensorDiagnoses.id, executing.id));
      expect((await call(t.app, 'diagnosisCancel', { taskId: executing.id }, w.owner.session)).body.code).toBe(0);
      // A canceled task's results end at its cancel time, and silent sensors are then flagged.
      const detail = (await call(t.app, 'diagnosisGet', { taskId: executing.id }, w.sub.session)).body
        .data as DiagnosisDetail;
      expect(detail.task.state).toBe('canceled');
      expect(detail.sensors.every((s) => s.neverTriggered)).toBe(true);
    });

    it('deletes a task with its sensor list (owner, installer); 1013 for sub-users and strangers', async () => {
      setNow(START - 600);
      const w = await sensorNetwork();
      const add = async () =>
        (await call(t.app, 'diagnosisAdd', { nid: w.nid, startTime: START, interval: 60 }, w.owner.session)).body
          .data as DiagnosisTask;
      const task = await add();
      for (const session of [w.sub.session, w.stranger.session]) {
        expect((await call(t.app, 'diagnosisDelete', { taskId: task.id }, session)).body.code).toBe(Code.noPermission);
      }
      expect((await call(t.app, 'diagnosisDelete', { taskId: task.id }, w.owner.session)).body).toMatchObject({
        code: 0,
        data: null,
      });
      expect(
        await t.db.select().from(sensorDiagnosisDevices).where(eq(sensorDiagnosisDevices.diagnosisId, task.id)),
      ).toEqual([]);
      expect((await call(t.app, 'diagnosisGet', { taskId: task.id }, w.owner.session)).body.code).toBe(
        Code.noPermission,
      );
      const second = await add();
      expect((await call(t.app, 'diagnosisDelete', { taskId: second.id }, w.installer.session)).body.code).toBe(0);
      const other = await buildNetwork(t.db, w.owner.pid, [{ uid: w.owner.user.id, userType: 2 }]);
      expect(other.id).not.toBe(w.nid);
    });
  });
});
