import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, type TestRecord } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, type TestApp } from '../../../test/helpers.ts';
import { devices, gateways, tasks } from '../../db/schema.ts';
import { buildFault, buildFittings, buildRecord, buildZone } from './test-fittings.ts';
import {
  HIGHLIGHT,
  london as londonSite,
  pdfWords,
  readTable,
  rowShade,
  s,
  setNow as setClock,
  WHITE,
} from './test-site.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const pdfDir = mkdtempSync(join(tmpdir(), 'lw-emergency-pdf-'));
afterAll(() => rmSync(pdfDir, { recursive: true, force: true }));

const setNow = (iso: string) => setClock(t, iso);
const london = () => londonSite(t);

describeApi('emergency element info, logs and schedule report', () => {
  it('prints a report and exports the record as CSV and as a PDF with the header', async () => {
    setNow('2026-04-15T12:00:00Z');
    const { owner, sub, stranger, network, fittings } = await london();
    await buildRecord(t.db, network.id, {
      deviceId: fittings[0]!.id,
      grade: 'failed',
      failureBits: 8,
      fittingName: '楼梯 出口 1',
      location: 'Stairs',
      zoneName: 'Stairs',
      endedAt: new Date('2026-03-03T10:05:00Z'),
    });
    const period = { nid: network.id, from: s('2026-01-01T00:00:00Z'), to: s('2026-04-01T00:00:00Z') };
    const printed = await call(t.app, 'emergencyReport', { ...period, part: 'selfTest' }, sub.session);
    expect(printed.body.data).toMatchObject({ tests: [{ grade: 'failed' }], elements: [], schedule: [], faults: [] });
    const csv = await call(t.app, 'emergencyRecordExport', { ...period, format: 'csv' }, sub.session);
    expect(csv.body.data).toMatchObject({ contentType: 'text/csv; charset=utf-8' });
    const text = Buffer.from((csv.body.data as { base64: string }).base64, 'base64').toString('utf8');
    expect(text).toContain('楼梯 出口 1');
    expect(text).toContain('Failed');
    expect(text).toContain('Stairs');
    const pdf = await call(t.app, 'emergencyRecordExport', { ...period, format: 'pdf' }, owner.session);
    const bytes = Buffer.from((pdf.body.data as { base64: string }).base64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(t.app, 'emergencyRecordExport', { ...period, format: 'pdf' }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    expect(
      (await call(t.app, 'emergencyRecordExport', { ...period, to: period.from, format: 'csv' }, owner.session)).body
        .code,
    ).toBe(Code.badInput);
  });

  it('tells when each test was requested, started and ended, and what started it, in the log, CSV and PDF', async () => {
    setNow('2026-04-15T12:00:00Z');
    const { owner, sub, network, fittings } = await london();
    const [a, b] = fittings;
    const [gateway] = await t.db
      .insert(gateways)
      .values({ nid: network.id, sn: `gw-times-${network.id}`, name: 'GW', secretHash: 'x' })
      .returning();
    const taskAt = async (iso: string) => {
      const [task] = await t.db
        .insert(tasks)
        .values({
          nid: network.id,
          gatewayId: gateway!.id,
          uid: owner.user.id,
          targetKind: 'device',
          action: { op: 'emergency', command: 'durationTest' },
          status: 3,
          createdAt: new Date(iso),
          deadlineAt: new Date(iso),
        })
        .returning();
      return task!.id;
    };
    // Asked for at 08:55 UTC (09:55 BST), held until charged, run 10:00-13:00 BST.
    await buildRecord(t.db, network.id, {
      deviceId: a!.id,
      fittingName: 'Exit A',
      kind: 'duration',
      startSource: 'manual',
      taskId: await taskAt('2026-04-02T08:55:00Z'),
      startedAt: new Date('2026-04-02T09:00:00Z'),
      endedAt: new Date('2026-04-02T12:00:00Z'),
      grade: 'passed',
      achievedMinutes: 180,
      ratedMinutes: 180,
    });
    // The fitting's own timer: no request.
    await buildRecord(t.db, network.id, {
      deviceId: b!.id,
      fittingName: 'Exit B',
      startSource: 'fitting',
      startedAt: new Date('2026-04-03T09:00:00Z'),
      endedAt: new Date('2026-04-03T09:01:00Z'),
      grade: 'passed',
    });
    const period = { nid: network.id, from: s('2026-04-01T00:00:00Z'), to: s('2026-05-01T00:00:00Z') };

    const log = await call(t.app, 'emergencyTestLog', { nid: network.id }, sub.session);
    const list = (log.body.data as { list: TestRecord[] }).list;
    expect(list.map((r) => [r.fittingName, r.startSource, r.requestedAt, r.startedAt, r.endedAt])).toEqual([
      ['Exit B', 'fitting', null, s('2026-04-03T09:00:00Z'), s('2026-04-03T09:01:00Z')],
      ['Exit A', 'manual', s('2026-04-02T08:55:00Z'), s('2026-04-02T09:00:00Z'), s('2026-04-02T12:00:00Z')],
    ]);

    const csv = await call(t.app, 'emergencyRecordExport', { ...period, format: 'csv' }, sub.session);
    const [header, ...lines] = Buffer.from((csv.body.data as { base64: string }).base64, 'base64')
      .toString('utf8')
      .slice(1)
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));
    const columns = ['Fitting', 'Requested', 'Started', 'Ended', 'Start source'].map((label) => header!.indexOf(label));
    expect(lines.map((line) => columns.map((i) => line[i]))).toEqual([
      ['Exit A', '04/02/2026 09:55 BST', '04/02/2026 10:00 BST', '04/02/2026 13:00 BST', 'Manual'],
      ['Exit B', '', '04/03/2026 10:00 BST', '04/03/2026 10:01 BST', "Fitting's own timer"],
    ]);

    const pdf = await call(t.app, 'emergencyRecordExport', { ...period, format: 'pdf' }, owner.session);
    const file = join(pdfDir, `times-${network.id}.pdf`);
    writeFileSync(file, Buffer.from((pdf.body.data as { base64: string }).base64, 'base64'));
    const labels = ['Fitting', 'MAC', 'Location', 'Test', 'Requested', 'Started', 'Ended', 'Start', 'Result'];
    const rows = readTable(pdfWords(file), [...labels, 'Failures', 'Minutes', 'Faults', 'Remedy', 'Remark'], 1);
    expect(rows.map((cells) => [cells[0], ...cells.slice(4, 9)])).toEqual([
      ['Exit A', '04/02/2026 09:55 BST', '04/02/2026 10:00 BST', '04/02/2026 13:00 BST', 'Manual', 'Passed'],
      ['Exit B', '', '04/03/2026 10:00 BST', '04/03/2026 10:01 BST', "Fitting's own timer", 'Passed'],
    ]);
  });

  it('exports minutes only for a duration test that measured them, and names a partial duration test', async () => {
    setNow('2026-04-15T12:00:00Z');
    const { sub, network, fittings } = await london();
    const [a] = fittings;
    const base = { deviceId: a!.id, fittingName: 'Exit A', ratedMinutes: 180 };
    await buildRecord(t.db, network.id, { ...base, grade: 'passed', endedAt: new Date('2026-03-03T10:05:00Z') });
    await buildRecord(t.db, network.id, {
      ...base,
      kind: 'duration',
      grade: 'passed',
      achievedMinutes: 2,
      partial: true,
      endedAt: new Date('2026-03-04T10:05:00Z'),
    });
    await buildRecord(t.db, network.id, {
      ...base,
      kind: 'duration',
      grade: 'stopped',
      endedAt: new Date('2026-03-05T10:05:00Z'),
    });
    const period = { nid: network.id, from: s('2026-03-01T00:00:00Z'), to: s('2026-04-01T00:00:00Z') };
    const csv = await call(t.app, 'emergencyRecordExport', { ...period, format: 'csv' }, sub.session);
    const [header, ...lines] = Buffer.from((csv.body.data as { base64: string }).base64, 'base64')
      .toString('utf8')
      .slice(1)
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));
    const column = (label: string) => header!.indexOf(label);
    expect(lines.map((l) => [l[column('Test')], l[column('Result')], l[column('Minutes (achieved / rated)')]])).toEqual(
      [
        ['Function test', 'Passed', ''],
        ['Partial duration test', 'Passed', '2 / 180'],
        ['Duration test', 'Stopped manually', ''],
      ],
    );
  });

  it('exports a PDF an inspector can read: header, months without a valid test, and every fitting with its result', async () => {
    setNow('2026-04-15T12:00:00Z');
    const { owner, network, stairs, fittings } = await london();
    const [a, b] = fittings;
    const hall = await buildZone(t.db, network.id, '一楼走廊');
    const [c] = await buildFittings(t.db, network.id, hall.id, 1, { createdAt: new Date('2025-12-01T00:00:00Z') });
    await t.db.update(devices).set({ name: '应急灯 1 号' }).where(eq(devices.id, c!.id));
    const header = {
      companyTitle: 'Lichtwerk Müller GmbH',
      signatoryName: 'Ana Núñez',
      signatoryRole: 'Safety officer',
      contactName: '',
      contactPhone: '',
      contactEmail: '',
      address: '',
    };
    expect((await call(t.app, 'reportSetupUpdate', { pid: owner.pid, ...header }, owner.session)).body.code).toBe(
      Code.ok,
    );
    // January: every fitting passed; February: no test at all (missed); March: a failed and two passed.
    const at = (iso: string) => new Date(iso);
    const names = { location: stairs.name, zoneName: stairs.name };
    for (const f of [a!, b!]) {
      await buildRecord(t.db, network.id, {
        deviceId: f.id,
        fittingName: f.name,
        ...names,
        grade: 'passed',
        endedAt: at('2026-01-03T10:05:00Z'),
      });
    }
    const chinese = { deviceId: c!.id, fittingName: '应急灯 1 号', location: '一楼走廊', zoneName: '一楼走廊' };
    await buildRecord(t.db, network.id, {
      ...chinese,
      grade: 'passed',
      startSource: 'manual',
      endedAt: at('2026-01-03T10:07:00Z'),
    });
    const failed = await buildRecord(t.db, network.id, {
      deviceId: a!.id,
      fittingName: a!.name,
      ...names,
      grade: 'failed',
      failureBits: 8,
      endedAt: at('2026-03-03T10:05:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: b!.id,
      fittingName: b!.name,
      ...names,
      grade: 'passed',
      endedAt: at('2026-03-03T10:05:00Z'),
    });
    await buildRecord(t.db, network.id, { ...chinese, grade: 'passed', endedAt: at('2026-03-03T10:07:00Z') });
    const fault = await buildFault(t.db, network.id, owner.pid, a!.id, 8, at('2026-03-03T10:05:00Z'), failed.id);
    const rectify = {
      faultId: fault.id,
      step: 'rectify',
      at: s('2026-03-04T09:00:00Z'),
      person: 'Li Wei',
      remark: 'lamp replaced',
    };
    expect((await call(t.app, 'emergencyFaultStep', rectify, owner.session)).body.code).toBe(Code.ok);

    const period = { nid: network.id, from: s('2026-01-01T00:00:00Z'), to: s('2026-04-01T00:00:00Z') };
    const pdf = await call(t.app, 'emergencyRecordExport', { ...period, format: 'pdf' }, owner.session);
    expect(pdf.body.code).toBe(Code.ok);
    const file = join(pdfDir, `record-${network.id}.pdf`);
    writeFileSync(file, Buffer.from((pdf.body.data as { base64: string }).base64, 'base64'));
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']).toString('utf8');

    // The header block from the project's header settings.
    expect(text).toContain('Lichtwerk Müller GmbH');
    expect(text).toContain('Signatory: Ana Núñez');
    expect(text).toContain('Role: Safety officer');
    expect(text).toContain('Emergency lighting record');
    // Months without a valid test: February counts all three fittings "Without a valid test" (0 valid), the
    // months with tests none; in the matrix the fittings' February cells read "Missed".
    expect(text).toMatch(/Month\s+Fittings\s+Valid tests\s+Without a valid test/);
    expect(text).toMatch(/^2026-01\s+3\s+3\s+0$/m);
    expect(text).toMatch(/^2026-02\s+3\s+0\s+3$/m);
    expect(text).toMatch(/^2026-03\s+3\s+3\s+0$/m);
    expect(text).toMatch(new RegExp(`^${a!.name}\\s+Stairs\\s+Passed\\s+Missed\\s+Failed$`, 'm'));
    expect(text).toMatch(new RegExp(`^${b!.name}\\s+Stairs\\s+Passed\\s+Missed\\s+Passed$`, 'm'));
    expect(text).toMatch(/^应急灯 1 号\s+一楼走廊\s+Passed\s+Missed\s+Passed$/m);
    // …and its row is shaded, the months with valid tests not.
    const words = pdfWords(file);
    expect(rowShade(pdfDir, file, words, '2026-02')).toEqual(HIGHLIGHT);
    expect(rowShade(pdfDir, file, words, '2026-01')).toEqual(WHITE);
    expect(rowShade(pdfDir, file, words, '2026-03')).toEqual(WHITE);

    // Every test record: fitting, zone and location in one cell, when it ended in the site's zone, start source, grade,
    // failures, and the faults that test found with their remedy (the March failure of `a`; its January
    // pass lists none).
    const columns = ['Fitting', 'MAC', 'Location', 'Test', 'Requested', 'Started', 'Ended', 'Start', 'Result'];
    const records = readTable(words, [...columns, 'Failures', 'Minutes', 'Faults', 'Remedy', 'Remark'], 1).map(
      (cells) => ({
        fitting: cells[0],
        location: cells[2],
        test: cells[3],
        time: cells[6],
        startSource: cells[7],
        grade: cells[8],
        failures: cells[9],
        faults: cells[11],
        remedy: cells[12],
      }),
    );
    const lamp = 'The emergency lamp failed.';
    const exit = (f: { name: string }, time: string, grade: string, failures = '') => ({
      fitting: f.name,
      location: 'Stairs',
      test: 'Function test',
      time,
      startSource: 'Schedule',
      grade,
      failures,
      faults: failures === lamp ? lamp : '',
      remedy: failures === lamp ? 'Li Wei: lamp replaced' : '',
    });
    const hallway = (time: string, startSource: string) => ({
      fitting: '应急灯 1 号',
      location: '一楼走廊',
      test: 'Function test',
      time,
      startSource,
      grade: 'Passed',
      failures: '',
      faults: '',
      remedy: '',
    });
    expect(records).toEqual([
      exit(a!, '01/03/2026 10:05 GMT', 'Passed'),
      exit(b!, '01/03/2026 10:05 GMT', 'Passed'),
      hallway('01/03/2026 10:07 GMT', 'Manual'),
      exit(a!, '03/03/2026 10:05 GMT', 'Failed', lamp),
      exit(b!, '03/03/2026 10:05 GMT', 'Passed'),
      hallway('03/03/2026 10:07 GMT', 'Schedule'),
    ]);
    // The fault workflow: the fault with its failure, state and remedy.
    expect(text).toMatch(
      new RegExp(
        `^${fault.fittingName}\\s+Stairs\\s+03/03/2026 10:05 GMT\\s+The emergency lamp failed\\.\\s+Open\\s+Li Wei: lamp replaced$`,
        'm',
      ),
    );
  });
});
