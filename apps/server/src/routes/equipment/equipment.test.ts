import { Code } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildNetwork,
  buildTestApp,
  call,
  describeApi,
  memberWithProject,
  type Session,
  type TestApp,
} from '../../../test/helpers.ts';
import { installation as installationOf, statisticsOf as statisticsFor } from './test-site.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const installation = () => installationOf(t);
const statisticsOf = (session: Session, payload: Record<string, unknown>) => statisticsFor(t, session, payload);

describeApi('network equipment statistics', () => {
  it('counts the installed base of the project’s networks exactly', async () => {
    const { owner, hall, upstairs } = await installation();
    const { code, data } = await statisticsOf(owner.session, { pid: owner.pid });
    expect(code).toBe(Code.ok);
    expect(data.networks.map((network) => network.name)).toEqual(['Hall A', '二楼 走廊']);
    expect(data.networks.map((network) => network.nid)).toEqual([hall.id, upstairs.id]);
    const total = data.total;
    expect(total).toMatchObject({ devices: 7, online: 6, offline: 1, faulty: 2, planned: 1 });
    expect(total.byKind.filter((row) => row.devices > 0)).toEqual([
      { kind: 'luminaire', devices: 4, online: 3, offline: 1, faulty: 1 },
      { kind: 'motionSensor', devices: 1, online: 1, offline: 0, faulty: 0 },
      { kind: 'emergency', devices: 2, online: 2, offline: 0, faulty: 1 },
    ]);
    expect(total.byModel.map((row) => [row.model, row.devices])).toEqual([
      ['LW-L1', 4],
      ['LW-EM1', 2],
      ['LW-PIR', 1],
    ]);
    expect(total.byFirmware).toEqual([
      { model: 'LW-EM1', version: null, devices: 2 },
      { model: 'LW-L1', version: '1.0.0', devices: 3 },
      { model: 'LW-L1', version: '1.1.0', devices: 1 },
      { model: 'LW-PIR', version: null, devices: 1 },
    ]);
    expect(total.byHardware.filter((row) => row.model === 'LW-L1')).toEqual([
      { model: 'LW-L1', version: 'A', devices: 2 },
      { model: 'LW-L1', version: 'B', devices: 1 },
      { model: 'LW-L1', version: null, devices: 1 },
    ]);
    expect(total.age.buckets).toEqual([
      { bucket: 'underOne', devices: 2 },
      { bucket: 'oneToThree', devices: 1 },
      { bucket: 'threeToFive', devices: 1 },
      { bucket: 'fiveAndMore', devices: 1 },
      { bucket: 'unknown', devices: 2 },
    ]);
    expect(total.age.oldest).toMatchObject({ name: 'PIR hall', model: 'LW-PIR', nid: hall.id, years: 6 });
    expect(total.emergency.fittings).toBe(2);
    expect(total.emergency.battery).toEqual([
      { state: 'full', fittings: 1 },
      { state: 'charging', fittings: 0 },
      { state: 'onBattery', fittings: 0 },
      { state: 'fault', fittings: 1 },
      { state: 'unknown', fittings: 0 },
    ]);
    expect(total.emergency.lastTest.filter((row) => row.function + row.duration > 0)).toEqual([
      { grade: 'passed', function: 1, duration: 0 },
      { grade: 'failed', function: 0, duration: 1 },
      { grade: 'never', function: 1, duration: 1 },
    ]);
    const [hallFigures, upstairsFigures] = data.networks.map((network) => network.figures);
    expect(hallFigures).toMatchObject({ devices: 6, online: 5, offline: 1, faulty: 2, planned: 1 });
    expect(upstairsFigures).toMatchObject({ devices: 1, online: 1, offline: 0, faulty: 0, planned: 0 });
    expect(upstairsFigures!.emergency.fittings).toBe(0);
  });

  it('answers every role of each network the same figures, and only its own networks', async () => {
    const { owner, installer, sub, hall, upstairs } = await installation();
    const hallOnly = { pid: owner.pid, nids: [hall.id] };
    const answers = await Promise.all([owner, installer, sub].map((member) => statisticsOf(member.session, hallOnly)));
    for (const answer of answers) {
      expect(answer.code).toBe(Code.ok);
      expect(answer.data.total).toEqual(answers[0]!.data.total);
      expect(answer.data.total.devices).toBe(6);
    }
    // Without networks named: each member's own networks of the project.
    expect((await statisticsOf(installer.session, { pid: owner.pid })).data.total.devices).toBe(7);
    const subs = await statisticsOf(sub.session, { pid: owner.pid });
    expect(subs.data.networks.map((network) => network.nid)).toEqual([hall.id]);
    expect(subs.data.total.devices).toBe(6);
    // A network the sub-user holds no role in refuses the whole call.
    expect((await statisticsOf(sub.session, { pid: owner.pid, nids: [hall.id, upstairs.id] })).code).toBe(
      Code.noPermission,
    );
  });

  it('refuses a foreign user, a foreign, missing, deleted or other project’s network with 1013', async () => {
    const { owner, stranger, hall, binned } = await installation();
    const elsewhere = await buildNetwork(t.db, stranger.pid, [{ uid: owner.user.id, userType: 2 }], { name: 'Away' });
    const refusals: [Session, Record<string, unknown>][] = [
      [stranger.session, { pid: owner.pid }],
      [stranger.session, { pid: owner.pid, nids: [hall.id] }],
      [stranger.session, { pid: stranger.pid, nids: [hall.id] }],
      [owner.session, { pid: 999_999 }],
      [owner.session, { pid: owner.pid, nids: [999_998] }],
      [owner.session, { pid: owner.pid, nids: [binned.id] }],
      // The owner's network of another project does not belong to this one.
      [owner.session, { pid: owner.pid, nids: [hall.id, elsewhere.id] }],
    ];
    for (const [session, payload] of refusals) {
      const reply = await call(t.app, 'equipmentStatistic', payload, session);
      expect(reply.body.code, JSON.stringify(payload)).toBe(Code.noPermission);
      expect(JSON.stringify(reply.body)).not.toContain('Hall A');
      const file = await call(t.app, 'equipmentExport', { ...payload, format: 'csv' }, session);
      expect(file.body.code, JSON.stringify(payload)).toBe(Code.noPermission);
    }
  });

  it('answers 1050 with zero figures for a project without a network of the caller', async () => {
    const { session, pid } = await memberWithProject(t);
    const { code, data } = await statisticsOf(session, { pid });
    expect(code).toBe(Code.emptyList);
    expect(data.networks).toEqual([]);
    expect(data.total).toMatchObject({ devices: 0, online: 0, faulty: 0, planned: 0 });
    expect((await call(t.app, 'equipmentExport', { pid, format: 'xlsx' }, session)).body.code).toBe(Code.emptyList);
  });

  it('refuses bad input with 1001 and a call without a session with 1012', async () => {
    const { owner, hall } = await installation();
    const bad = [
      {},
      { pid: 0 },
      { pid: owner.pid, nids: [] },
      { pid: owner.pid, nids: [hall.id, hall.id] },
      { pid: owner.pid, nids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { pid: owner.pid, extra: 1 },
    ];
    for (const payload of bad) {
      expect((await call(t.app, 'equipmentStatistic', payload, owner.session)).body.code, JSON.stringify(payload)).toBe(
        Code.badInput,
      );
    }
    expect((await call(t.app, 'equipmentExport', { pid: owner.pid, format: 'docx' }, owner.session)).body.code).toBe(
      Code.badInput,
    );
    expect((await call(t.app, 'equipmentStatistic', { pid: owner.pid })).body.code).toBe(Code.sessionInvalid);
    expect((await call(t.app, 'equipmentExport', { pid: owner.pid, format: 'csv' })).body.code).toBe(
      Code.sessionInvalid,
    );
  });
});
