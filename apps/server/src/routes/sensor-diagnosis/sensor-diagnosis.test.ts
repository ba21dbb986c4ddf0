import { Code, type DiagnosisTask } from '@lightwell/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, sensorDiagnoses, sensorDiagnosisDevices } from '../../db/schema.ts';

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

const taskCount = async () => (await t.db.select({ n: count() }).from(sensorDiagnoses))[0]!.n;

describeApi('sensor trigger diagnosis', () => {
  describe('diagnosisAdd', () => {
    it('creates a waiting task for every real motion sensor, one hour long by default (owner)', async () => {
      setNow(START - 600);
      const w = await sensorNetwork();
      const reply = await call(t.app, 'diagnosisAdd', { nid: w.nid, startTime: START, interval: 60 }, w.owner.session);
      expect(reply.body.code).toBe(0);
      const task = reply.body.data as DiagnosisTask;
      expect(task).toMatchObject({
        nid: w.nid,
        state: 'waiting',
        startTime: START,
        endTime: START + 3600,
        interval: 60,
        allSensors: true,
        sensorCount: 3,
        cancelTime: null,
      });
      expect(task.createdBy).toBeTruthy();
      const watched = await t.db
        .select()
        .from(sensorDiagnosisDevices)
        .where(eq(sensorDiagnosisDevices.diagnosisId, task.id));
      expect(watched.map((row) => row.deviceId).sort()).toEqual(w.sensors.map((s) => s.id).sort());
      const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.nid, w.nid));
      expect(audits.map((a) => a.action)).toContain('sensorDiagnosis.add');
    });

    it('takes chosen sensors and an end time (installer); a range already begun is executing', async () => {
      setNow(START + 30);
      const w = await sensorNetwork();
      const payload = {
        nid: w.nid,
        startTime: START,
        endTime: START + 600,
        interval: 10,
        sensorIds: [w.sensors[1]!.id],
      };
      const reply = await call(t.app, 'diagnosisAdd', payload, w.installer.session);
      expect(reply.body).toMatchObject({
        code: 0,
        data: { state: 'executing', endTime: START + 600, allSensors: false, sensorCount: 1 },
      });
    });

    it('refuses intervals outside 10 s to 1 hour and ends not after the start, changing nothing (1001)', async () => {
      setNow(START - 600);
      const w = await sensorNetwork();
      const before = await taskCount();
      const short = await call(t.app, 'diagnosisAdd', { nid: w.nid, startTime: START, interval: 5 }, w.owner.session);
      expect(short.body).toMatchObject({
        code: Code.badInput,
        data: { problems: [{ field: 'interval', rule: 'minimum', params: { minimum: 10 } }] },
      });
      const long = await call(t.app, 'diagnosisAdd', { nid: w.nid, startTime: START, interval: 3601 }, w.owner.session);
      expect(long.body).toMatchObject({ code: Code.badInput, data: { problems: [{ rule: 'maximum' }] } });
      const backwards = { nid: w.nid, startTime: START, endTime: START - 60, interval: 60 };
      const refused = await call(t.app, 'diagnosisAdd', backwards, w.owner.session);
      expect(refused.status).toBeLessThan(500);
      expect(refused.body).toMatchObject({
        code: Code.badInput,
        data: { problems: [{ rule: 'diagnosisRange', params: { maxBuckets: 1440 } }] },
      });
      expect(refused.body.message).toContain('1440');
      // Five hours at 10 s are 1,800 intervals: more than a task holds.
      const tooMany = { nid: w.nid, startTime: START, endTime: START + 5 * 3600, interval: 10 };
      expect((await call(t.app, 'diagnosisAdd', tooMany, w.owner.session)).body.code).toBe(Code.badInput);
      const sensorIds = { nid: w.nid, startTime: START, interval: 60, sensorIds: [] };
      expect((await call(t.app, 'diagnosisAdd', sensorIds, w.owner.session)).body.code).toBe(Code.badInput);
      expect(await taskCount()).toBe(before);
    });

    it('refuses sub-users, strangers, sensors that are not real motion sensors of the network (1013)', async () => {
      setNow(START - 600);
      const w = await sensorNetwork();
      const other = await sensorNetwork();
      const before = await taskCount();
      const base = { nid: w.nid, startTime: START, interval: 60 };
      expect((await call(t.app, 'diagnosisAdd', base, w.sub.session)).body.code).toBe(Code.noPermission);
      expect((await call(t.app, 'diagnosisAdd', base, w.stranger.session)).body.code).toBe(Code.noPermission);
      for (const id of [other.sensors[0]!.id, w.luminaire.id, w.virtualSensor.id, 999_999]) {
        const reply = await call(t.app, 'diagnosisAdd', { ...base, sensorIds: [id] }, w.owner.session);
        expect(reply.body.code, String(id)).toBe(Code.noPermission);
      }
      expect((await call(t.app, 'diagnosisAdd', base)).body.code).toBe(Code.sessionInvalid);
      expect(await taskCount()).toBe(before);
    });

    it('answers 1071 for a network without motion sensors', async () => {
      setNow(START - 600);
      const team = await networkTeam(t);
      const reply = await call(
        t.app,
        'diagnosisAdd',
        { nid: team.network.id, startTime: START, interval: 60 },
        team.owner.session,
      );
      expect(reply.body.code).toBe(Code.noDeviceSelected);
    });
  });

  describe('diagnosisSensorOptions', () => {
    it('offers the real motion sensors of the network to every member, by name; 1013 for strangers', async () => {
      const w = await sensorNetwork();
      const reply = await call(t.app, 'diagnosisSensorOptions', { nid: w.nid }, w.sub.session);
      expect(reply.body.code).toBe(0);
      const options = reply.body.data as { id: number; name: string; mac: string }[];
      // Exactly what diagnosisAdd accepts: no virtual sensor, no luminaire.
      expect(options.map((o) => o.id).sort()).toEqual(w.sensors.map((s) => s.id).sort());
      expect(options[0]).toEqual({ id: expect.any(Number), name: expect.any(String), mac: expect.any(String) });
      const stranger = await call(t.app, 'diagnosisSensorOptions', { nid: w.nid }, w.stranger.session);
      expect(stranger.body.code).toBe(Code.noPermission);
    });
  });

  describe('diagnosisList', () => {
    it('pages the tasks newest first for every member; 1050 when none; 1013 for strangers', async () => {
      setNow(START - 600);
      const w = await sensorNetwork();
      const empty = await call(t.app, 'diagnosisList', { nid: w.nid }, w.sub.session);
      expect(empty.body).toMatchObject({ code: Code.emptyList, data: { list: [], total: 0 } });
      for (let i = 0; i < 12; i += 1) {
        t.clock.advance(1);
        await call(t.app, 'diagnosisAdd', { nid: w.nid, startTime: START + i * 60, interval: 60 }, w.owner.session);
      }
      const first = await call(t.app, 'diagnosisList', { nid: w.nid, pageSize: 10 }, w.sub.session);
      const page = first.body.data as { list: DiagnosisTask[]; total: number };
      expect(first.body.code).toBe(0);
      expect(page.total).toBe(12);
      expect(page.list).toHaveLength(10);
      expect(page.list[0]!.startTime).toBe(START + 11 * 60);
      const second = await call(t.app, 'diagnosisList', { nid: w.nid, page: 2, pageSize: 10 }, w.installer.session);
      expect((second.body.data as { list: DiagnosisTask[] }).list).toHaveLength(2);
      expect((await call(t.app, 'diagnosisList', { nid: w.nid }, w.stranger.session)).body.code).toBe(
        Code.noPermission,
      );
      expect((await call(t.app, 'diagnosisList', { nid: w.nid, pageSize: 15 }, w.sub.session)).body.code).toBe(
        Code.badInput,
      );
    });
  });
});
