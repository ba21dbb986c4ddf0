import type { StateMessage } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema.ts';
import type { Applied, LinkedGateway } from '../../link-types.ts';
import { claimInventoryRequest, claimSequence, type ElementWrite, upsertElements } from './device-writes.ts';

/* The `state` channel (docs/gateway-protocol.md "Applying messages"): numbered changes of device state. */

const toDate = (seconds: number) => new Date(seconds * 1000);

/** State changes: applied only when the sequence is newer than the stored one. */
export async function applyState(db: Db, gateway: LinkedGateway, message: StateMessage, now: Date): Promise<Applied> {
  return db.transaction(async (tx) => {
    const previous = await claimSequence(tx, gateway.id, message.seq, now);
    if (previous === null) return {};
    const requestInventory =
      message.seq > previous + 1 && (await claimInventoryRequest(tx, gateway.id, now))
        ? { requestInventory: true }
        : {};
    const macs = message.devices.map((d) => d.mac);
    if (macs.length === 0) return requestInventory;
    const known = await tx
      .select({ id: devices.id, mac: devices.mac })
      .from(devices)
      .where(and(eq(devices.nid, gateway.nid), eq(devices.isVirtual, false), inArray(devices.mac, macs)));
    const idByMac = new Map(known.map((d) => [d.mac, d.id]));
    const ids: number[] = [];
    // One update per reported presence (online, offline, not said), one upsert per element shape.
    const byOnline = new Map<boolean | undefined, number[]>();
    const elementWrites: ElementWrite[] = [];
    for (const device of message.devices) {
      const id = idByMac.get(device.mac);
      if (id === undefined) continue;
      ids.push(id);
      byOnline.set(device.online, [...(byOnline.get(device.online) ?? []), id]);
      for (const element of device.elements) elementWrites.push({ deviceId: id, element });
    }
    for (const [online, onlineIds] of byOnline) {
      await tx
        .update(devices)
        .set({
          ...(online !== undefined ? { online } : {}),
          ...(online !== false ? { lastSeenAt: toDate(message.at) } : {}),
          updatedAt: now,
        })
        .where(inArray(devices.id, onlineIds));
    }
    await upsertElements(tx, elementWrites, now);
    return { devices: { nid: gateway.nid, ids }, ...requestInventory };
  });
}
