import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { factorSetChoices, networks } from '../src/db/schema.ts';
import { buildTestApp, describeApi, networkTeam, type TestApp } from './helpers.ts';

const MIGRATION = new URL('../src/db/migrations/0023_factor_set_choices.sql', import.meta.url);

describeApi('factor set choices of networks from before dated choices (migration 0023)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('stores a chosen set from the local date the network was made; a network without one gets no row', async () => {
    const chosen = (await networkTeam(t)).network;
    const none = (await networkTeam(t)).network;
    // 20:00 UTC on 1 March is already 2 March in Tokyo.
    await t.db
      .update(networks)
      .set({ factorSetId: 'cn-mee-2023', timeZone: 'Asia/Tokyo', createdAt: new Date(Date.UTC(2026, 2, 1, 20)) })
      .where(eq(networks.id, chosen.id));
    const seed = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint').at(-1)!;
    await t.db.execute(sql.raw(seed));

    const rows = await t.db
      .select({ nid: factorSetChoices.nid, validFrom: factorSetChoices.validFrom, set: factorSetChoices.factorSetId })
      .from(factorSetChoices)
      .where(inArray(factorSetChoices.nid, [chosen.id, none.id]));
    expect(rows).toEqual([{ nid: chosen.id, validFrom: '2026-03-02', set: 'cn-mee-2023' }]);
  });
});
