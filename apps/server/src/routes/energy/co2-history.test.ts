import {
  CO2_FACTOR_SETS,
  Code,
  co2Milligrams,
  type EnergyBase,
  type NetworkEnergy,
  type Portfolio,
  type ScreenSnapshot,
} from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, loginAs, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { networks } from '../../db/schema.ts';
import { rollupMonths } from '../../telemetry/index.ts';
import { storeHourlyLamp } from './test-lamp.ts';

/** 10 December 2026, 12:00 in London (UTC in winter): November has ended, today has half a day of readings. */
const NOW = Date.UTC(2026, 11, 10, 12) / 1000;
const TODAY = Date.UTC(2026, 11, 10) / 1000;
const FIRST = Date.UTC(2026, 10, 20) / 1000;
const OLD_SET = 'uk-desnz-2024';
const NEW_SET = 'uk-desnz-2025';
const gramsOf = (id: string) => CO2_FACTOR_SETS.find((set) => set.id === id)!.gramsPerKWh;

/**
 * A London network that chose the 2024 DESNZ set when it was made (as a network from before dated choices
 * keeps its set from the beginning), with a 100 W D4i lamp whose counter grew 37 or 41 Wh every hour from
 * 20 November to now.
 */
async function reportingNetwork(t: TestApp) {
  const team = await networkTeam(t);
  const [network] = await t.db
    .update(networks)
    .set({
      timeZone: 'Europe/London',
      currency: 'GBP',
      electricityPrice: 30,
      factorSetId: OLD_SET,
      createdAt: new Date(Date.UTC(2026, 10, 1)),
    })
    .where(eq(networks.id, team.network.id))
    .returning();
  // Alternately 41 and 37 Wh an hour, from 5,000 Wh.
  await storeHourlyLamp(t, network!.id, {
    from: FIRST,
    until: NOW,
    rawAt: (seq) => 5_000 + Math.floor((seq - 1) / 2) * 78 + ((seq - 1) % 2 === 1 ? 41 : 0),
  });
  return { ...team, network: network! };
}

describeApi('CO2 factor sets are dated: a set chosen today converts from today on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.offsetMs = NOW * 1000 - Date.now();
  });
  afterAll(() => t.close());

  it('keeps the CO2 of earlier days and of the closed month when another set is chosen today', async () => {
    const { owner, sub, network } = await reportingNetwork(t);
    const overview = async (span: '1d' | '7d' | '30d', until: number) => {
      const reply = await call(t.app, 'networkEnergy', { nid: network.id, span, until }, sub.session);
      expect(reply.body.code).toBe(Code.ok);
      return (reply.body.data as NetworkEnergy).figures;
    };
    const home = async () => {
      const reply = await call(t.app, 'portfolio', {}, owner.session);
      expect(reply.body.code).toBe(Code.ok);
      return (reply.body.data as Portfolio).projects.find((project) => project.networks === 1)!;
    };
    const dashboard = async () => {
      const reply = await call(t.app, 'screenView', { nid: network.id }, sub.session);
      expect(reply.body.code).toBe(Code.ok);
      return (reply.body.data as ScreenSnapshot).today;
    };
    const yesterday = TODAY - 1;
    const before = {
      week: await overview('7d', yesterday),
      month: await overview('30d', yesterday),
      home: await home(),
    };
    expect(before.week.energyWh).toBeGreaterThan(0);
    expect(before.week.co2.grams).toBe(
      co2Milligrams(Math.round(before.week.energyWh * 1000), { gramsPerKWh: 207.05 }) / 1000,
    );
    expect(before.home.lastMonth.co2Sets.map((set) => set.factorSetId)).toEqual([OLD_SET]);
    expect((await dashboard()).co2Sets.map((set) => set.factorSetId)).toEqual([OLD_SET]);

    const chosen = await call(t.app, 'energyBaseUpdate', { nid: network.id, factorSetId: NEW_SET }, owner.session);
    expect(chosen.body.code).toBe(Code.ok);
    expect((chosen.body.data as EnergyBase).factorSetChoices).toEqual([
      expect.objectContaining({ validFrom: '2026-11-01', validTo: '2026-12-10', factorSetId: OLD_SET }),
      expect.objectContaining({ validFrom: '2026-12-10', validTo: null, factorSetId: NEW_SET }),
    ]);

    // The days before today, by the hour (7 days) and by the day (30 days), convert exactly as before.
    expect(await overview('7d', yesterday)).toEqual(before.week);
    expect(await overview('30d', yesterday)).toEqual(before.month);
    const after = await home();
    expect(after.lastMonth).toEqual(before.home.lastMonth);

    // Today converts with the new set; a week up to now names both sets with the part each converted.
    const today = await overview('1d', NOW);
    expect(today.energyWh).toBeGreaterThan(0);
    expect(today.co2).toMatchObject({
      grams: co2Milligrams(Math.round(today.energyWh * 1000), { gramsPerKWh: gramsOf(NEW_SET) }) / 1000,
      factorSetId: NEW_SET,
      gramsPerKWh: 177,
    });
    const week = await overview('7d', NOW);
    expect(week.co2.sets.map((set) => [set.factorSetId, set.energyWh])).toEqual([
      [OLD_SET, Math.round((week.energyWh - today.energyWh) * 1000) / 1000],
      [NEW_SET, today.energyWh],
    ]);
    expect(week.co2.grams).toBeCloseTo(week.co2.sets[0]!.grams + today.co2.grams, 6);
    expect(week.co2.factorSetId).toBe(NEW_SET);

    // Home and the dashboard name the sets of their figures.
    expect(after.thisMonth.co2Sets.map((set) => set.factorSetId)).toEqual([OLD_SET, NEW_SET]);
    expect(after.thisMonth.co2Grams).not.toBe(before.home.thisMonth.co2Grams);
    const screen = await dashboard();
    expect(screen.co2Sets).toEqual([
      { factorSetId: NEW_SET, factorLabel: expect.stringContaining('2025'), gramsPerKWh: 177 },
    ]);
    expect(screen.co2Grams).toBe(today.co2.grams);

    // In March, the period before a 3-month view holds December, summed as a closed month: a month with a
    // change of set within it is still converted day by day.
    const march = Date.UTC(2027, 2, 15, 12) / 1000;
    t.clock.offsetMs = march * 1000 - Date.now();
    await rollupMonths(t.db, new Date(march * 1000));
    const session = await loginAs(t.app, sub.user.email);
    const reply = await call(t.app, 'networkEnergy', { nid: network.id, span: '3m', until: march }, session);
    expect(reply.body).toMatchObject({ code: Code.ok });
    const previous = (reply.body.data as NetworkEnergy).previous;
    expect(previous.co2.sets.map((set) => [set.factorSetId, set.energyWh])).toEqual([
      [OLD_SET, Math.round((previous.energyWh - today.energyWh) * 1000) / 1000],
      [NEW_SET, today.energyWh],
    ]);
  });
});
