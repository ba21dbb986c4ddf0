import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Code,
  type EmergencyElement,
  type EmergencySchedule,
  type ScheduleReport,
  type TestRecord,
} from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { devices, emergencySchedules, emergencyTestRecords, gateways, networks, tasks } from '../../db/schema.ts';
import { buildFault, buildFittings, buildRecord, buildZone } from './test-fittings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const pdfDir = mkdtempSync(join(tmpdir(), 'lw-emergency-pdf-'));
afterAll(() => rmSync(pdfDir, { recursive: true, force: true }));

type Rgb = [number, number, number];
/** The fill of a highlighted PDF table row (#ffe7ba), and of a plain one. */
const HIGHLIGHT: Rgb = [255, 231, 186];
const WHITE: Rgb = [255, 255, 255];

interface PdfWord {
  page: number;
  xMin: number;
  yMin: number;
  yMax: number;
  text: string;
}

/** Every word of a PDF with its page and box (`pdftotext -bbox`), in reading order. */
function pdfWords(file: string): PdfWord[] {
  const xml = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']).toString('utf8');
  const xmlText = (w: string) =>
    w
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return xml
    .split('<page ')
    .slice(1)
    .flatMap((page, index) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
        (m) => ({ page: index + 1, xMin: Number(m[1]), yMin: Number(m[2]), yMax: Number(m[3]), text: xmlText(m[4]!) }),
      ),
    );
}

/**
 * The colour at the left edge of the table row whose first cell is the word `first`: its page rendered at
 * 72 dpi (one pixel per point), read in the cell padding 2 pt left of the word, halfway down the line.
 */
function rowShade(file: string, words: readonly PdfWord[], first: string): Rgb {
  const word = words.find((w) => w.text === first);
  if (!word) throw new Error(`"${first}" is not printed`);
  const prefix = join(pdfDir, `shade-${process.pid}`);
  const page = String(word.page);
  execFileSync('pdftoppm', ['-r', '72', '-f', page, '-l', page, '-singlefile', file, prefix]);
  const ppm = readFileSync(`${prefix}.ppm`);
  const head = ppm.toString('latin1', 0, 64).match(/^P6\s+(\d+)\s+(\d+)\s+255\s/);
  if (!head) throw new Error('not a binary PPM');
  const x = Math.floor(word.xMin) - 2;
  const y = Math.floor((word.yMin + word.yMax) / 2);
  const at = head[0].length + (y * Number(head[1]) + x) * 3;
  return [ppm[at]!, ppm[at + 1]!, ppm[at + 2]!];
}

/**
 * The body rows of the printed table whose header line starts with the words `labels` (the first word of
 * each column label), each row as its cells' text, wrapped lines joined by spaces. A word belongs to the
 * column whose label starts left of it; a row starts at each line with a word in the column `rowKey` (a
 * cell that never wraps) and the table ends at text back at the page margin (the next heading or the
 * footer).
 */
function readTable(words: readonly PdfWord[], labels: readonly string[], rowKey: number): string[][] {
  const rows: string[][] = [];
  const near = (a: number, b: number) => Math.abs(a - b) < 1;
  for (const head of words.filter((w) => w.text === labels[0])) {
    const line = words.filter((w) => w.page === head.page && near(w.yMin, head.yMin));
    const starts = labels.map((label) => line.find((w) => w.text === label)?.xMin);
    if (starts.some((x) => x === undefined)) continue;
    const columnStarts = starts as number[];
    const below = words
      .filter((w) => w.page === head.page && w.yMin > head.yMin + 1)
      .sort((p, q) => p.yMin - q.yMin || p.xMin - q.xMin);
    const end = below.find((w) => w.xMin < columnStarts[0]! - 1)?.yMin ?? Number.POSITIVE_INFINITY;
    const body = below.filter((w) => w.yMin < end - 1);
    const columnOf = (w: PdfWord) => columnStarts.findLastIndex((x) => x <= w.xMin + 1);
    const rowTops = body.filter((w) => columnOf(w) === rowKey).map((w) => w.yMin);
    // Header labels wrap too: body rows begin at the first row key.
    const cells = rowTops.map(() => labels.map(() => [] as string[]));
    for (const w of body) {
      const row = rowTops.findLastIndex((y) => y <= w.yMin + 1);
      if (row >= 0) cells[row]![columnOf(w)]!.push(w.text);
    }
    rows.push(...cells.map((row) => row.map((texts) => texts.join(' '))));
  }
  return rows;
}

const setNow = (iso: string) => {
  t.clock.offsetMs = new Date(iso).getTime() - Date.now();
};
const s = (iso: string) => Date.parse(iso) / 1000;

async function london() {
  const team = await networkTeam(t);
  await t.db.update(networks).set({ timeZone: 'Europe/London' }).where(eq(networks.id, team.network.id));
  const stairs = await buildZone(t.db, team.network.id, 'Stairs');
  const fittings = await buildFittings(t.db, team.network.id, stairs.id, 2, {
    createdAt: new Date('2025-12-01T00:00:00Z'),
  });
  return { ...team, stairs, fittings };
}

const monthly = { name: 'Monthly', testKind: 'function', day: 3, minuteOfDay: 600 };

describeApi('emergency self-test schedules', () => {
  it('adds, lists with the next window in the site zone across a DST change, updates and deletes (owner, installer)', async () => {
    setNow('2026-03-10T12:00:00Z');
    const { owner, installer, sub, network } = await london();
    const added = await call(t.app, 'emergencyScheduleAdd', { nid: network.id, ...monthly }, owner.session);
    expect(added.body.code).toBe(0);
    const schedule = added.body.data as EmergencySchedule;
    // 3 April 2026 10:00 BST = 09:00 UTC (London moved to summer time on 29 March).
    expect(schedule.nextRun).toBe(s('2026-04-03T09:00:00Z'));
    expect(schedule).toMatchObject({ maxDelayMinutes: 15, stagger: 'zone', target: { kind: 'network' } });
    const listed = await call(t.app, 'emergencyScheduleList', { nid: network.id }, sub.session);
    expect(listed.body).toMatchObject({ code: 0, data: { timeZone: 'Europe/London', list: [{ id: schedule.id }] } });
    const yearly = {
      name: 'Yearly',
      testKind: 'duration',
      day: 10,
      month: 11,
      minuteOfDay: 120,
      durationKind: 'custom',
      durationMinutes: 60,
      stagger: 'alternate',
    };
    const updated = await call(
      t.app,
      'emergencyScheduleUpdate',
      { scheduleId: schedule.id, ...yearly },
      installer.session,
    );
    expect(updated.body.data).toMatchObject({
      testKind: 'duration',
      month: 11,
      durationMinutes: 60,
      stagger: 'alternate',
    });
    // 10 November 2026 02:00 GMT.
    expect((updated.body.data as EmergencySchedule).nextRun).toBe(s('2026-11-10T02:00:00Z'));
    expect((await call(t.app, 'emergencyScheduleDelete', { scheduleId: schedule.id }, owner.session)).body.code).toBe(
      0,
    );
    expect((await call(t.app, 'emergencyScheduleList', { nid: network.id }, owner.session)).body.code).toBe(
      Code.emptyList,
    );
  });

  it('refuses bad input, a yearly test without a month, a custom test without minutes and a foreign target', async () => {
    const { owner, network } = await london();
    const other = await london();
    const bad = async (extra: Record<string, unknown>) =>
      (await call(t.app, 'emergencyScheduleAdd', { nid: network.id, ...monthly, ...extra }, owner.session)).body.code;
    expect(await bad({ day: 29 })).toBe(Code.badInput);
    expect(await bad({ maxDelayMinutes: 16 })).toBe(Code.badInput);
    expect(await bad({ testKind: 'duration' })).toBe(Code.badInput);
    expect(await bad({ testKind: 'duration', month: 5, durationKind: 'custom' })).toBe(Code.badInput);
    expect(await bad({ target: { kind: 'zone', ids: [other.stairs.id] } })).toBe(Code.noDeviceSelected);
    expect(await t.db.select().from(emergencySchedules).where(eq(emergencySchedules.nid, network.id))).toEqual([]);
  });

  it('lets sub-users and strangers read or change nothing they may not (1013)', async () => {
    const { owner, sub, stranger, network } = await london();
    const added = (await call(t.app, 'emergencyScheduleAdd', { nid: network.id, ...monthly }, owner.session)).body
      .data as EmergencySchedule;
    expect((await call(t.app, 'emergencyScheduleAdd', { nid: network.id, ...monthly }, sub.session)).body.code).toBe(
      Code.noPermission,
    );
    expect(
      (await call(t.app, 'emergencyScheduleUpdate', { scheduleId: added.id, ...monthly }, sub.session)).body.code,
    ).toBe(Code.noPermission);
    expect((await call(t.app, 'emergencyScheduleDelete', { scheduleId: added.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'emergencyScheduleList', { nid: network.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'emergencyScheduleDelete', { scheduleId: 999_999 }, owner.session)).body.code).toBe(
      Code.noPermission,
    );
  });
});

describeApi('emergency element info, logs and schedule report', () => {
  it('lists fittings with last results, next check (N/A without a monthly schedule) and overdue', async () => {
    setNow('2026-03-10T12:00:00Z');
    const { owner, sub, stranger, network, fittings } = await london();
    const [a, b] = fittings;
    await buildRecord(t.db, network.id, {
      deviceId: a!.id,
      grade: 'passed',
      endedAt: new Date('2026-03-03T10:05:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: a!.id,
      kind: 'duration',
      grade: 'failed',
      failureBits: 2,
      achievedMinutes: 100,
      ratedMinutes: 180,
      endedAt: new Date('2026-02-10T05:00:00Z'),
    });
    let list = await call(t.app, 'emergencyElementList', { nid: network.id }, sub.session);
    expect(list.body.code).toBe(0);
    let elements = (list.body.data as { list: EmergencyElement[] }).list;
    const first = elements.find((e) => e.deviceId === a!.id)!;
    expect(first).toMatchObject({
      zoneName: 'Stairs',
      emergencyType: 1,
      batteryPercent: 100,
      nextCheck: null,
      lastFunction: { grade: 'passed' },
      lastDuration: { grade: 'failed', achievedMinutes: 100, ratedMinutes: 180, reasons: ['batteryDuration'] },
      // A failed duration test is no pass, but the yearly test is due 395 days after installation.
      overdue: false,
      overdueKinds: [],
    });
    // Installed 1 December, never tested: over 35 days → overdue for the monthly test.
    expect(elements.find((e) => e.deviceId === b!.id)).toMatchObject({ overdue: true, overdueKinds: ['function'] });
    await call(t.app, 'emergencyScheduleAdd', { nid: network.id, ...monthly }, owner.session);
    list = await call(t.app, 'emergencyElementList', { nid: network.id, filter: 'overdue' }, owner.session);
    elements = (list.body.data as { list: EmergencyElement[] }).list;
    expect(elements.map((e) => e.deviceId)).toEqual([b!.id]);
    expect(elements[0]!.nextCheck).toBe(s('2026-04-03T09:00:00Z'));
    const none = await call(t.app, 'emergencyElementList', { nid: network.id, filter: 'offline' }, owner.session);
    expect(none.body.code).toBe(Code.emptyList);
    expect((await call(t.app, 'emergencyElementList', { nid: network.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'emergencyElementList', { nid: network.id, pageSize: 0 }, owner.session)).body.code).toBe(
      Code.badInput,
    );
  });

  it('grades every closed month of the schedule report: a valid result, else missed, never blank', async () => {
    setNow('2026-04-15T12:00:00Z');
    const { sub, network, fittings } = await london();
    const [a, b] = fittings;
    await buildRecord(t.db, network.id, {
      deviceId: a!.id,
      grade: 'passed',
      endedAt: new Date('2026-01-03T10:05:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: a!.id,
      grade: 'stopped',
      endedAt: new Date('2026-02-03T10:05:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: a!.id,
      grade: 'passedLate',
      endedAt: new Date('2026-03-31T23:30:00Z'), // 1 April 00:30 BST: counts for April
    });
    await buildRecord(t.db, network.id, {
      deviceId: b!.id,
      grade: 'failed',
      failureBits: 8,
      endedAt: new Date('2026-03-03T10:05:00Z'),
    });
    const reply = await call(t.app, 'emergencyScheduleReport', { nid: network.id, year: 2026 }, sub.session);
    expect(reply.body.code).toBe(0);
    const report = reply.body.data as ScheduleReport;
    const row = (id: number) => report.rows.find((r) => r.deviceId === id)!;
    expect(row(a!.id).monthly.map((c) => c.grade)).toEqual([
      'passed',
      'missed',
      'missed',
      'passedLate',
      ...Array(8).fill(null),
    ]);
    expect(
      row(b!.id)
        .monthly.slice(0, 4)
        .map((c) => c.grade),
    ).toEqual(['missed', 'missed', 'failed', null]);
    expect(row(a!.id).yearly.grade).toBeNull();
    const last = await call(t.app, 'emergencyScheduleReport', { nid: network.id, year: 2025 }, sub.session);
    // Installed 1 December 2025: December closed without a test → missed; the year's duration test too.
    expect((last.body.data as ScheduleReport).rows[0]!.monthly[11]!.grade).toBe('missed');
    expect((last.body.data as ScheduleReport).rows[0]!.monthly[10]!.grade).toBeNull();
  });

  it('answers the test log newest first with filters, and corrects a record by a new one referencing it', async () => {
    setNow('2026-04-15T12:00:00Z');
    const { owner, sub, stranger, network, fittings } = await london();
    const old = await buildRecord(t.db, network.id, {
      deviceId: fittings[0]!.id,
      grade: 'failed',
      endedAt: new Date('2026-03-03T10:05:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: fittings[1]!.id,
      grade: 'passed',
      endedAt: new Date('2026-04-03T10:05:00Z'),
    });
    const log = await call(t.app, 'emergencyTestLog', { nid: network.id }, sub.session);
    expect((log.body.data as { list: TestRecord[] }).list.map((r) => r.grade)).toEqual(['passed', 'failed']);
    const failed = await call(t.app, 'emergencyTestLog', { nid: network.id, grade: 'failed' }, sub.session);
    expect((failed.body.data as { total: number }).total).toBe(1);
    const bad = await call(t.app, 'emergencyTestLog', { nid: network.id, from: 200, to: 100 }, sub.session);
    expect(bad.body.code).toBe(Code.badInput);
    expect((await call(t.app, 'emergencyTestLog', { nid: network.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    expect(
      (await call(t.app, 'emergencyTestCorrect', { recordId: old.id, remark: 'lamp was replaced' }, sub.session)).body
        .code,
    ).toBe(Code.noPermission);
    const corrected = await call(
      t.app,
      'emergencyTestCorrect',
      { recordId: old.id, remark: 'lamp was replaced' },
      owner.session,
    );
    expect(corrected.body.data).toMatchObject({ correctsId: old.id, grade: 'failed', remark: 'lamp was replaced' });
    const [still] = await t.db.select().from(emergencyTestRecords).where(eq(emergencyTestRecords.id, old.id));
    expect(still).toEqual(old);
    expect((await call(t.app, 'emergencyTestCorrect', { recordId: old.id, remark: '' }, owner.session)).body.code).toBe(
      Code.badInput,
    );
    expect((await call(t.app, 'emergencyModeLog', { nid: network.id }, sub.session)).body.code).toBe(Code.emptyList);
  });

  it('sums overdue fittings per network and project for /first/index and the network overview', async () => {
    setNow('2026-04-15T12:00:00Z');
    const { owner, stranger, network, fittings } = await london();
    await buildRecord(t.db, network.id, {
      deviceId: fittings[0]!.id,
      grade: 'passed',
      endedAt: new Date('2026-04-03T10:05:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: fittings[0]!.id,
      kind: 'duration',
      grade: 'passed',
      endedAt: new Date('2026-04-04T10:05:00Z'),
    });
    const reply = await call(t.app, 'emergencyOverdueSummary', { nid: network.id }, owner.session);
    expect(reply.body.data).toMatchObject({
      networks: [{ nid: network.id, fittings: 2, overdue: 1, overdueFunction: 1, overdueDuration: 0, failed: 0 }],
      totals: { fittings: 2, overdue: 1 },
    });
    const all = await call(t.app, 'emergencyOverdueSummary', {}, owner.session);
    expect((all.body.data as { networks: { nid: number }[] }).networks.map((n) => n.nid)).toContain(network.id);
    expect((await call(t.app, 'emergencyOverdueSummary', { nid: network.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    const strangers = await call(t.app, 'emergencyOverdueSummary', {}, stranger.session);
    expect(strangers.body.data).toMatchObject({ networks: [], totals: { fittings: 0 } });
  });

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
    expect(rowShade(file, words, '2026-02')).toEqual(HIGHLIGHT);
    expect(rowShade(file, words, '2026-01')).toEqual(WHITE);
    expect(rowShade(file, words, '2026-03')).toEqual(WHITE);

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
