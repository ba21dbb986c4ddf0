import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, ElementType, type EquipmentStatistics, STATUS_BITS } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildNetwork,
  buildTestApp,
  call,
  describeApi,
  memberWithProject,
  networkTeam,
  type Session,
  type TestApp,
} from '../../../test/helpers.ts';
import { deviceElements, devices, emergencyFittings, networks, users } from '../../db/schema.ts';
import { buildFittings, buildRecord } from '../emergency/test-fittings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const dir = mkdtempSync(join(tmpdir(), 'lw-equipment-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * DAY_MS);
let macs = 0;
const mac = () => `AB${(++macs).toString(16).padStart(10, '0')}`.toUpperCase();

type DeviceInput = Partial<typeof devices.$inferInsert> & { nid: number; kind: string; model: string };

async function addDevice(input: DeviceInput) {
  const [row] = await t.db
    .insert(devices)
    .values({ name: `${input.model} ${macs + 1}`, mac: mac(), online: true, ...input })
    .returning();
  return row!;
}

/**
 * An installation: network "Hall A" (owner, installer, sub-user) with three luminaires (one offline, one
 * with a lamp fault), a motion sensor, two emergency fittings (one fully charged that passed its function
 * test, one with a battery failure whose duration test failed), a planned virtual device and a virtual one
 * bound to a luminaire; network "二楼 走廊" (owner and installer) with one luminaire; a network of the
 * project in the recycle bin.
 */
async function installation() {
  const team = await networkTeam(t);
  const hall = await buildNetwork(
    t.db,
    team.owner.pid,
    [
      { uid: team.owner.user.id, userType: 2 },
      { uid: team.installer.user.id, userType: 1 },
      { uid: team.sub.user.id, userType: 3 },
    ],
    { name: 'Hall A' },
  );
  const upstairs = await buildNetwork(
    t.db,
    team.owner.pid,
    [
      { uid: team.owner.user.id, userType: 2 },
      { uid: team.installer.user.id, userType: 1 },
    ],
    { name: '二楼 走廊' },
  );
  const binned = await buildNetwork(t.db, team.owner.pid, [{ uid: team.owner.user.id, userType: 2 }], {
    name: 'Binned',
    deletedAt: daysAgo(1),
  });
  // The team's own network of the helper is left without devices; this test names its own networks.
  await t.db
    .update(networks)
    .set({ deletedAt: daysAgo(1) })
    .where(eq(networks.id, team.network.id));
  const luminaire = { nid: hall.id, kind: 'luminaire', model: 'LW-L1', hardwareVersion: 'A' };
  await addDevice({ ...luminaire, firmwareVersion: '1.0.0', installedAt: daysAgo(10) });
  await addDevice({ ...luminaire, firmwareVersion: '1.0.0', installedAt: daysAgo(400), online: false });
  const faulty = await addDevice({ ...luminaire, firmwareVersion: '1.1.0', hardwareVersion: 'B', installedAt: null });
  await t.db.insert(deviceElements).values({ deviceId: faulty.id, index: 0, type: ElementType.dt6, status: 1 });
  await addDevice({
    nid: hall.id,
    kind: 'motionSensor',
    model: 'LW-PIR',
    name: 'PIR hall',
    installedAt: daysAgo(6 * 366),
  });
  // The luminaire without an installation day takes the one entered on the virtual device bound to it.
  await addDevice({ ...luminaire, isVirtual: true, boundId: faulty.id, installedAt: daysAgo(4 * 366) });
  await addDevice({ ...luminaire, isVirtual: true, mac: faulty.mac });
  const [full, broken] = await buildFittings(t.db, hall.id, null, 2);
  await t.db
    .update(emergencyFittings)
    .set({ statusBits: STATUS_BITS.batteryFull })
    .where(eq(emergencyFittings.deviceId, full!.id));
  await t.db.update(emergencyFittings).set({ failureBits: 4 }).where(eq(emergencyFittings.deviceId, broken!.id));
  await buildRecord(t.db, hall.id, { deviceId: full!.id, grade: 'passed', endedAt: daysAgo(5) });
  await buildRecord(t.db, hall.id, { deviceId: broken!.id, kind: 'duration', grade: 'failed', endedAt: daysAgo(5) });
  await addDevice({
    nid: upstairs.id,
    kind: 'luminaire',
    model: 'LW-L1',
    firmwareVersion: '1.0.0',
    installedAt: daysAgo(10),
  });
  await addDevice({ nid: binned.id, kind: 'luminaire', model: 'LW-GONE' });
  return { ...team, hall, upstairs, binned };
}

const statisticsOf = async (session: Session, payload: Record<string, unknown>) => {
  const reply = await call(t.app, 'equipmentStatistic', payload, session);
  return { code: reply.body.code, data: reply.body.data as EquipmentStatistics };
};

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

/** Rows of a CSV file (RFC 4180: quoted fields may hold the separator, quotes and line breaks). */
function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

/** The header and rows of the CSV block under the title line `title`. */
function csvBlock(rows: string[][], title: string): { header: string[]; rows: string[][] } {
  const start = rows.findIndex((row) => row.length === 1 && row[0] === title);
  expect(start, title).toBeGreaterThanOrEqual(0);
  const end = rows.findIndex((row, i) => i > start && row.length === 1 && row[0] === '');
  return { header: rows[start + 1]!, rows: rows.slice(start + 2, end === -1 ? undefined : end) };
}

const exportOf = async (session: Session, payload: Record<string, unknown>) => {
  const reply = await call(t.app, 'equipmentExport', payload, session);
  expect(reply.body.code).toBe(Code.ok);
  const data = reply.body.data as { fileName: string; contentType: string; base64: string };
  return { ...data, bytes: Buffer.from(data.base64, 'base64') };
};

describeApi('network equipment statistics exports', () => {
  it('exports a CSV whose totals are the call’s answer', async () => {
    const { owner, hall, upstairs } = await installation();
    const { data } = await statisticsOf(owner.session, { pid: owner.pid });
    const file = await exportOf(owner.session, { pid: owner.pid, format: 'csv' });
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.fileName).toMatch(new RegExp(`^equipment-statistics-${owner.pid}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const text = file.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1), ',');
    const summary = csvBlock(rows, 'Networks');
    const column = (name: string) => summary.header.indexOf(name);
    expect(summary.header.slice(0, 7)).toEqual([
      'Network',
      'Devices (pcs)',
      'Online (pcs)',
      'Offline (pcs)',
      'Faulty (pcs)',
      'Planned (pcs)',
      'Emergency fittings (pcs)',
    ]);
    const totalRow = summary.rows.find((row) => row[0] === 'All selected networks')!;
    expect(totalRow.slice(1, 7).map(Number)).toEqual([
      data.total.devices,
      data.total.online,
      data.total.offline,
      data.total.faulty,
      data.total.planned,
      data.total.emergency.fittings,
    ]);
    expect(summary.rows.find((row) => row[0] === '二楼 走廊')![column('Devices (pcs)')]).toBe('1');
    expect(totalRow[column('Installed earliest')]).toBe('PIR hall (LW-PIR)');
    // Each breakdown of all the networks together adds up to the call's totals, and per network to its own.
    const sumOf = (title: string, label: string, header: string) => {
      const block = csvBlock(rows, title);
      const at = block.header.indexOf(header);
      return block.rows.filter((row) => row[0] === label).reduce((sum, row) => sum + Number(row[at]), 0);
    };
    for (const [title, header] of [
      ['Device kinds', 'Devices (pcs)'],
      ['Models', 'Devices (pcs)'],
      ['Firmware versions', 'Devices (pcs)'],
      ['Hardware versions', 'Devices (pcs)'],
      ['Age since installation', 'Devices (pcs)'],
    ] as const) {
      expect(sumOf(title, 'All selected networks', header), title).toBe(data.total.devices);
      expect(sumOf(title, 'Hall A', header), title).toBe(data.networks.find((n) => n.nid === hall.id)!.figures.devices);
      expect(sumOf(title, '二楼 走廊', header), title).toBe(
        data.networks.find((n) => n.nid === upstairs.id)!.figures.devices,
      );
    }
    expect(sumOf('Device kinds', 'All selected networks', 'Faulty (pcs)')).toBe(data.total.faulty);
    expect(sumOf('Emergency fittings by battery state', 'All selected networks', 'Emergency fittings (pcs)')).toBe(
      data.total.emergency.fittings,
    );
    const lastTest = 'Emergency fittings by last test result';
    expect(sumOf(lastTest, 'All selected networks', 'Last function test (pcs)')).toBe(data.total.emergency.fittings);
    expect(sumOf(lastTest, 'All selected networks', 'Last duration test (pcs)')).toBe(data.total.emergency.fittings);
    const firmware = csvBlock(rows, 'Firmware versions').rows.filter((row) => row[0] === 'All selected networks');
    expect(firmware).toContainEqual(['All selected networks', 'LW-PIR', 'Not reported', '1']);
  });

  it('exports an XLSX whose worksheets read back to the call’s answer', async () => {
    const { owner } = await installation();
    const { data } = await statisticsOf(owner.session, { pid: owner.pid });
    const file = await exportOf(owner.session, { pid: owner.pid, format: 'xlsx' });
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Networks',
      'Kinds',
      'Models',
      'Firmware',
      'Hardware',
      'Age',
      'Battery',
      'Last test',
    ]);
    // Each worksheet: the title and what the file covers, then the table's title, its header row (kept in
    // view when scrolling) and its rows.
    const rowsOf = (name: string, title: string) => {
      const sheet = workbook.getWorksheet(name)!;
      const values: unknown[][] = [];
      sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
      expect(values.slice(0, 3).map((row) => row[0])).toEqual([
        'Network equipment statistics',
        expect.stringContaining('Hall A'),
        expect.stringMatching(/^As of /),
      ]);
      const at = values.findIndex((row) => row.length === 1 && row[0] === title);
      expect(at, title).toBeGreaterThan(0);
      const view = sheet.views[0] as { state: string; ySplit: number };
      expect(view.state).toBe('frozen');
      const head = sheet.getRow(view.ySplit);
      expect((head.values as unknown[]).slice(1)).toEqual(values[at + 1]);
      return { header: values[at + 1] as string[], rows: values.slice(at + 2) };
    };
    const summary = rowsOf('Networks', 'Networks');
    const total = summary.rows.find((row) => row[0] === 'All selected networks')!;
    expect(total.slice(1, 7)).toEqual([
      data.total.devices,
      data.total.online,
      data.total.offline,
      data.total.faulty,
      data.total.planned,
      data.total.emergency.fittings,
    ]);
    const sum = (name: string, title: string, column: string) => {
      const sheet = rowsOf(name, title);
      const at = sheet.header.indexOf(column);
      return sheet.rows
        .filter((row) => row[0] === 'All selected networks')
        .reduce((sum: number, row) => sum + (row[at] as number), 0);
    };
    expect(sum('Kinds', 'Device kinds', 'Devices (pcs)')).toBe(data.total.devices);
    expect(sum('Kinds', 'Device kinds', 'Online (pcs)')).toBe(data.total.online);
    expect(sum('Models', 'Models', 'Devices (pcs)')).toBe(data.total.devices);
    expect(sum('Firmware', 'Firmware versions', 'Devices (pcs)')).toBe(data.total.devices);
    expect(sum('Age', 'Age since installation', 'Devices (pcs)')).toBe(data.total.devices);
    expect(sum('Battery', 'Emergency fittings by battery state', 'Emergency fittings (pcs)')).toBe(
      data.total.emergency.fittings,
    );
  });

  it('exports a PDF that opens, with the header and number on every page, in Chinese for a reader of zh', async () => {
    const { owner } = await installation();
    await t.db.update(users).set({ language: 1 }).where(eq(users.id, owner.user.id));
    const { data } = await statisticsOf(owner.session, { pid: owner.pid });
    const file = await exportOf(owner.session, { pid: owner.pid, format: 'pdf' });
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toMatch(/^设备统计-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const path = join(dir, 'equipment.pdf');
    writeFileSync(path, file.bytes);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-']).toString('utf8');
    expect(text).toContain('网络设备统计');
    expect(text).toContain('二楼 走廊');
    expect(text).toContain('所选全部网络');
    expect(text).toContain('灯具');
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    // Every page: the header block (the project's name while no company title is set) and its number.
    pages.forEach((page, i) => {
      expect(page).toContain(data.project.name);
      expect(page).toContain(`第 ${i + 1} 页，共 ${pages.length} 页`);
    });
  });
});
