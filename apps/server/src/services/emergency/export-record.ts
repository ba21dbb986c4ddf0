import {
  codeToLanguage,
  type Fault,
  formatInstant,
  type Language,
  type ReportCell,
  type ScheduleReport,
  type TestRecord,
} from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type networks, projects } from '../../db/schema.ts';
import { translator } from '../../lib/i18n.ts';
import { csvDelimiter, writeCsv } from '../../reports/csv.ts';
import { type PdfBlock, renderPdf } from '../../reports/pdf/render-pdf.ts';
import { loadPdfHeader } from '../report-setup.ts';
import { buildEmergencyReport } from './emergency-report.ts';

type NetworkRow = typeof networks.$inferSelect;

/** The remedy of a fitting's faults: the rectify remarks (or persons) of every fault, in order. */
function remedyOf(faults: readonly Fault[]): string {
  return faults
    .map((f) => f.rectify)
    .filter((entry) => entry !== null)
    .map((entry) => [entry.person, entry.remark].filter(Boolean).join(': '))
    .join(' | ');
}

/** Zone and location in one cell, the location left out when it only repeats the zone (as the web reads it). */
function placeOf(zoneName: string | null, location: string | null): string {
  const zone = zoneName?.trim() ?? '';
  const place = location?.trim() ?? '';
  return [zone, place === zone ? '' : place].filter(Boolean).join(' · ');
}

/** Months of a year whose cells hold a fitting without a valid test (missed). */
function missingByMonth(report: ScheduleReport): number[] {
  return Array.from(
    { length: 12 },
    (_, month) => report.rows.filter((row) => row.monthly[month]!.grade === 'missed').length,
  );
}

/**
 * The inspector's export of a network and period (issue 14 "The record"): CSV of every test record, or a
 * PDF with the project's header, the monthly matrix (months without a valid test highlighted), every test
 * record (fitting, location, zone, when it was requested, started and ended with zone, start source, grade,
 * failures, faults and remedy) and the fault workflow. A record without an end (a missed window) is dated
 * by its window's end, or when it was recorded.
 */
export async function exportEmergencyRecord(
  ctx: AppContext,
  network: NetworkRow,
  input: { from: Date; to: Date; format: 'pdf' | 'csv'; language: number; timeFormat: number },
): Promise<{ fileName: string; contentType: string; base64: string }> {
  const language = codeToLanguage(input.language);
  const report = await buildEmergencyReport(ctx, network, {
    from: input.from,
    to: input.to,
    // The CSV lists the test records with their faults; the PDF also the schedule matrix.
    part: input.format === 'csv' ? ['selfTest', 'fault'] : ['selfTest', 'fault', 'schedule'],
    language: input.language,
  });
  const text = recordText(language, network.timeZone, input.timeFormat);
  const { L, time } = text;
  const testRow = testRowOf(text, faultsByRecord(report.faults));
  const header = headerOf(L);
  const tests = [...report.tests].reverse();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const baseName = `${L('fileName')}-${network.id}-${day(input.from)}-${day(input.to)}`;
  if (input.format === 'csv') {
    const csv = writeCsv(header, tests.map(testRow), { delimiter: csvDelimiter(language) });
    return {
      fileName: `${baseName}.csv`,
      contentType: 'text/csv; charset=utf-8',
      base64: Buffer.from(csv).toString('base64'),
    };
  }
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, network.pid));
  const pdfHeader = await loadPdfHeader(ctx.db, { id: network.pid, name: project?.name ?? '' }, language);
  const blocks: PdfBlock[] = [
    {
      kind: 'paragraph',
      text: `${L('project')}: ${report.network.projectName}   ${L('network')}: ${report.network.name}   ${L('timeZone')}: ${network.timeZone}`,
    },
    ...report.schedule.flatMap((year) => scheduleBlocks(year, text)),
    { kind: 'heading', text: L('tests') },
    testsBlock(header, tests, testRow),
    { kind: 'heading', text: L('faults') },
    faultsBlock(report.faults, text),
  ];
  const pdf = await renderPdf({
    header: pdfHeader,
    title: L('title'),
    period: `${time(report.from)} – ${time(report.to)}`,
    blocks,
    generated: { at: ctx.now(), timeZone: network.timeZone, timeFormat: input.timeFormat },
    language,
    orientation: 'landscape',
  });
  return { fileName: `${baseName}.pdf`, contentType: 'application/pdf', base64: pdf.toString('base64') };
}

/** How the export writes its words, times (in the network's zone) and failure causes. */
interface RecordText {
  t: ReturnType<typeof translator>;
  /** A label of the export (`server:emergency.export.<key>`). */
  L: (key: string) => string;
  time: (s: number | null) => string;
  reasons: (names: readonly string[]) => string;
}

function recordText(language: Language, timeZone: string, timeFormat: number): RecordText {
  const t = translator(language);
  return {
    t,
    L: (key) => t(`server:emergency.export.${key}`),
    time: (s) => (s === null ? '' : formatInstant(s, { timeZone, timeFormat })),
    reasons: (names) => names.map((n) => t(`server:emergency.failures.${n}.cause`)).join(' '),
  };
}

/** A test record lists the faults it found and those its retest verified, not every fault of its fitting. */
function faultsByRecord(faults: readonly Fault[]): Map<number, Fault[]> {
  const faultsOf = new Map<number, Fault[]>();
  const attach = (recordId: number | null, fault: Fault) => {
    if (recordId !== null) faultsOf.set(recordId, [...(faultsOf.get(recordId) ?? []), fault]);
  };
  for (const fault of faults) {
    attach(fault.testRecordId, fault);
    if (fault.retest?.recordId != null && fault.retest.recordId !== fault.testRecordId)
      attach(fault.retest.recordId, fault);
  }
  return faultsOf;
}

/** The cells of a test record, in the order of `headerOf`. */
function testRowOf({ t, time, reasons }: RecordText, faultsOf: Map<number, Fault[]>) {
  // Minutes belong to a duration test that measured them; a function test has none (nor a rated time).
  const minutes = (r: TestRecord) =>
    r.kind !== 'duration' || r.achievedMinutes === null ? '' : `${r.achievedMinutes} / ${r.ratedMinutes ?? '?'}`;
  const testName = (r: TestRecord) =>
    t(`server:emergency.tests.${r.kind === 'duration' && r.partial ? 'partialDuration' : r.kind}`);
  return (r: TestRecord): string[] => {
    const faults = faultsOf.get(r.id) ?? [];
    return [
      r.fittingName,
      r.mac,
      r.location ?? '',
      r.zoneName ?? '',
      testName(r),
      time(r.requestedAt),
      time(r.startedAt),
      time(r.endedAt ?? r.windowEnd ?? r.createTime),
      t(`server:emergency.startSources.${r.startSource}`),
      t(`server:emergency.grades.${r.grade}`),
      reasons(r.reasons),
      minutes(r),
      faults.map((f) => reasons(f.reasons)).join(' | '),
      remedyOf(faults),
      r.remark,
    ];
  };
}

const headerOf = (L: RecordText['L']) =>
  [
    'fitting',
    'mac',
    'location',
    'zone',
    'test',
    'requested',
    'started',
    'ended',
    'startSource',
    'grade',
    'reasons',
    'minutes',
    'faults',
    'remedy',
    'remark',
  ].map(L);

/** A year of the schedule: fittings tested and missing per month, then each fitting's monthly matrix. */
function scheduleBlocks(year: ScheduleReport, { t, L }: RecordText): PdfBlock[] {
  const cellText = (c: ReportCell) => (c.grade ? t(`server:emergency.grades.${c.grade}`) : '');
  const missing = missingByMonth(year);
  return [
    { kind: 'heading', text: `${L('months')} ${year.year}` },
    {
      kind: 'table',
      columns: [{ label: L('month') }, { label: L('fittings') }, { label: L('tested') }, { label: L('missing') }],
      rows: missing.map((count, month) => {
        const due = year.rows.filter((row) => row.monthly[month]!.grade !== null).length;
        return {
          cells: [
            `${year.year}-${String(month + 1).padStart(2, '0')}`,
            String(year.rows.length),
            String(due - count),
            String(count),
          ],
          highlight: count > 0,
        };
      }),
    },
    {
      kind: 'table',
      columns: [
        { label: L('fitting'), width: 2 },
        { label: L('location'), width: 1.5 },
        ...Array.from({ length: 12 }, (_, m) => ({ label: String(m + 1), align: 'center' as const })),
        { label: L('yearly'), width: 1.5 },
      ],
      rows: year.rows.map((row) => ({
        cells: [row.fittingName, row.location ?? '', ...row.monthly.map(cellText), cellText(row.yearly)],
        highlight: row.monthly.some((c) => c.grade === 'missed') || row.yearly.grade === 'missed',
      })),
    },
  ];
}

/** Every test record; the CSV's location and zone share one column here, to leave the three times room. */
function testsBlock(header: string[], tests: readonly TestRecord[], testRow: (r: TestRecord) => string[]): PdfBlock {
  const ZONE = 3;
  return {
    kind: 'table',
    columns: header
      .filter((_, i) => i !== ZONE)
      .map((label, i) => ({
        label,
        width: [1.3, 1.3, 1.4, 1.3, 1.45, 1.45, 1.45, 1.15, 1, 1.3, 1.2, 1.35, 1.1, 1][i] ?? 1,
      })),
    rows: tests.map((r) => {
      const cells = testRow(r);
      cells.splice(2, 2, placeOf(r.zoneName, r.location));
      return { cells, highlight: r.grade === 'missed' };
    }),
  };
}

/** The fault workflow: each fault, open ones highlighted. */
function faultsBlock(faults: readonly Fault[], { L, time, reasons }: RecordText): PdfBlock {
  return {
    kind: 'table',
    columns: [
      { label: L('fitting'), width: 1.5 },
      { label: L('location') },
      { label: L('opened'), width: 1.4 },
      { label: L('reasons'), width: 2 },
      { label: L('faultState') },
      { label: L('remedy'), width: 2 },
      { label: L('closed'), width: 1.4 },
    ],
    rows: faults.map((f) => ({
      cells: [
        f.fittingName,
        f.location ?? '',
        time(f.openedAt),
        reasons(f.reasons),
        L(f.state === 'closed' ? 'closedState' : f.state),
        remedyOf([f]),
        time(f.closedAt),
      ],
      highlight: f.state !== 'closed',
    })),
  };
}
