import type { ElementState } from '@lightwell/domain';
import { and, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceElements, gateways } from '../../db/schema.ts';

/* What the `inventory` and `state` channels share: the gateway's sequence, inventory requests, element writes. */

const toDate = (seconds: number) => new Date(seconds * 1000);

/**
 * Takes a state or inventory sequence number when it is newer than the stored one (or 0, a gateway that
 * restarted its counter), and then stores it; answers the sequence stored before, or null when the message
 * is not newer. The row is locked, so several server processes agree.
 */
export async function claimSequence(db: Db, gatewayId: number, seq: number, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ stateSeq: gateways.stateSeq })
    .from(gateways)
    .where(eq(gateways.id, gatewayId))
    .for('update');
  if (!row || !(row.stateSeq < seq || seq === 0)) return null;
  await db.update(gateways).set({ stateSeq: seq, lastSeenAt: now }).where(eq(gateways.id, gatewayId));
  return row.stateSeq;
}

/** Least time between two inventory requests to one gateway. */
export const INVENTORY_REQUEST_INTERVAL_MS = 10_000;

/**
 * A state message skipped sequence numbers (a delta lost, or applied out of order by another server
 * process), or readings named a device the console does not know: the gateway is asked for its full
 * inventory, at most once per interval across processes.
 */
export async function claimInventoryRequest(db: Db, gatewayId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(gateways)
    .set({ inventoryRequestedAt: now })
    .where(
      and(
        eq(gateways.id, gatewayId),
        or(
          isNull(gateways.inventoryRequestedAt),
          lt(gateways.inventoryRequestedAt, new Date(now.getTime() - INVENTORY_REQUEST_INTERVAL_MS)),
        ),
      ),
    )
    .returning({ id: gateways.id });
  return rows.length > 0;
}

/** Column values of an element's reported state; fields left out are left out. */
function elementColumns(element: ElementState) {
  const columns: Partial<typeof deviceElements.$inferInsert> = {};
  if (element.onOff !== undefined) columns.onOff = element.onOff;
  if (element.lightness !== undefined) columns.lightness = element.lightness;
  if (element.cct !== undefined) columns.cct = element.cct;
  if (element.status !== undefined) columns.status = element.status;
  if (element.flags !== undefined) columns.flags = element.flags;
  if (element.d4i !== undefined) columns.d4iBank = element.d4i;
  if (element.bankAt !== undefined) columns.bankAt = toDate(element.bankAt);
  if (element.triggeredAt !== undefined) columns.triggeredAt = toDate(element.triggeredAt);
  if (element.lux !== undefined) columns.lux = element.lux;
  if (element.mode !== undefined) columns.mode = element.mode;
  if (element.faultBits !== undefined) columns.faultBits = element.faultBits;
  return columns;
}

/** An element's reported state for a device, with the product's layout for it where known. */
export interface ElementWrite {
  deviceId: number;
  element: ElementState;
  layout?: { isD4i?: boolean; isLinear?: boolean } | undefined;
}

/** The table's column name of each property (for `excluded.<column>` in an upsert). */
const elementColumnNames = getTableColumns(deviceElements);

/**
 * Writes elements' states, creating the elements that are new: one multi-row upsert per shape (the set of
 * fields reported), so a command to 50 luminaires is one statement, not 50. A device's element named twice
 * is written in order, in a later statement (one statement may not touch a row twice).
 */
export async function upsertElements(db: Db, writes: ElementWrite[], now: Date): Promise<void> {
  type Row = typeof deviceElements.$inferInsert;
  let batches = new Map<string, { updated: (keyof Row)[]; rows: Row[] }>();
  let keys = new Set<string>();
  const flush = async () => {
    for (const { updated, rows } of batches.values()) {
      const set = Object.fromEntries(
        updated.map((key) => [key, sql`excluded.${sql.identifier(elementColumnNames[key].name)}`]),
      );
      // Up to about 16 parameters a row: 2,000 rows stay below PostgreSQL's 65,535.
      for (let from = 0; from < rows.length; from += 2000) {
        await db
          .insert(deviceElements)
          .values(rows.slice(from, from + 2000))
          .onConflictDoUpdate({ target: [deviceElements.deviceId, deviceElements.index], set });
      }
    }
    batches = new Map();
    keys = new Set();
  };
  for (const { deviceId, element, layout } of writes) {
    const key = `${deviceId}:${element.index}`;
    if (keys.has(key)) await flush();
    keys.add(key);
    const columns = elementColumns(element);
    const updated: (keyof Row)[] = ['type', ...(Object.keys(columns) as (keyof Row)[]), 'updatedAt'];
    if (layout?.isD4i !== undefined || element.d4i !== undefined) updated.push('isD4i');
    if (layout?.isLinear !== undefined) updated.push('isLinear');
    const shape = updated.join(',');
    const batch = batches.get(shape) ?? { updated, rows: [] };
    batches.set(shape, batch);
    batch.rows.push({
      deviceId,
      index: element.index,
      type: element.type,
      isD4i: layout?.isD4i ?? element.d4i !== undefined,
      isLinear: layout?.isLinear ?? true,
      ...columns,
      updatedAt: now,
    });
  }
  await flush();
}
