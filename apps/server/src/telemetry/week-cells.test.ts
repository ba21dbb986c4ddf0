import { localMonth } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from '../../test/helpers.ts';
import { rollupMonths } from './index.ts';
import { HOUR, NOW, officeNetwork } from './test-office-network.ts';

describeApi('heat-map cells of closed months', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  // London changes its clocks on 25 October; Kolkata's months start at 18:30 UTC, in the middle of an hour.
  for (const timeZone of ['Europe/London', 'Asia/Kolkata']) {
    it(`in ${timeZone}: a long heat map reads summed months as cells and gives what every hour gives`, async () => {
      const w = await officeNetwork(t, timeZone);
      const september = localMonth(2026, 9, timeZone);
      const whole = { start: september.start, end: Date.UTC(2026, 10, 20) / 1000 };
      const midSeptember = { start: september.start + 14 * 24 * HOUR + 5 * HOUR, end: whole.end };
      const byHour = await w.cells(whole, false);
      expect(byHour.some((cell) => cell.litUnoccupied && cell.wh > 0)).toBe(true);
      expect(byHour.some((cell) => cell.litUnoccupied && cell.triggers === 0 && cell.hours > 0)).toBe(true);
      // Nothing summed yet: the same cells.
      expect(await w.cells(whole, true)).toEqual(byHour);

      expect(await rollupMonths(t.db, NOW)).toMatch(/, 2 network months of heat-map cells summed$/);
      expect(await w.summedMonths()).toEqual(['2026-09-01', '2026-10-01']);
      expect((await w.mark())?.cellsUntil).toBe('2026-11-01');
      expect(await w.cells(whole, true)).toEqual(byHour);
      expect(await w.cells(midSeptember, true)).toEqual(await w.cells(midSeptember, false));
      // The summed months are what is read: a change to a stored cell shows.
      await t.db.execute(
        sql`UPDATE telemetry_cells_monthly SET triggers = triggers + 1000
            WHERE device_id IN (SELECT id FROM devices WHERE nid = ${w.network.id}) AND month = '2026-10-01'
              AND triggers > 0`,
      );
      const sensorTriggers = async (byMonth: boolean) =>
        (await w.cells(whole, byMonth)).reduce((sum, cell) => sum + cell.triggers, 0);
      expect((await sensorTriggers(true)) - (await sensorTriggers(false))).toBeGreaterThanOrEqual(1000);

      // A late reading in October: read by the hour until the job sums October's cells again.
      await w.store([w.late], NOW);
      const afterLate = await w.cells(whole, false);
      expect(afterLate).not.toEqual(byHour);
      expect(await w.cells(whole, true)).toEqual(afterLate);
      expect(await rollupMonths(t.db, new Date(NOW.getTime() + HOUR * 1000))).toBe(
        // The late report held all three devices.
        '0 network months summed, 3 stale device months summed again, 1 network months of heat-map cells summed',
      );
      expect((await w.mark())?.cellsUntil).toBe('2026-11-01');
      expect(await w.cells(whole, true)).toEqual(afterLate);
      expect(await sensorTriggers(true)).toBe(await sensorTriggers(false));

      // A console whose months were summed before cells existed sums every month's cells at the next run.
      await t.db.execute(sql`UPDATE telemetry_month_marks SET cells_until = NULL WHERE nid = ${w.network.id}`);
      await t.db.execute(
        sql`DELETE FROM telemetry_cells_monthly WHERE device_id IN (SELECT id FROM devices WHERE nid = ${w.network.id})`,
      );
      expect(await w.cells(whole, true)).toEqual(afterLate);
      expect(await rollupMonths(t.db, new Date(NOW.getTime() + 2 * HOUR * 1000))).toMatch(
        /, 2 network months of heat-map cells summed$/,
      );
      expect(await w.summedMonths()).toEqual(['2026-09-01', '2026-10-01']);
      expect(await w.cells(whole, true)).toEqual(afterLate);
    });
  }
});
