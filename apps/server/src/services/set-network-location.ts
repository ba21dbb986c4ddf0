import type { NetworkLocation } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { NetworkRow } from '../db/queries/networks.ts';
import { networks } from '../db/schema.ts';
import { rollupsZoneOnChange } from '../telemetry/index.ts';
import { recordAudit } from './audit.ts';

/**
 * Stores a network's location (for astro timers and local days), with its audit event; a new time zone
 * has the rollups of local days and months rebuilt in it (telemetry/rezone.ts).
 */
export async function setNetworkLocation(
  ctx: AppContext,
  uid: number,
  network: NetworkRow,
  location: NetworkLocation,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rollups = rollupsZoneOnChange(network, location.timeZone);
    await tx
      .update(networks)
      .set({ ...location, ...rollups })
      .where(eq(networks.id, network.id));
    await recordAudit(tx, {
      action: 'network.location',
      actorUid: uid,
      pid: network.pid,
      nid: network.id,
      before: { latitude: network.latitude, longitude: network.longitude, timeZone: network.timeZone },
      after: location,
    });
  });
}
