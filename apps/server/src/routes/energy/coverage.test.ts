import { Code, type NetworkEnergy, type Portfolio } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  describeApi,
  loginAs,
  networkTeam,
  type Session,
  type TestApp,
} from '../../../test/helpers.ts';
import { networks } from '../../db/schema.ts';
import { storeHourlyLamp } from './test-lamp.ts';

/** 10 December 2026, 12:00 in London (UTC in winter). */
const NOW = Date.UTC(2026, 11, 10, 12) / 1000;
/** The first reading: 20 November 2026, 09:00. */
const FIRST = Date.UTC(2026, 10, 20, 9) / 1000;

/** A London network whose D4i lamp reported every hour from 20 November 09:00 to now, and nothing before. */
async function networkFromNovember(t: TestApp) {
  const team = await networkTeam(t);
  await t.db
    .update(networks)
    .set({ timeZone: 'Europe/London', currency: 'GBP', electricityPrice: 30 })
    .where(eq(networks.id, team.network.id));
  await storeHourlyLamp(t, team.network.id, { from: FIRST, until: NOW, rawAt: (seq) => 5_000 + seq * 40 });
  return team;
}

describeApi('a comparison with a period the stored data does not cover says so', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.offsetMs = NOW * 1000 - Date.now();
  });
  afterAll(() => t.close());

  it('marks the period before incomplete when the first stored hour is after its start', async () => {
    const { owner, network } = await networkFromNovember(t);
    const overview = async (span: '7d' | '15d') => {
      const reply = await call(t.app, 'networkEnergy', { nid: network.id, span, until: NOW }, owner.session);
      expect(reply.body.code).toBe(Code.ok);
      return reply.body.data as NetworkEnergy;
    };
    // The first reading is the counter's baseline: the hour holding its stamp is the first stored hour.
    const dataFrom = FIRST;
    // The week before the last 7 days starts on 27 November: covered.
    const week = await overview('7d');
    expect(week.previous.energyWh).toBeGreaterThan(0);
    expect(week.previousCoverage).toEqual({ complete: true, dataFrom });
    // The 15 days before the last 15 start on 11 November: the network's data begins inside them.
    const half = await overview('15d');
    expect(half.previous.energyWh).toBeGreaterThan(0);
    expect(half.previousCoverage).toEqual({ complete: false, dataFrom });
  });

  it('marks last month incomplete on home when the data begins inside it, and a network without data', async () => {
    const { owner } = await networkFromNovember(t);
    const home = async (session: Session, pid = owner.pid) => {
      const reply = await call(t.app, 'portfolio', {}, session);
      expect(reply.body.code).toBe(Code.ok);
      return (reply.body.data as Portfolio).projects.find((project) => project.id === pid)!;
    };
    const december = await home(owner.session);
    expect(december.lastMonth.energyWh).toBeGreaterThan(0);
    expect(december.lastMonth.coverage).toEqual({ complete: false, dataFrom: FIRST });
    expect(december.thisMonth.coverage).toEqual({ complete: true, dataFrom: FIRST });

    // In January, December is covered from its start.
    t.clock.offsetMs = Date.UTC(2027, 0, 15, 12) - Date.now();
    try {
      const january = await home(await loginAs(t.app, owner.user.email));
      expect(january.lastMonth.coverage).toEqual({ complete: true, dataFrom: FIRST });
    } finally {
      t.clock.offsetMs = NOW * 1000 - Date.now();
    }

    // A network with no stored data has nothing to compare.
    const empty = await networkTeam(t);
    const reply = await call(t.app, 'networkEnergy', { nid: empty.network.id, span: '1d' }, empty.owner.session);
    expect((reply.body.data as NetworkEnergy).previousCoverage).toEqual({ complete: false, dataFrom: null });
    const nothing = await home(empty.owner.session, empty.owner.pid);
    expect(nothing.lastMonth.coverage).toEqual({ complete: false, dataFrom: null });
  });
});
