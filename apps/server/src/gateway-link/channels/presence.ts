import type { PresenceMessage } from '@lightwell/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices, gateways } from '../../db/schema.ts';
import type { Applied, LinkedGateway } from '../../link-types.ts';

/* The `presence` channel (docs/gateway-protocol.md "Applying messages"): retained online / offline state. */

const toSeconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/**
 * Presence: status 2 online / 1 offline, mesh status, firmware and last seen; a `gateway` event. Going
 * offline also marks the gateway's devices offline (a `devices` event).
 */
export async function applyPresence(
  db: Db,
  gateway: LinkedGateway,
  message: PresenceMessage,
  now: Date,
): Promise<Applied> {
  const [row] = await db
    .update(gateways)
    .set({
      status: message.online ? 2 : 1,
      meshStatus: message.online && message.meshReady ? 1 : 0,
      firmware: message.firmware ?? sql`${gateways.firmware}`,
      lastSeenAt: now,
    })
    .where(eq(gateways.id, gateway.id))
    .returning();
  if (!row) return {};
  // A gateway that is gone can no longer reach its mesh: its devices show offline until its next inventory.
  const unreachable = message.online
    ? []
    : await db
        .update(devices)
        .set({ online: false, updatedAt: now })
        .where(and(eq(devices.gatewayId, gateway.id), eq(devices.online, true)))
        .returning({ id: devices.id });
  return {
    ...(unreachable.length > 0 ? { devices: { nid: row.nid, ids: unreachable.map((device) => device.id) } } : {}),
    events: [
      {
        type: 'gateway',
        nid: row.nid,
        gateway: {
          id: row.id,
          status: row.status,
          meshStatus: row.meshStatus,
          lastSeen: toSeconds(row.lastSeenAt),
        },
      },
    ],
  };
}
