import { setImmediate as nextTurn } from 'node:timers/promises';
import type { NetworkEnergy, Period } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { loadFaultyDevices } from '../device-faults.ts';
import { loadChoices } from '../factor-set-choices.ts';
import { coverageOf, loadDataStarts } from './energy-coverage.ts';
import { energyFigures, noSource, sumBySource } from './energy-figures.ts';
import { frameIndex, framesOf } from './energy-frames.ts';
import { type DeviceHour, loadEnergyDevices } from './energy-hours.ts';
import { loadPeriodHours } from './energy-periods.ts';
import { type EnergyNetwork, energySettingsOf, round3 } from './energy-settings.ts';
import { loadVersions } from './tariffs.ts';

// The energy views the screens and reports read: the network overview here, the heat map and the portfolio
// in their own modules, and how a network's energy is priced.
export { buildHeatMap } from './energy-heat-map.ts';
export { buildPortfolio } from './energy-portfolio.ts';
export { type EnergyNetwork, energySettingsOf } from './energy-settings.ts';

/**
 * The network data overview over `period`, with the period of equal length before it for comparison; devices
 * offline and faulty (`loadFaultyDevices`) as they are at `now` (epoch seconds).
 */
export async function buildNetworkEnergy(
  db: Db,
  network: EnergyNetwork,
  period: Period,
  now: number,
): Promise<NetworkEnergy> {
  const timeZone = network.timeZone;
  const length = period.end - period.start;
  const previousPeriod = { start: period.start - length, end: period.start };
  const devices = await loadEnergyDevices(db, [network.id]);
  const versions = (await loadVersions(db, [network])).get(network.id) ?? [];
  const choices = (await loadChoices(db, [network])).get(network.id) ?? [];
  const settings = energySettingsOf(network, versions, period.end - 1, choices);
  const current = await loadPeriodHours(db, network, period, settings);
  // The period before is only compared by its figures: its whole months may come from the monthly rollups.
  const earlier = await loadPeriodHours(db, network, previousPeriod, settings, true, true);
  const hours = current.hours;
  const frames = framesOf(period, timeZone);
  const zoneRows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM zones WHERE nid = ${network.id} ORDER BY id`,
  );
  const zoneOf = new Map(devices.map((device) => [device.id, device.zoneId]));
  // Each zone's rows, in the order read.
  const byZone = new Map<number, DeviceHour[]>(zoneRows.map((zone) => [zone.id, []]));
  for (const row of hours) {
    const zone = zoneOf.get(row.deviceId);
    if (zone !== null && zone !== undefined) byZone.get(zone)?.push(row);
  }
  const zones = zoneRows.map((zone) => {
    const inZone = byZone.get(zone.id)!;
    const bySource = sumBySource(inZone);
    return {
      id: zone.id,
      name: zone.name,
      energyWh: round3(bySource.meter + bySource.d4i + bySource.estimate),
      bySource,
      triggers: inZone.reduce((sum, row) => sum + row.triggers, 0),
    };
  });
  const gaps = await rowsOf<{ gateway: string; from_seq: number; to_seq: number; reason: string }>(
    db,
    sql`SELECT g.sn AS gateway, r.from_seq, r.to_seq, r.reason FROM report_gaps r
        JOIN gateways g ON g.id = r.gateway_id
        WHERE g.nid = ${network.id} AND r.recorded_at >= to_timestamp(${period.start})
          AND r.recorded_at < to_timestamp(${period.end})
        ORDER BY r.recorded_at`,
  );
  const figures = energyFigures(hours, devices, settings, period, current.costHours);
  // A long period's figures take a while: the event loop turns between the two, so other calls are answered.
  await nextTurn();
  const previous = energyFigures(earlier.hours, devices, settings, previousPeriod, earlier.costHours);
  return {
    period: { ...period, timeZone },
    figures,
    previous,
    previousCoverage: coverageOf(previousPeriod.start, (await loadDataStarts(db, [network.id])).get(network.id)),
    series: seriesOf(hours, frames),
    frameUnit: frames.unit,
    zones,
    devices: {
      total: devices.length,
      offline: devices.filter((device) => !device.online).length,
      faults: (
        await loadFaultyDevices(
          db,
          devices.map((device) => device.id),
          new Date(now * 1000),
        )
      ).size,
    },
    gaps: gaps.map((gap) => ({
      gateway: gap.gateway,
      fromSeq: Number(gap.from_seq),
      toSeq: Number(gap.to_seq),
      reason: gap.reason,
    })),
  };
}

/** The Wh of each frame of the period by source. */
function seriesOf(hours: readonly DeviceHour[], frames: ReturnType<typeof framesOf>) {
  const series = frames.starts.map((start) => ({ start, bySource: noSource() }));
  for (const row of hours) {
    const frame = series[frameIndex(frames.starts, row.hour)]!;
    frame.bySource[row.source] += row.wh;
  }
  for (const frame of series) {
    frame.bySource = {
      meter: round3(frame.bySource.meter),
      d4i: round3(frame.bySource.d4i),
      estimate: round3(frame.bySource.estimate),
    };
  }
  return series;
}
