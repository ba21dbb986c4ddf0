import type { Period } from '@lightwell/domain';
import { eq, sql } from 'drizzle-orm';
import { buildD4iElements, networkTeam, officeAndHall, type TestApp } from '../../test/helpers.ts';
import { buildGateway } from '../../test/mqtt/fake-gateway.ts';
import { rowsOf } from '../db/rows.ts';
import { devices, networks, telemetryMonthMarks } from '../db/schema.ts';
import { loadDeviceCells } from '../services/energy/energy-cells.ts';
import { loadEnergyDevices } from '../services/energy/energy-hours.ts';
import { type GatewayReports, storeReports } from './index.ts';

// A network whose heat maps the cell tests read (week-cells.test.ts, services/energy/energy-grids.test.ts).

export const HOUR = 3600;
/** 26 November 2026, 12:00 UTC: September and October have ended, November has not. */
export const NOW = new Date(Date.UTC(2026, 10, 26, 12));
/** A readings report as the gateway link hands it to `storeReports`, without its kind. */
type ReadingsReport = Omit<Extract<GatewayReports['reports'][number], { kind: 'readings' }>, 'kind'>;
const MACS = { counted: 'CC0000000011', estimated: 'CC0000000012', sensor: 'CC0000000013' };

/**
 * The office's readings every two hours from 1 September to 25 November 2026: lights on from 08:00 to 18:00
 * UTC on weekdays, the sensor seeing people until 12:00 only.
 */
function officeStream(): ReadingsReport[] {
  const start = Date.UTC(2026, 8, 1) / 1000;
  let wh = 2000;
  const stream: ReadingsReport[] = [];
  for (let step = 0; start + step * 2 * HOUR < Date.UTC(2026, 10, 25) / 1000; step += 1) {
    const at = start + step * 2 * HOUR;
    const hour = new Date(at * 1000).getUTCHours();
    const weekday = ![0, 6].includes(new Date(at * 1000).getUTCDay());
    // The two hours before `at`.
    const lit = weekday && hour > 8 && hour <= 18;
    wh += lit ? 100 : 1;
    stream.push({
      seq: step + 1,
      at,
      devices: [
        {
          mac: MACS.counted,
          elements: [
            {
              index: 0,
              energy: { raw: wh, scale: 0, serial: 'D-1', source: 'd4i' as const },
              onSeconds: lit ? 7200 : 0,
            },
          ],
        },
        { mac: MACS.estimated, elements: [{ index: 0, onSeconds: lit ? 3600 : 0 }] },
        { mac: MACS.sensor, elements: [{ index: 0, triggers: lit && hour <= 12 ? 3 : 0 }] },
      ],
    });
  }
  return stream;
}

/**
 * A network in `timeZone` with an "Office" zone (a D4i luminaire and a motion sensor) and a "Hall" zone (a
 * luminaire without a counter), and its readings from 1 September to 25 November every two hours: lights on
 * from 08:00 to 18:00 UTC on weekdays, the sensor seeing people until 12:00 only, so the office is lit while
 * unoccupied in the afternoon. Reading number 500 (in October) is held back for `late`.
 */
export async function officeNetwork(t: TestApp, timeZone: string) {
  const { network } = await networkTeam(t);
  await t.db.update(networks).set({ timeZone }).where(eq(networks.id, network.id));
  const { gateway, sn } = await buildGateway(t.db, network.id);
  const base = { nid: network.id, gatewayId: gateway.id, online: true };
  const [counted, estimated, sensor] = await t.db
    .insert(devices)
    .values([
      { ...base, kind: 'luminaire', name: 'Desk', model: 'LW-D4I', mac: MACS.counted, address: 1, ratedPower: 60 },
      { ...base, kind: 'luminaire', name: 'Hall', model: 'LW-DT6', mac: MACS.estimated, address: 2, ratedPower: 40 },
      { ...base, kind: 'motionSensor', name: 'PIR', model: 'LW-PIR', mac: MACS.sensor, address: 3 },
    ])
    .returning();
  await buildD4iElements(t.db, [counted!.id]);
  await officeAndHall(t.db, network.id, { office: [counted!.id, sensor!.id], hall: [estimated!.id] }, [
    'L1',
    'S1',
    'L2',
  ]);
  const stream = officeStream();
  const store = async (reports: typeof stream, now: Date) => {
    for (let from = 0; from < reports.length; from += 100) {
      await storeReports(
        t.db,
        [
          {
            gateway: { id: gateway.id, nid: network.id, sn },
            reports: reports.slice(from, from + 100).map((r) => ({ kind: 'readings' as const, ...r })),
          },
        ],
        now,
      );
    }
  };
  const late = stream.find((report) => report.seq === 500)!;
  await store(
    stream.filter((report) => report !== late),
    NOW,
  );
  /** The network's cells over `period`, by the hour (`byMonth` false) or from summed months where it can. */
  const cells = async (period: Period, byMonth: boolean) => {
    const list = await loadDeviceCells(
      t.db,
      network.id,
      timeZone,
      period,
      await loadEnergyDevices(t.db, [network.id]),
      new Map(),
      byMonth,
    );
    return list
      .map((cell) => ({
        device: cell.energy.deviceId,
        cell: cell.cell,
        litUnoccupied: cell.litUnoccupied,
        hours: cell.hours,
        source: cell.energy.source,
        wh: Math.round(cell.energy.wh * 1e6) / 1e6,
        baselineWh: Math.round(cell.energy.baselineWh * 1e6) / 1e6,
        triggers: cell.energy.triggers,
        onSeconds: cell.energy.onSeconds,
      }))
      .sort((a, b) => a.device - b.device || a.cell - b.cell || Number(a.litUnoccupied) - Number(b.litUnoccupied));
  };
  const summedMonths = async () =>
    (
      await rowsOf<{ month: string }>(
        t.db,
        sql`SELECT DISTINCT c.month::text AS month FROM telemetry_cells_monthly c JOIN devices d ON d.id = c.device_id
            WHERE d.nid = ${network.id} ORDER BY 1`,
      )
    ).map((row) => row.month);
  const mark = async () =>
    (await t.db.select().from(telemetryMonthMarks).where(eq(telemetryMonthMarks.nid, network.id)))[0];
  return { network, counted: counted!, store, late, cells, summedMonths, mark };
}
