import {
  type CallPayload,
  Code,
  type Currency,
  canEditNetwork,
  canRemoveTariffVersion,
  datedVersionOn,
  type EnergyBase,
  epochSeconds,
  localDateString,
  type Member,
} from '@lightwell/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { networks, tariffVersions, users } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import type { NetworkRow } from '../../policies/access.ts';
import { presentEnergyBase, type StoredVersion } from '../../presenters/energy-base.ts';
import { recordAudit } from '../audit.ts';
import { historiesByNetwork } from '../dated-history.ts';
import { loadChoices, recordFactorSetChoice } from '../factor-set-choices.ts';

/** The network's local date now. */
export function networkToday(ctx: AppContext, network: Pick<NetworkRow, 'timeZone'>): string {
  return localDateString(epochSeconds(ctx.now()), network.timeZone);
}

/**
 * The version a network had before any was stored: its price and currency from the local date it was
 * created, so days before the first change keep the price they had (`docs/decisions.md`, "Tariff history").
 */
function openingVersion(network: NetworkRow): StoredVersion {
  return {
    validFrom: localDateString(epochSeconds(network.createdAt), network.timeZone),
    pricePerKWh: network.electricityPrice,
    currency: network.currency as Currency,
    standingChargePerDay: null,
    bands: [],
    createdByName: null,
    createdAt: null,
  };
}

/** Tariff versions of networks, in date order; a network with none stored has its opening version. */
export async function loadVersions(db: Db, rows: readonly NetworkRow[]): Promise<Map<number, StoredVersion[]>> {
  const ids = rows.map((row) => row.id);
  const stored =
    ids.length === 0
      ? []
      : await db
          .select({ version: tariffVersions, createdByName: users.name })
          .from(tariffVersions)
          .leftJoin(users, eq(users.id, tariffVersions.createdBy))
          .where(inArray(tariffVersions.nid, ids))
          .orderBy(asc(tariffVersions.validFrom));
  return historiesByNetwork(
    rows,
    stored.map(({ version, createdByName }) => ({ nid: version.nid, entry: { ...version, createdByName } })),
    openingVersion,
  );
}

/** Stores the opening version when the network has none stored yet, so a first change keeps the past. */
async function ensureOpeningVersion(db: Db, network: NetworkRow): Promise<void> {
  const [any] = await db
    .select({ id: tariffVersions.id })
    .from(tariffVersions)
    .where(eq(tariffVersions.nid, network.id))
    .limit(1);
  if (any) return;
  const { createdByName: _name, createdAt: _at, ...opening } = openingVersion(network);
  await db
    .insert(tariffVersions)
    .values({ nid: network.id, ...opening, createdAt: network.createdAt })
    .onConflictDoNothing();
}

/**
 * Keeps the network's `electricityPrice` and `currency` equal to the version valid today (the network list
 * shows them); answers the row as it now is.
 */
export async function syncNetworkPrice(ctx: AppContext, db: Db, network: NetworkRow): Promise<NetworkRow> {
  const versions = (await loadVersions(db, [network])).get(network.id)!;
  const current = datedVersionOn(versions, networkToday(ctx, network)) ?? versions[0]!;
  if (current.pricePerKWh === network.electricityPrice && current.currency === network.currency) return network;
  const [row] = await db
    .update(networks)
    .set({ electricityPrice: current.pricePerKWh, currency: current.currency })
    .where(eq(networks.id, network.id))
    .returning();
  return row!;
}

const badDate = (key: string, message: string, params: Record<string, unknown>) =>
  new CallError(Code.badInput, message, params, { key: `refusals.1001.${key}`, params });

type Change = Omit<CallPayload<'energyBaseUpdate'>, 'nid'>;

/**
 * Adds a version from today on; one from the same date that has not started is replaced. `audited: false`
 * when the change is part of another audited one (a network update, a backup restore).
 */
async function addVersion(
  ctx: AppContext,
  db: Db,
  network: NetworkRow,
  uid: number,
  add: NonNullable<Change['addVersion']>,
  audited = true,
) {
  const today = networkToday(ctx, network);
  if (add.validFrom < today) {
    throw badDate('tariffPast', `A tariff change cannot start before today (${today}).`, { today });
  }
  await ensureOpeningVersion(db, network);
  const [before] = await db
    .select()
    .from(tariffVersions)
    .where(and(eq(tariffVersions.nid, network.id), eq(tariffVersions.validFrom, add.validFrom)));
  // An upsert, so two changes for one date at once end as the later one rather than a conflict.
  const values = { ...add, createdBy: uid, createdAt: ctx.now() };
  await db
    .insert(tariffVersions)
    .values({ nid: network.id, ...values })
    .onConflictDoUpdate({ target: [tariffVersions.nid, tariffVersions.validFrom], set: values });
  if (!audited) return;
  await recordAudit(db, {
    action: 'tariff.add',
    actorUid: uid,
    pid: network.pid,
    nid: network.id,
    before: before ? auditVersion(before) : null,
    after: add,
  });
}

/** Removes a version that has not started; never the first. */
async function removeVersion(ctx: AppContext, db: Db, network: NetworkRow, uid: number, validFrom: string) {
  const today = networkToday(ctx, network);
  const versions = (await loadVersions(db, [network])).get(network.id)!;
  const found = versions.some((v) => v.validFrom === validFrom && v.createdAt !== null);
  if (!found || !canRemoveTariffVersion(validFrom, today, versions)) {
    throw badDate('tariffNotRemovable', `The tariff version from ${validFrom} cannot be removed.`, { date: validFrom });
  }
  const [before] = await db
    .delete(tariffVersions)
    .where(and(eq(tariffVersions.nid, network.id), eq(tariffVersions.validFrom, validFrom)))
    .returning();
  await recordAudit(db, {
    action: 'tariff.remove',
    actorUid: uid,
    pid: network.pid,
    nid: network.id,
    before: auditVersion(before!),
  });
}

function auditVersion(row: typeof tariffVersions.$inferSelect) {
  const { id: _id, nid: _nid, createdAt: _at, createdBy: _by, ...version } = row;
  return version;
}

/**
 * Applies a `pro/update` change in one transaction: removal first, then the added version, the factor set
 * and the estimate defaults, each audited; the network's price follows the version valid today.
 */
export async function changeEnergyBase(
  ctx: AppContext,
  network: NetworkRow,
  members: readonly Member[],
  uid: number,
  change: Change,
): Promise<EnergyBase> {
  if (!canEditNetwork(members, uid)) {
    throw new CallError(
      Code.noPermission,
      "Only the network's owners and installers change its energy settings.",
      null,
      {
        key: 'refusals.1013.energyEditors',
      },
    );
  }
  return ctx.db.transaction(async (tx) => {
    if (change.removeVersionFrom) await removeVersion(ctx, tx, network, uid, change.removeVersionFrom);
    if (change.addVersion) await addVersion(ctx, tx, network, uid, change.addVersion);
    let row = network;
    // A set chosen today converts from the start of today on; the days before keep theirs.
    if (change.factorSetId !== undefined) await recordFactorSetChoice(ctx, tx, network, uid, change.factorSetId);
    if (change.factorSetId !== undefined || change.estimate !== undefined) {
      const set = {
        ...(change.factorSetId !== undefined ? { factorSetId: change.factorSetId } : {}),
        ...(change.estimate
          ? { estimateRatedW: change.estimate.ratedPowerW, estimateStandbyW: change.estimate.standbyW }
          : {}),
      };
      [row] = (await tx.update(networks).set(set).where(eq(networks.id, network.id)).returning()) as [NetworkRow];
      await recordAudit(tx, {
        action: 'energy.update',
        actorUid: uid,
        pid: network.pid,
        nid: network.id,
        before: energyFields(network),
        after: energyFields(row),
      });
    }
    row = await syncNetworkPrice(ctx, tx, row);
    const versions = (await loadVersions(tx, [row])).get(row.id)!;
    const choices = (await loadChoices(tx, [row])).get(row.id)!;
    return presentEnergyBase(row, networkToday(ctx, row), versions, choices, members, uid);
  });
}

function energyFields(row: NetworkRow) {
  return { factorSetId: row.factorSetId, estimateRatedW: row.estimateRatedW, estimateStandbyW: row.estimateStandbyW };
}

/**
 * A price or currency set on the network itself (`network/vo/update`, a backup restore) is a tariff change
 * from today: a version from today with the new price, keeping today's standing charge and bands. The
 * caller's own audit event records the change.
 */
export async function recordPriceChange(ctx: AppContext, db: Db, before: NetworkRow, uid: number): Promise<void> {
  const [after] = await db.select().from(networks).where(eq(networks.id, before.id));
  if (!after || (after.electricityPrice === before.electricityPrice && after.currency === before.currency)) return;
  await ensureOpeningVersion(db, before);
  const today = networkToday(ctx, before);
  const versions = (await loadVersions(db, [before])).get(before.id)!;
  const current = datedVersionOn(versions, today);
  await addVersion(
    ctx,
    db,
    before,
    uid,
    {
      validFrom: today,
      pricePerKWh: after.electricityPrice,
      currency: after.currency as Currency,
      standingChargePerDay: current?.standingChargePerDay ?? null,
      bands: current?.bands ?? [],
    },
    false,
  );
}
