import { Code, type EnergyBase, localDateString } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, networks, tariffVersions } from '../../db/schema.ts';
import { syncNetworkPrices } from '../../jobs/sync-network-prices.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 86_400;
/** The local date `days` from the test clock's now, in UTC (the test networks' zone). */
const dayFromNow = (days: number) => localDateString(Math.floor(t.clock.now().getTime() / 1000) + days * DAY, 'UTC');
const band = { weekdays: [1, 2, 3, 4, 5], fromSecond: 7 * 3600, toSecond: 19 * 3600, pricePerKWh: 45 };

async function base(nid: number, session: Parameters<typeof call>[3]): Promise<EnergyBase> {
  const reply = await call(t.app, 'energyBaseList', { nids: [nid] }, session);
  expect(reply.body.code).toBe(Code.ok);
  return (reply.body.data as EnergyBase[])[0]!;
}

/** A network team whose network was made 30 days ago at a price of 0.30. */
async function pricedTeam(price = 30) {
  const team = await networkTeam(t);
  const createdAt = new Date(t.clock.now().getTime() - 30 * DAY * 1000);
  const [network] = await t.db
    .update(networks)
    .set({ electricityPrice: price, createdAt })
    .where(eq(networks.id, team.network.id))
    .returning();
  return { ...team, network: network! };
}

describeApi('energy base of a network: price, tariff history, CO2 factor set', () => {
  describe('energyBaseList (myConsumeBase/nidList)', () => {
    it('answers every member the opening version from the creation date, with who may change it', async () => {
      const { owner, installer, sub, network } = await pricedTeam();
      for (const [who, canEdit] of [
        [owner, true],
        [installer, true],
        [sub, false],
      ] as const) {
        const answer = await base(network.id, who.session);
        expect(answer).toMatchObject({
          nid: network.id,
          today: dayFromNow(0),
          electricityPrice: 30,
          currency: 'EUR',
          factorSetId: null,
          estimate: { ratedPowerW: null, standbyW: 0.5 },
          canEdit,
        });
        expect(answer.versions).toEqual([
          {
            validFrom: localDateString(Math.floor(network.createdAt.getTime() / 1000), 'UTC'),
            validTo: null,
            pricePerKWh: 30,
            currency: 'EUR',
            standingChargePerDay: null,
            bands: [],
            createdByName: null,
            createdAt: null,
            removable: false,
          },
        ]);
      }
    });

    it('refuses a stranger (1013) for existing and missing ids alike, and a list holding one of them', async () => {
      const { owner, stranger, network } = await pricedTeam();
      for (const nids of [[network.id], [999_998], [network.id, 999_998]]) {
        expect((await call(t.app, 'energyBaseList', { nids }, stranger.session)).body.code).toBe(Code.noPermission);
      }
      const mixed = await call(t.app, 'energyBaseList', { nids: [network.id, 999_998] }, owner.session);
      expect(mixed.body.code).toBe(Code.noPermission);
      expect(JSON.stringify(mixed.body)).not.toContain(network.name);
    });

    it('refuses bad input (1001) and no session (1012)', async () => {
      const { owner, network } = await pricedTeam();
      for (const nids of [[], [0], ['x'], Array.from({ length: 101 }, (_, i) => i + 1)]) {
        expect((await call(t.app, 'energyBaseList', { nids }, owner.session)).body.code).toBe(Code.badInput);
      }
      expect((await call(t.app, 'energyBaseList', { nids: [network.id] })).body.code).toBe(Code.sessionInvalid);
    });
  });

  describe('energyBaseUpdate (pro/update)', () => {
    it('adds a future version with a standing charge and bands; the past keeps its price', async () => {
      const { owner, network } = await pricedTeam();
      const validFrom = dayFromNow(20);
      const reply = await call(
        t.app,
        'energyBaseUpdate',
        {
          nid: network.id,
          addVersion: { validFrom, pricePerKWh: 40, currency: 'EUR', standingChargePerDay: 55, bands: [band] },
        },
        owner.session,
      );
      expect(reply.body.code).toBe(Code.ok);
      const answer = reply.body.data as EnergyBase;
      expect(answer.electricityPrice).toBe(30);
      expect(answer.versions.map((v) => [v.pricePerKWh, v.validTo, v.removable])).toEqual([
        [30, validFrom, false],
        [40, null, true],
      ]);
      expect(answer.versions[1]).toMatchObject({
        standingChargePerDay: 55,
        bands: [band],
        createdByName: owner.user.name,
      });
      const stored = await t.db.select().from(tariffVersions).where(eq(tariffVersions.nid, network.id));
      expect(stored).toHaveLength(2);
      const actions = await t.db.select().from(auditEvents).where(eq(auditEvents.nid, network.id));
      expect(actions.map((a) => a.action)).toEqual(['tariff.add']);
      expect(actions[0]!.after).toMatchObject({ validFrom, pricePerKWh: 40 });
    });

    it("a version from today sets the network's price at once; one from tomorrow when the day comes", async () => {
      const { installer, network } = await pricedTeam();
      const today = await call(
        t.app,
        'energyBaseUpdate',
        { nid: network.id, addVersion: { validFrom: dayFromNow(0), pricePerKWh: 35, currency: 'GBP' } },
        installer.session,
      );
      expect(today.body.data).toMatchObject({ electricityPrice: 35, currency: 'GBP' });
      await call(
        t.app,
        'energyBaseUpdate',
        { nid: network.id, addVersion: { validFrom: dayFromNow(1), pricePerKWh: 37, currency: 'GBP' } },
        installer.session,
      );
      expect((await base(network.id, installer.session)).electricityPrice).toBe(35);
      t.clock.advance(DAY);
      try {
        await syncNetworkPrices(t.app.ctx);
        const [row] = await t.db.select().from(networks).where(eq(networks.id, network.id));
        expect(row).toMatchObject({ electricityPrice: 37, currency: 'GBP' });
      } finally {
        t.clock.advance(-DAY);
      }
    });

    it('removes a version not yet started; refuses past dates, past versions and unknown dates (1001)', async () => {
      const { owner, network } = await pricedTeam();
      const future = dayFromNow(10);
      await call(
        t.app,
        'energyBaseUpdate',
        { nid: network.id, addVersion: { validFrom: future, pricePerKWh: 40, currency: 'EUR' } },
        owner.session,
      );
      const past = await call(
        t.app,
        'energyBaseUpdate',
        { nid: network.id, addVersion: { validFrom: dayFromNow(-1), pricePerKWh: 1, currency: 'EUR' } },
        owner.session,
      );
      expect(past.body).toMatchObject({ code: Code.badInput, data: { today: dayFromNow(0) } });
      expect(past.body.message).toContain('cannot start before today');
      const opening = (await base(network.id, owner.session)).versions[0]!.validFrom;
      for (const date of [opening, dayFromNow(11)]) {
        const refused = await call(
          t.app,
          'energyBaseUpdate',
          { nid: network.id, removeVersionFrom: date },
          owner.session,
        );
        expect(refused.body.code, date).toBe(Code.badInput);
      }
      const removed = await call(
        t.app,
        'energyBaseUpdate',
        { nid: network.id, removeVersionFrom: future },
        owner.session,
      );
      expect((removed.body.data as EnergyBase).versions.map((v) => v.pricePerKWh)).toEqual([30]);
      const actions = await t.db.select().from(auditEvents).where(eq(auditEvents.nid, network.id));
      expect(actions.map((a) => a.action)).toEqual(['tariff.add', 'tariff.remove']);
    });

    it('replaces a version not yet started when another is added on its date', async () => {
      const { owner, network } = await pricedTeam();
      const validFrom = dayFromNow(5);
      for (const pricePerKWh of [40, 41]) {
        const added = { nid: network.id, addVersion: { validFrom, pricePerKWh, currency: 'EUR' } };
        expect((await call(t.app, 'energyBaseUpdate', added, owner.session)).body.code).toBe(Code.ok);
      }
      expect((await base(network.id, owner.session)).versions.map((v) => v.pricePerKWh)).toEqual([30, 41]);
      const events = await t.db.select().from(auditEvents).where(eq(auditEvents.nid, network.id));
      expect(events.at(-1)).toMatchObject({ before: { pricePerKWh: 40 }, after: { pricePerKWh: 41 } });
    });

    it('chooses a shipped CO2 factor set and sets the estimate defaults', async () => {
      const { owner, sub, network } = await pricedTeam();
      const reply = await call(
        t.app,
        'energyBaseUpdate',
        { nid: network.id, factorSetId: 'uk-desnz-2025', estimate: { ratedPowerW: 36.5, standbyW: 0.3 } },
        owner.session,
      );
      expect(reply.body.code).toBe(Code.ok);
      expect(await base(network.id, sub.session)).toMatchObject({
        factorSetId: 'uk-desnz-2025',
        estimate: { ratedPowerW: 36.5, standbyW: 0.3 },
      });
      const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.nid, network.id));
      expect(event).toMatchObject({ action: 'energy.update', after: { factorSetId: 'uk-desnz-2025' } });
    });

    it('refuses bad input (1001): no change, unknown factor set, bad bands, prices and dates', async () => {
      const { owner, network } = await pricedTeam();
      const version = { validFrom: dayFromNow(3), pricePerKWh: 40, currency: 'EUR' };
      for (const change of [
        {},
        { factorSetId: 'made-up' },
        { addVersion: { ...version, pricePerKWh: -1 } },
        { addVersion: { ...version, pricePerKWh: 12.5 } },
        { addVersion: { ...version, currency: 'XXX' } },
        { addVersion: { ...version, validFrom: '2026-02-30' } },
        { addVersion: { ...version, bands: [{ ...band, weekdays: [8] }] } },
        { addVersion: { ...version, bands: [{ ...band, toSecond: 90_000 }] } },
        { estimate: { ratedPowerW: 0, standbyW: 0.5 } },
        { removeVersionFrom: 'tomorrow' },
      ]) {
        const reply = await call(t.app, 'energyBaseUpdate', { nid: network.id, ...change }, owner.session);
        expect(reply.body.code, JSON.stringify(change)).toBe(Code.badInput);
      }
      expect(await t.db.select().from(tariffVersions).where(eq(tariffVersions.nid, network.id))).toEqual([]);
    });

    it('refuses sub-users and strangers (1013) and changes nothing', async () => {
      const { sub, stranger, network } = await pricedTeam();
      const change = { nid: network.id, factorSetId: 'uk-desnz-2025' };
      const bySub = await call(t.app, 'energyBaseUpdate', change, sub.session);
      expect(bySub.body.code).toBe(Code.noPermission);
      expect(bySub.body.message).toBe(
        "Only the network's owners and installers change its price, tariffs and CO2 factors.",
      );
      for (const nid of [network.id, 999_998]) {
        const reply = await call(t.app, 'energyBaseUpdate', { ...change, nid }, stranger.session);
        expect(reply.body.code).toBe(Code.noPermission);
      }
      const [row] = await t.db.select().from(networks).where(eq(networks.id, network.id));
      expect(row!.factorSetId).toBeNull();
      expect(await t.db.select().from(auditEvents).where(eq(auditEvents.nid, network.id))).toEqual([]);
    });
  });

  it('a price set on the network itself is a version from today; earlier days keep the old price', async () => {
    const { owner, network } = await pricedTeam();
    const key = JSON.stringify({
      id: network.id,
      name: network.name,
      category: 'office',
      electricityPrice: 0.42,
      currency: 'EUR',
    });
    expect((await call(t.app, 'networkVoUpdate', { pid: network.pid, key }, owner.session)).body.code).toBe(Code.ok);
    const answer = await base(network.id, owner.session);
    expect(answer.electricityPrice).toBe(42);
    const prices = answer.versions.map((v) => [v.validFrom, v.pricePerKWh]);
    const opening = localDateString(Math.floor(network.createdAt.getTime() / 1000), 'UTC');
    expect(prices).toEqual([
      [opening, 30],
      [dayFromNow(0), 42],
    ]);
  });

  it('restoring a backup with another price is a tariff change from today', async () => {
    const { owner, network } = await pricedTeam();
    const taken = await call(t.app, 'backupAdd', { nid: network.id }, owner.session);
    expect(taken.body.code).toBe(Code.ok);
    const key = JSON.stringify({
      id: network.id,
      name: network.name,
      category: 'office',
      electricityPrice: 0.5,
      currency: 'EUR',
    });
    await call(t.app, 'networkVoUpdate', { pid: network.pid, key }, owner.session);
    const backupId = (taken.body.data as { id: number }).id;
    expect((await call(t.app, 'backupRestore', { backupId }, owner.session)).body.code).toBe(Code.ok);
    const answer = await base(network.id, owner.session);
    expect(answer.electricityPrice).toBe(30);
    expect(answer.versions.map((v) => v.pricePerKWh)).toEqual([30, 30]);
  });
});
