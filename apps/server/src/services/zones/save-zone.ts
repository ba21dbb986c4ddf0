import { type CallPayload, normaliseConfigId, type Zone, type ZoneShapeValue } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { zones } from '../../db/schema.ts';
import { noPermission } from '../../policies/access.ts';
import { lockApplicableProfile } from '../../policies/profile.ts';
import { presentZone, type ZoneRow } from '../../presenters/zone.ts';
import { lockNetwork } from '../lock-network.ts';
import { clampNameCoordinate, imageSizeOf, shapeZonePoints } from '../shape-zone.ts';
import { findZone, nodeCountOf } from './load-zones.ts';

/**
 * The profile a zone is given: none for 0 or null, else one the caller may apply (their own or a system
 * default, as for `config/apply`), locked until `tx` ends; 1013 for any other id, missing ones alike.
 */
async function zoneProfileId(tx: Db, uid: number, configId: number | null): Promise<number | null> {
  const id = normaliseConfigId(configId);
  return id === null ? null : (await lockApplicableProfile(tx, uid, id)).id;
}

/**
 * Adds a zone to a network under its lock: its points shaped and clamped to the floor-plan image, its name
 * placed inside the image, and the profile `uid` gives it (section 3).
 */
export function addZone(ctx: AppContext, uid: number, fields: CallPayload<'zoneAdd'>): Promise<Zone> {
  return ctx.db.transaction(async (tx) => {
    const size = imageSizeOf(await lockNetwork(tx, fields.nid));
    const configId = await zoneProfileId(tx, uid, fields.configId ?? null);
    const [row] = await tx
      .insert(zones)
      .values({
        nid: fields.nid,
        name: fields.name,
        points: shapeZonePoints(fields.points, fields.shape, size),
        shape: fields.shape,
        bgColor: fields.bgColor,
        nameColor: fields.zoneNameColor,
        nameAngle: fields.zoneNameAngle,
        nameSize: fields.zoneNameSize,
        namePositionX: clampNameCoordinate(fields.zoneNamePositionX ?? null, 'x', size),
        namePositionY: clampNameCoordinate(fields.zoneNamePositionY ?? null, 'y', size),
        configId,
      })
      .returning();
    return presentZone(row!, 0);
  });
}

/** Changes a zone under its network's lock, by the rules of `addZone` (undefined leaves a field as it is). */
export function updateZone(
  ctx: AppContext,
  uid: number,
  zone: ZoneRow,
  changes: Omit<CallPayload<'zoneUpdate'>, 'zid'>,
): Promise<Zone> {
  return ctx.db.transaction(async (tx) => {
    const size = imageSizeOf(await lockNetwork(tx, zone.nid));
    const current = await findZone(tx, zone.id);
    const configId = changes.configId === undefined ? undefined : await zoneProfileId(tx, uid, changes.configId);
    const shape = changes.shape ?? (current.shape as ZoneShapeValue);
    const reshaped = changes.points !== undefined || changes.shape !== undefined;
    const name = (value: number | null | undefined, axis: 'x' | 'y') =>
      value === undefined ? undefined : clampNameCoordinate(value, axis, size);
    const [row] = await tx
      .update(zones)
      .set({
        name: changes.name,
        points: reshaped ? shapeZonePoints(changes.points ?? current.points, shape, size) : undefined,
        shape: changes.shape,
        bgColor: changes.bgColor,
        nameColor: changes.zoneNameColor,
        nameAngle: changes.zoneNameAngle,
        nameSize: changes.zoneNameSize,
        namePositionX: name(changes.zoneNamePositionX, 'x'),
        namePositionY: name(changes.zoneNamePositionY, 'y'),
        configId,
        updatedAt: ctx.now(),
      })
      .where(eq(zones.id, current.id))
      .returning();
    return presentZone(row!, await nodeCountOf(tx, current.id));
  });
}

/** Gives a zone the profile `uid` may apply, or none for 0 or null (section 5). */
export function setZoneProfile(ctx: AppContext, uid: number, zone: ZoneRow, configId: number | null): Promise<Zone> {
  return ctx.db.transaction(async (tx) => {
    const id = await zoneProfileId(tx, uid, configId);
    const [row] = await tx
      .update(zones)
      .set({ configId: id, updatedAt: ctx.now() })
      .where(eq(zones.id, zone.id))
      .returning();
    if (!row) throw noPermission();
    return presentZone(row, await nodeCountOf(tx, zone.id));
  });
}
