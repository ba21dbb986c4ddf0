import {
  type DiagnosisDetail,
  type DiagnosisTask,
  type EnergySpan,
  type HeatMap,
  hourOfWeek,
  isWithin,
  type Period,
  periodEndingAt,
  type SensorSummary,
  spanOf,
} from '@lightwell/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  describeApi,
  networkTeam,
  officeAndHall,
  post,
  type TestApp,
} from '../../../test/helpers.ts';
import { buildGateway } from '../../../test/mqtt/fake-gateway.ts';
import { deviceElements, devices, telemetryCellsMonthly } from '../../db/schema.ts';
import { applyCountedReports, rollupMonths, storeReports } from '../../telemetry/index.ts';

const ZONE = 'Europe/Berlin';
const SENSOR = 'EE0000000001';
const at = (iso: string) => Date.parse(iso) / 1000;
/** The console's clock for this file: 2 March 2026, 11:30 UTC, after every stamp below. */
const NOW = at('2026-03-02T11:30:00Z');

/** How a trigger reaches the console. */
type Path = 'readings' | 'mqttTrigger' | 'httpTrigger' | 'httpTriggerWithReadings';

/**
 * Triggers of one motion sensor in Berlin (UTC+1 in winter): at and around hour, local midnight, local month
 * and period boundaries, as readings reports, trigger-only reports (MQTT and section-7 HTTP) and a section-7
 * call that brings the same triggers as a report and as readings under one number (counted once).
 */
const TRIGGERS: { at: number; n: number; path: Path }[] = [
  { at: at('2026-02-10T09:59:59Z'), n: 2, path: 'readings' },
  { at: at('2026-02-10T10:00:00Z'), n: 3, path: 'readings' },
  { at: at('2026-02-10T10:00:00Z'), n: 4, path: 'mqttTrigger' },
  { at: at('2026-02-10T09:59:59Z'), n: 1, path: 'httpTrigger' },
  { at: at('2026-02-10T11:00:00Z'), n: 2, path: 'httpTriggerWithReadings' },
  // The first and last instants of the 12 hours to 12:00 UTC, and the first after them.
  { at: at('2026-02-10T00:00:00Z'), n: 5, path: 'readings' },
  { at: at('2026-02-10T11:59:59Z'), n: 1, path: 'mqttTrigger' },
  { at: at('2026-02-10T12:00:00Z'), n: 7, path: 'httpTrigger' },
  // 10 February in Berlin runs from 9 February 23:00 to 10 February 23:00 UTC.
  { at: at('2026-02-09T23:00:00Z'), n: 1, path: 'readings' },
  { at: at('2026-02-09T22:59:59Z'), n: 4, path: 'mqttTrigger' },
  { at: at('2026-02-10T22:59:59Z'), n: 1, path: 'httpTrigger' },
  { at: at('2026-02-10T23:00:00Z'), n: 2, path: 'readings' },
  // February in Berlin runs from 31 January 23:00 to 28 February 23:00 UTC.
  { at: at('2026-01-31T23:00:00Z'), n: 6, path: 'readings' },
  { at: at('2026-02-28T22:59:59Z'), n: 3, path: 'mqttTrigger' },
  { at: at('2026-02-28T23:00:00Z'), n: 8, path: 'readings' },
  // The 30 days to 1 March run from 30 January 23:00 to 1 March 23:00 UTC.
  { at: at('2026-01-30T22:59:59Z'), n: 10, path: 'readings' },
  { at: at('2026-01-30T23:00:00Z'), n: 1, path: 'httpTrigger' },
  { at: at('2026-03-01T22:59:59Z'), n: 1, path: 'readings' },
  { at: at('2026-03-01T23:00:00Z'), n: 20, path: 'mqttTrigger' },
];

/** The heat maps' views compared: 12 hours and a day (hourly rollups), 7 days, 30 days holding February. */
const VIEWS: { span: EnergySpan; until: number }[] = [
  { span: '12h', until: at('2026-02-10T11:30:00Z') },
  { span: '1d', until: at('2026-02-10T12:00:00Z') },
  { span: '7d', until: at('2026-02-10T12:00:00Z') },
  { span: '30d', until: at('2026-03-01T12:00:00Z') },
];

describeApi('a sensor’s triggers: the heat maps, the sensor list and a diagnosis task count the same', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.offsetMs = NOW * 1000 - Date.now();
  });
  afterAll(() => t.close());

  it('files each trigger in the hour holding its stamp, [start, end), whichever way it came', async () => {
    const team = await networkTeam(t);
    const nid = team.network.id;
    await t.db.execute(sql`UPDATE networks SET time_zone = ${ZONE} WHERE id = ${nid}`);
    const { gateway, sn, secret } = await buildGateway(t.db, nid);
    const [sensor] = await t.db
      .insert(devices)
      .values({ nid, gatewayId: gateway.id, kind: 'motionSensor', name: 'PIR', model: 'LW-PIR', mac: SENSOR })
      .returning();
    await t.db.insert(deviceElements).values({ deviceId: sensor!.id, index: 0, type: 20 });
    const { office } = await officeAndHall(t.db, nid, { office: [sensor!.id], hall: [] }, ['S1']);
    const reporting = { id: gateway.id, nid, sn };
    const now = new Date(NOW * 1000);

    let seq = 100;
    const feed = async (trigger: { at: number; n: number; path: Path }) => {
      seq += 1;
      const elements = [{ index: 0, triggers: trigger.n }];
      if (trigger.path === 'readings') {
        const reports = [{ kind: 'readings' as const, seq, at: trigger.at, devices: [{ mac: SENSOR, elements }] }];
        await storeReports(t.db, [{ gateway: reporting, reports }], now);
      } else if (trigger.path === 'mqttTrigger') {
        const report = { kind: 'sensorTrigger' as const, seq, mac: SENSOR, at: trigger.at, count: trigger.n };
        await applyCountedReports(t.db, [{ gateway: reporting, report }], now);
      } else {
        const body = { uid: sn, token: secret, mac: SENSOR, at: trigger.at, count: trigger.n, seq };
        const withReadings = trigger.path === 'httpTriggerWithReadings' ? { elements } : {};
        const reply = await post(t.app, '/SigMesh/report/sensor/trigger', { ...body, ...withReadings });
        expect(reply.body.code).toBe(0);
      }
    };
    for (const trigger of TRIGGERS) await feed(trigger);
    // The month job sums January and February, and February's hour-of-week cells: the 30 days read them.
    await rollupMonths(t.db, now);
    const cells = await t.db
      .select()
      .from(telemetryCellsMonthly)
      .where(and(eq(telemetryCellsMonthly.deviceId, sensor!.id), eq(telemetryCellsMonthly.month, '2026-02-01')));
    expect(cells.reduce((sum, cell) => sum + Number(cell.triggers), 0)).toBe(
      expected(TRIGGERS, { start: at('2026-01-31T23:00:00Z'), end: at('2026-02-28T23:00:00Z') }),
    );

    const session = team.owner.session;
    /** The three counts of one period, with the map's cells and those the task's intervals give. */
    const counts = async (view: { span: EnergySpan; until: number }, stored = TRIGGERS) => {
      const period = periodEndingAt(view.until, spanOf(view.span), ZONE);
      const payload = { nid, span: view.span, until: view.until };
      const map = (await call(t.app, 'deviceHeatSensor', payload, session)).body.data as HeatMap;
      const zoneMap = (await call(t.app, 'zoneHeatSensor', payload, session)).body.data as HeatMap;
      const row = map.rows.find((r) => r.id === sensor!.id)!;
      const listed = (await call(t.app, 'sensorList', { ...payload, pageSize: 10 }, session)).body.data as {
        list: SensorSummary[];
      };
      const task = (
        await call(
          t.app,
          'diagnosisAdd',
          { nid, startTime: period.start, endTime: period.end, interval: 3600 },
          team.owner.session,
        )
      ).body.data as DiagnosisTask;
      expect(task.state).toBe('executed');
      const detail = (await call(t.app, 'diagnosisGet', { taskId: task.id }, session)).body.data as DiagnosisDetail;
      const result = detail.sensors.find((s) => s.deviceId === sensor!.id)!;
      // The task's hours, put in the map's hour-of-week cells.
      const taskCells = new Array<number>(168).fill(0);
      for (const bucket of result.buckets) {
        const cell = hourOfWeek(period.start + bucket.index * 3600, ZONE);
        taskCells[cell] = taskCells[cell]! + bucket.count;
      }
      return {
        expected: expected(stored, period),
        map: row.total,
        mapCells: row.cells.reduce((sum, value) => sum + value, 0),
        zoneMap: zoneMap.rows.find((r) => r.id === office.id)!.total,
        sensorList: listed.list.find((s) => s.id === sensor!.id)!.triggerCount,
        diagnosis: result.total,
        cellsAgree: row.cells.every((value, cell) => value === taskCells[cell]),
      };
    };
    const agree = (n: number) => ({ expected: n, map: n, mapCells: n, zoneMap: n, sensorList: n, diagnosis: n });

    // 12 hours from 00:00 UTC: 5 at 00:00, 2 + 1 at 09:59:59, 3 + 4 at 10:00, 2 at 11:00 once, 1 at 11:59:59.
    expect(await counts(VIEWS[0]!)).toEqual({ ...agree(18), cellsAgree: true });
    for (const view of VIEWS.slice(1)) {
      const got = await counts(view);
      expect(got, view.span).toEqual({ ...agree(got.expected), cellsAgree: true });
    }
    // The day is 10 February in Berlin: the 12 hours, the 12:00 report and the last second, not 22:59:59 the day before.
    expect((await counts(VIEWS[1]!)).expected).toBe(18 + 1 + 7 + 1);
    // The 30 days: from 30 January 23:00 UTC (1, not the 10 a second before) to 1 March 22:59:59 (1, not the 20).
    expect((await counts(VIEWS[3]!)).expected).toBe(52);

    // A late trigger report in February makes its month stale: read by the hour until the job sums it again.
    const late = { at: at('2026-02-20T10:00:00Z'), n: 9, path: 'httpTrigger' as const };
    await feed(late);
    const all = [...TRIGGERS, late];
    const stale = await counts(VIEWS[3]!, all);
    expect(stale).toEqual({ ...agree(52 + 9), cellsAgree: true });
    await rollupMonths(t.db, now);
    expect(await counts(VIEWS[3]!, all)).toEqual(stale);

    // Without a period: every stored trigger, the section-7 call's once.
    const total = all.reduce((sum, trigger) => sum + trigger.n, 0);
    const listed = (await call(t.app, 'sensorList', { nid, pageSize: 10 }, session)).body.data as {
      list: SensorSummary[];
    };
    expect(listed.list.find((s) => s.id === sensor!.id)!.triggerCount).toBe(total);
  });
});

/** The triggers stamped in `period` by the rule itself (domain `isWithin`). */
function expected(triggers: readonly { at: number; n: number }[], period: Period): number {
  return triggers.filter((trigger) => isWithin(trigger.at, period)).reduce((sum, trigger) => sum + trigger.n, 0);
}
