import {
  type DeviceReport,
  type DeviceReportRow,
  type DeviceReportTarget,
  type EnergySource,
  localDateString,
  type Period,
} from '@lightwell/domain';
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { devices as devicesTable, emergencyFaults, projects, zones } from '../../db/schema.ts';
import { noPermission } from '../../policies/access.ts';
import { loadFaultyDevices } from '../device-faults.ts';
import { noSource, type SourceWh } from '../energy/energy-figures.ts';
import { type EnergyDevice, loadEnergyDevices } from '../energy/energy-hours.ts';
import { loadPeriodHours } from '../energy/energy-periods.ts';
import { type EnergyNetwork, energySettingsOf } from '../energy/energy-views.ts';
import { DeviceDays } from './device-days.ts';

/** A device report with each device's days (the downloads print them; the print page shows the sums). */
export interface DeviceReportData extends DeviceReport {
  deviceDays: DeviceDays;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
/** A D4i counter value that is a real reading: all-FF (absent) and all-FF minus 1 (unavailable) are not. */
const MAX_OPERATING_SECONDS = 0xfffffffd;

/**
 * The real devices of a network a device report covers: all, those of some zones (by the plan node that
 * shows them, as the energy screens place them) or some devices. A zone or device that is not the network's
 * answers 1013 with `strict` (asking), and is left out without (a job running after a change).
 */
export async function resolveDeviceTarget(
  db: Db,
  nid: number,
  target: DeviceReportTarget,
  strict: boolean,
): Promise<EnergyDevice[]> {
  const all = await loadEnergyDevices(db, [nid]);
  if (target.kind === 'network') return all;
  if (target.kind === 'zones') {
    const known = await db
      .select({ id: zones.id })
      .from(zones)
      .where(and(eq(zones.nid, nid), inArray(zones.id, target.ids)));
    if (strict && known.length !== target.ids.length) throw noPermission();
    const wanted = new Set(known.map((zone) => zone.id));
    return all.filter((device) => device.zoneId !== null && wanted.has(device.zoneId));
  }
  const wanted = new Set(target.ids);
  const found = all.filter((device) => wanted.has(device.id));
  if (strict && found.length !== target.ids.length) throw noPermission();
  return found;
}

/**
 * The first and last D4i operating-time counter values of devices within a period, from the stored readings:
 * for each device its first and its last reading holding a real value, each found through the readings'
 * (device, time) index, so a year of readings is not read through.
 */
async function operatingTimes(db: Db, ids: readonly number[], period: Period) {
  if (ids.length === 0) return new Map<number, { first: number; last: number }>();
  const edge = (order: 'ASC' | 'DESC') =>
    sql`SELECT (r.d4i->>'gearOperatingTime')::float8 AS value
        FROM telemetry_readings r
        WHERE r.device_id = w.id AND r.at >= to_timestamp(${period.start}) AND r.at < to_timestamp(${period.end})
          AND r.d4i ? 'gearOperatingTime'
          AND (r.d4i->>'gearOperatingTime')::float8 <= ${MAX_OPERATING_SECONDS}
        ORDER BY r.at ${sql.raw(order)} LIMIT 1`;
  const rows = await rowsOf<{ device_id: number; first: number | string; last: number | string }>(
    db,
    sql`SELECT w.id AS device_id, f.value AS first, l.value AS last
        FROM unnest(${sql.param([...ids])}::int[]) AS w(id)
        CROSS JOIN LATERAL (${edge('ASC')}) f
        CROSS JOIN LATERAL (${edge('DESC')}) l`,
  );
  return new Map(rows.map((row) => [Number(row.device_id), { first: Number(row.first), last: Number(row.last) }]));
}

/** Emergency faults opened in a period, per device. */
async function faultsOpened(db: Db, nid: number, ids: readonly number[], period: Period) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ deviceId: emergencyFaults.deviceId, opened: count() })
    .from(emergencyFaults)
    .where(
      and(
        eq(emergencyFaults.nid, nid),
        inArray(emergencyFaults.deviceId, [...ids]),
        gte(emergencyFaults.openedAt, new Date(period.start * 1000)),
        lt(emergencyFaults.openedAt, new Date(period.end * 1000)),
      ),
    )
    .groupBy(emergencyFaults.deviceId);
  return new Map(rows.map((row) => [row.deviceId ?? 0, Number(row.opened)]));
}

/** A device's sums over the period. */
interface DeviceSums {
  on: number;
  bySource: SourceWh;
  triggers: number;
  source: EnergySource | null;
}

/** Devices whose device-days are read at once: a year of a large network is never in memory as rows. */
const DEVICES_PER_READ = 100;

/** Sums of the batches read so far: per device, each device's days, and the local date of each row start. */
interface Summed {
  perDevice: Map<number, DeviceSums>;
  deviceDays: DeviceDays;
  /** Local date of a row start (rows of every device share them) as its row in `deviceDays`, found once each. */
  dates: Map<number, number>;
}

/**
 * Adds the device-hours (or device-days) of the overview's read of a batch of devices (every row of each) to
 * the per-device sums, and their days to the devices' days.
 */
function sumDevices(
  hours: Awaited<ReturnType<typeof loadPeriodHours>>['hours'],
  ids: ReadonlySet<number>,
  timeZone: string,
  summed: Summed,
): void {
  const { perDevice, dates, deviceDays } = summed;
  for (const row of hours) {
    if (!ids.has(row.deviceId)) continue;
    let device = perDevice.get(row.deviceId);
    if (device === undefined) {
      device = { on: 0, bySource: noSource(), triggers: 0, source: null };
      perDevice.set(row.deviceId, device);
    }
    device.on += row.onSeconds;
    // A counter is the device's source however much it counted (`deviceHoursOf`); an estimate once it is above 0.
    if (row.source !== 'estimate' || row.wh > 0) device.source = row.source;
    device.bySource[row.source] += row.wh;
    device.triggers += row.triggers;
    let date = dates.get(row.hour);
    if (date === undefined) {
      date = deviceDays.dateNumber(localDateString(row.hour, timeZone));
      dates.set(row.hour, date);
    }
    deviceDays.add(row.deviceId, date, row);
  }
}

/** The names of a network's zones and the MAC addresses of some devices, by id. */
async function zoneNamesAndMacs(db: Db, nid: number, ids: readonly number[]) {
  const zoneNames = new Map(
    (await db.select({ id: zones.id, name: zones.name }).from(zones).where(eq(zones.nid, nid))).map((zone) => [
      zone.id,
      zone.name,
    ]),
  );
  const macs = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: devicesTable.id, mac: devicesTable.mac })
            .from(devicesTable)
            .where(inArray(devicesTable.id, [...ids]))
        ).map((row) => [row.id, row.mac]),
  );
  return { zoneNames, macs };
}

/**
 * The report's row of each selected device: its sums over the period, its zone and MAC, whether it is
 * faulty now, the emergency faults opened in the period and its D4i operating time.
 */
async function deviceRows(
  ctx: Pick<AppContext, 'db'>,
  network: EnergyNetwork,
  selected: readonly EnergyDevice[],
  perDevice: ReadonlyMap<number, DeviceSums>,
  period: Period,
  now: Date,
): Promise<DeviceReportRow[]> {
  const ids = selected.map((device) => device.id);
  const { zoneNames, macs } = await zoneNamesAndMacs(ctx.db, network.id, ids);
  const faulty = await loadFaultyDevices(ctx.db, ids, now);
  const opened = await faultsOpened(ctx.db, network.id, ids, period);
  const operating = await operatingTimes(ctx.db, ids, period);
  return selected.map((device) => {
    const sums = perDevice.get(device.id) ?? { on: 0, bySource: noSource(), triggers: 0, source: null };
    const bySource = {
      meter: round3(sums.bySource.meter),
      d4i: round3(sums.bySource.d4i),
      estimate: round3(sums.bySource.estimate),
    };
    const time = operating.get(device.id);
    return {
      id: device.id,
      name: device.name,
      kind: device.kind,
      mac: macs.get(device.id) ?? '',
      zoneName: device.zoneId === null ? null : (zoneNames.get(device.zoneId) ?? null),
      online: device.online,
      faulty: faulty.has(device.id),
      faultsOpened: opened.get(device.id) ?? 0,
      onSeconds: sums.on,
      energyWh: round3(bySource.meter + bySource.d4i + bySource.estimate),
      source: sums.source,
      bySource,
      triggers: sums.triggers,
      d4iOperatingSeconds: time ? time.last : null,
      d4iOperatingSecondsInPeriod: time ? Math.max(0, time.last - time.first) : null,
      d4iEnergyWh: sums.source === 'd4i' ? bySource.d4i : null,
    };
  });
}

/**
 * The device report of network `network` over `period` for the devices of `target` (2-4, `/report/device/pdf`):
 * per device its on-time (the sum of its daily usage, `deviceDailyUsing`), energy with its source, sensor
 * triggers, D4i operating time (counter at its last reading and the rise in the period) and D4i energy,
 * whether it is faulty now and the emergency faults opened in the period; per local day the selection's
 * sums; and each device's days. The energy comes from the read the network overview makes
 * (`loadPeriodHours`: hours up to 15 days, whole local days beyond), so a whole network's devices add up to
 * the overview's energy to the mWh.
 */
export async function buildDeviceReport(
  ctx: Pick<AppContext, 'db' | 'now'>,
  network: EnergyNetwork,
  target: DeviceReportTarget,
  period: Period,
): Promise<DeviceReportData> {
  const now = ctx.now();
  const selected = await resolveDeviceTarget(ctx.db, network.id, target, false);
  const ids = selected.map((device) => device.id);
  const settings = energySettingsOf(network, [], period.end - 1);
  // A period holds at most 366 local days (one more where it starts or ends within a day).
  const expectedDates = Math.ceil((period.end - period.start) / 86_400) + 1;
  const summed: Summed = { perDevice: new Map(), deviceDays: new DeviceDays(ids, expectedDates), dates: new Map() };
  const selectedIds = new Set(ids);
  // A device's figures depend on its own rows only (its source is chosen over them), so devices are read in
  // batches: the rows of one batch at a time, however long the period and large the network.
  for (let from = 0; from < ids.length; from += DEVICES_PER_READ) {
    const batch = ids.slice(from, from + DEVICES_PER_READ);
    const { hours } = await loadPeriodHours(ctx.db, network, period, settings, false, false, batch);
    sumDevices(hours, selectedIds, network.timeZone, summed);
  }
  const { perDevice, deviceDays } = summed;
  const rows = await deviceRows(ctx, network, selected, perDevice, period, now);
  deviceDays.finish();
  const totalBySource = noSource();
  for (const row of rows) {
    totalBySource.meter += row.bySource.meter;
    totalBySource.d4i += row.bySource.d4i;
    totalBySource.estimate += row.bySource.estimate;
  }
  const [project] = await ctx.db.select({ name: projects.name }).from(projects).where(eq(projects.id, network.pid));
  return {
    network: { nid: network.id, name: network.name, projectName: project?.name ?? '', timeZone: network.timeZone },
    period: { ...period, timeZone: network.timeZone },
    generatedAt: Math.floor(now.getTime() / 1000),
    devices: rows,
    days: deviceDays.daySums(),
    totals: {
      energyWh: round3(totalBySource.meter + totalBySource.d4i + totalBySource.estimate),
      bySource: {
        meter: round3(totalBySource.meter),
        d4i: round3(totalBySource.d4i),
        estimate: round3(totalBySource.estimate),
      },
      onSeconds: rows.reduce((sum, row) => sum + row.onSeconds, 0),
      triggers: rows.reduce((sum, row) => sum + row.triggers, 0),
    },
    deviceDays,
  };
}
