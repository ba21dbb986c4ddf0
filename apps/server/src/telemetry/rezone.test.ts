import { Code, localMonth, type Period } from '@lightwell/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildD4iElements, buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../test/helpers.ts';
import { buildGateway } from '../../test/mqtt/fake-gateway.ts';
import { rowsOf } from '../db/rows.ts';
import { devices, networks, telemetryMonthMarks } from '../db/schema.ts';
import { JOBS } from '../jobs/scheduler.ts';
import { loadDeviceCells } from '../services/energy/energy-cells.ts';
import { loadDeviceHours, loadEnergyDevices } from '../services/energy/energy-hours.ts';
import { loadPeriodHours } from '../services/energy/energy-periods.ts';
import { energySettingsOf } from '../services/energy/energy-views.ts';
import { rezoneRollups, rollupMonths, rollupsInZone, storeReports } from './index.ts';

const HOUR = 3600;
/** 26 November 2026, 12:00 UTC: September and October have ended everywhere, November has not. */
const NOW = new Date(Date.UTC(2026, 10, 26, 12));

/**
 * A network in `timeZone` (UTC) with a D4i lamp whose counter reports every 3 hours from 1 September to
 * 25 November, an uneven amount each time, stored as the MQTT link stores them; its months summed by the job.
 */
async function zonedNetwork(t: TestApp, timeZone = 'UTC') {
  const team = await networkTeam(t);
  const { network } = team;
  await t.db.update(networks).set({ timeZone }).where(eq(networks.id, network.id));
  const { gateway, sn } = await buildGateway(t.db, network.id);
  const [lamp] = await t.db
    .insert(devices)
    .values({
      nid: network.id,
      gatewayId: gateway.id,
      kind: 'luminaire',
      name: 'Lamp',
      model: 'LW-D4I',
      mac: 'CC0000000021',
      address: 1,
      ratedPower: 100,
    })
    .returning();
  await buildD4iElements(t.db, [lamp!.id]);
  const start = Date.UTC(2026, 8, 1) / 1000;
  let wh = 1000;
  const reports = Array.from({ length: 700 }, (_, index) => {
    wh += (index % 8) + 1;
    return {
      kind: 'readings' as const,
      seq: index + 1,
      at: start + index * 3 * HOUR,
      devices: [
        {
          mac: 'CC0000000021',
          elements: [
            { index: 0, energy: { raw: wh, scale: 0, serial: 'D-1', source: 'd4i' as const }, onSeconds: 3 * HOUR },
          ],
        },
      ],
    };
  });
  for (let from = 0; from < reports.length; from += 100) {
    await storeReports(
      t.db,
      [{ gateway: { id: gateway.id, nid: network.id, sn }, reports: reports.slice(from, from + 100) }],
      NOW,
    );
  }
  await rollupMonths(t.db, NOW);
  const row = async () => (await t.db.select().from(networks).where(eq(networks.id, network.id)))[0]!;
  /** A period's energy as the screens read it (whole days and months where they can) and by every hour. */
  const read = async (period: Period) => {
    const current = await row();
    const settings = energySettingsOf(current, [], period.end - 1);
    const round = (wh: number) => Math.round(wh * 1000) / 1000;
    const sum = (hours: { wh: number }[]) => round(hours.reduce((total, hour) => total + hour.wh, 0));
    const cells = await loadDeviceCells(
      t.db,
      network.id,
      current.timeZone,
      period,
      await loadEnergyDevices(t.db, [network.id]),
      new Map(),
      rollupsInZone(current),
    );
    return {
      byDay: sum((await loadPeriodHours(t.db, current, period, settings)).hours),
      byMonth: sum((await loadPeriodHours(t.db, current, period, settings, true, true)).hours),
      cells: sum(cells.map((cell) => cell.energy)),
      byHour: sum(await loadDeviceHours(t.db, [network.id], period.start, period.end)),
    };
  };
  const days = () =>
    rowsOf<{ day: string; wh: string }>(
      t.db,
      sql`SELECT t.day::text AS day, t.energy_wh AS wh FROM telemetry_daily t JOIN devices d ON d.id = t.device_id
          WHERE d.nid = ${network.id} ORDER BY t.day`,
    );
  const mark = async () =>
    (await t.db.select().from(telemetryMonthMarks).where(eq(telemetryMonthMarks.nid, network.id)))[0];
  const moveTo = (timeZone: string) =>
    call(
      t.app,
      'networkLocationUpdate',
      { nid: network.id, latitude: null, longitude: null, timeZone },
      team.owner.session,
    );
  return { network, row, read, days, mark, moveTo };
}

/** Expects every way of reading to give the energy of every hour. */
function expectAgreed(figures: { byDay: number; byMonth: number; cells: number; byHour: number }) {
  expect(figures.byHour).toBeGreaterThan(0);
  expect(figures).toEqual({
    byDay: figures.byHour,
    byMonth: figures.byHour,
    cells: figures.byHour,
    byHour: figures.byHour,
  });
}

describeApi('a network that moves to another time zone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  for (const timeZone of ['America/New_York', 'Asia/Kolkata']) {
    it(`to ${timeZone}: reads every hour until its days are rebuilt in the new zone, then its months again`, async () => {
      const w = await zonedNetwork(t);
      const october = localMonth(2026, 10, timeZone);
      // To local midnight: in Kolkata an hour across midnight belongs to neither a whole day nor an edge hour.
      const septemberToNovember = {
        start: localMonth(2026, 9, timeZone).start,
        end: localMonth(2026, 11, timeZone).start + 19 * 24 * HOUR,
      };
      const twin = await zonedNetwork(t, timeZone);
      expect(await w.mark()).toMatchObject({ builtUntil: '2026-11-01', cellsUntil: '2026-11-01' });

      // The owner sets the site's location: the days stored in UTC dates are not the new zone's.
      expect((await w.moveTo(timeZone)).body.code).toBe(Code.ok);
      expect(await w.row()).toMatchObject({ timeZone, rollupsTimeZone: 'UTC' });
      expectAgreed(await w.read(october));
      expectAgreed(await w.read(septemberToNovember));
      // The month job leaves the network to the rebuild.
      await rollupMonths(t.db, new Date(NOW.getTime() + HOUR * 1000));
      expect(await w.mark()).toMatchObject({ builtUntil: '2026-11-01' });

      // The console's minutely job rebuilds it.
      const job = JOBS.find((scheduled) => scheduled.name === 'rezone-rollups')!;
      expect(job.slot(new Date(Date.UTC(2026, 10, 26, 12, 1, 30)))).toBe('2026-11-26T12:01');
      expect(await job.run(t.app.ctx)).toBe("1 networks' rollups rebuilt in their new time zone");
      expect(await w.row()).toMatchObject({ timeZone, rollupsTimeZone: null });
      expect(await w.mark()).toBeUndefined();
      // Each day is now the new zone's local date, as a network that was always there stores it (in New
      // York the sum of the hours between its midnights).
      const days = await w.days();
      expect(days).toEqual(await twin.days());
      expect(days[0]!.day).toBe(timeZone === 'America/New_York' ? '2026-08-31' : '2026-09-01');
      if (timeZone === 'America/New_York') {
        const tenth = { start: october.start + 9 * 24 * HOUR, end: october.start + 10 * 24 * HOUR };
        const hours = await loadDeviceHours(t.db, [w.network.id], tenth.start, tenth.end);
        expect(Number(days.find((day) => day.day === '2026-10-10')!.wh)).toBeCloseTo(
          hours.reduce((sum, hour) => sum + hour.wh, 0),
          3,
        );
      }
      expect(await w.read(october)).toEqual(await twin.read(october));

      // The month job sums the new zone's months (from August in New York) and their cells again; every read
      // still agrees.
      const months = timeZone === 'America/New_York' ? 3 : 2;
      expect(await rollupMonths(t.db, new Date(NOW.getTime() + 2 * HOUR * 1000))).toBe(
        `${months} network months summed, 0 stale device months summed again, ${months} network months of heat-map cells summed`,
      );
      expect(await w.mark()).toMatchObject({ builtUntil: '2026-11-01', cellsUntil: '2026-11-01' });
      // Read as the network that was always there reads them. (In Kolkata the days hold the exact share of a
      // spread delta up to a local midnight in the middle of an hour, which UTC hours cannot split.)
      for (const period of [october, septemberToNovember]) {
        const figures = await w.read(period);
        expect(figures).toEqual(await twin.read(period));
        if (timeZone === 'America/New_York') expectAgreed(figures);
      }
      expect(await rezoneRollups(t.db)).toBe("0 networks' rollups rebuilt in their new time zone");
    });
  }

  it('to a zone off whole hours after retention dropped old readings: those days are summed from their hours', async () => {
    const w = await zonedNetwork(t);
    // Retention (TELEMETRY_RETENTION_MONTHS) dropped September's readings; their hours are kept.
    await t.db.execute(
      sql`DELETE FROM telemetry_readings WHERE at < '2026-10-01T00:00:00Z'
            AND device_id IN (SELECT id FROM devices WHERE nid = ${w.network.id})`,
    );
    await w.moveTo('Asia/Kolkata');
    await rezoneRollups(t.db);
    const september = (await w.days()).filter((day) => day.day >= '2026-09-02' && day.day < '2026-09-30');
    expect(september).toHaveLength(28);
    expect(september.every((day) => Number(day.wh) > 0)).toBe(true);
    const [hours] = await rowsOf<{ wh: string }>(
      t.db,
      sql`SELECT sum(h.energy_wh) AS wh FROM telemetry_hourly h JOIN devices d ON d.id = h.device_id
          WHERE d.nid = ${w.network.id} AND (h.hour AT TIME ZONE 'Asia/Kolkata')::date >= '2026-09-02'
            AND (h.hour AT TIME ZONE 'Asia/Kolkata')::date < '2026-09-30'`,
    );
    expect(september.reduce((sum, day) => sum + Number(day.wh), 0)).toBeCloseTo(Number(hours!.wh), 3);
  });

  it('a zone changed back before the rebuild needs none; setting the same zone changes nothing', async () => {
    const w = await zonedNetwork(t);
    expect((await w.moveTo('UTC')).body.code).toBe(Code.ok);
    expect(await w.row()).toMatchObject({ rollupsTimeZone: null });
    await w.moveTo('Europe/Paris');
    await w.moveTo('Asia/Tokyo');
    expect(await w.row()).toMatchObject({ timeZone: 'Asia/Tokyo', rollupsTimeZone: 'UTC' });
    await w.moveTo('UTC');
    expect(rollupsInZone(await w.row())).toBe(true);
    expectAgreed(await w.read(localMonth(2026, 10, 'UTC')));
  });
});
