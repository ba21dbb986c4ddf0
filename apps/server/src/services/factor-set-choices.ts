import { epochSeconds, localDateString } from '@lightwell/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { factorSetChoices, users } from '../db/schema.ts';
import type { NetworkRow } from '../policies/access.ts';
import type { StoredChoice } from '../presenters/energy-base.ts';
import { historiesByNetwork } from './dated-history.ts';

/** The choice a network had before any was stored: its set from the local date it was created. */
function openingChoice(network: NetworkRow): StoredChoice {
  return {
    validFrom: localDateString(epochSeconds(network.createdAt), network.timeZone),
    factorSetId: network.factorSetId,
    createdByName: null,
    createdAt: null,
  };
}

/** Factor set choices of networks, in date order; a network with none stored has its opening choice. */
export async function loadChoices(db: Db, rows: readonly NetworkRow[]): Promise<Map<number, StoredChoice[]>> {
  const ids = rows.map((row) => row.id);
  const stored =
    ids.length === 0
      ? []
      : await db
          .select({ choice: factorSetChoices, createdByName: users.name })
          .from(factorSetChoices)
          .leftJoin(users, eq(users.id, factorSetChoices.createdBy))
          .where(inArray(factorSetChoices.nid, ids))
          .orderBy(asc(factorSetChoices.validFrom));
  return historiesByNetwork(
    rows,
    stored.map(({ choice, createdByName }) => ({
      nid: choice.nid,
      entry: {
        validFrom: choice.validFrom,
        factorSetId: choice.factorSetId,
        createdByName,
        createdAt: choice.createdAt,
      },
    })),
    openingChoice,
  );
}

/**
 * Records a new choice of factor set for `network` (its row before the change) from the start of its local
 * today: the opening choice is stored first when none is, so the days before keep the set they had; a second
 * choice on the same day replaces the first. Nothing is stored when the set does not change.
 */
export async function recordFactorSetChoice(
  ctx: AppContext,
  db: Db,
  network: NetworkRow,
  uid: number,
  factorSetId: string | null,
): Promise<void> {
  if (factorSetId === network.factorSetId) return;
  const today = localDateString(epochSeconds(ctx.now()), network.timeZone);
  const [any] = await db
    .select({ id: factorSetChoices.id })
    .from(factorSetChoices)
    .where(eq(factorSetChoices.nid, network.id))
    .limit(1);
  if (!any) {
    const opening = openingChoice(network);
    await db
      .insert(factorSetChoices)
      .values({
        nid: network.id,
        validFrom: opening.validFrom,
        factorSetId: opening.factorSetId,
        createdAt: network.createdAt,
      })
      .onConflictDoNothing();
  }
  const values = { factorSetId, createdBy: uid, createdAt: ctx.now() };
  await db
    .insert(factorSetChoices)
    .values({ nid: network.id, validFrom: today, ...values })
    .onConflictDoUpdate({ target: [factorSetChoices.nid, factorSetChoices.validFrom], set: values });
}
