import { Code, mayDeleteDevice } from '@lightwell/domain';
import { and, eq, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { devices, nodes } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import type { DeviceRow } from '../../presenters/device.ts';
import { recordAudit } from '../audit.ts';
import { lockNetwork } from '../lock-network.ts';
import { findDevice, virtualBoundTo } from './load-devices.ts';
import type { DeviceActor } from './save-devices.ts';

/** Deletes a device and the plan nodes showing it, under the network's lock; 1076 while it is bound; audited. */
export async function deleteDevice(ctx: AppContext, actor: DeviceActor, device: DeviceRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockNetwork(tx, device.nid);
    const current = await findDevice(tx, device.id);
    const boundBy = current.isVirtual ? null : await virtualBoundTo(tx, current.id);
    if (!mayDeleteDevice(current, boundBy?.id ?? null)) {
      throw new CallError(Code.deviceBound, 'This device is bound; unbind it first.');
    }
    const removed = await tx
      .delete(nodes)
      .where(and(eq(nodes.nid, current.nid), or(eq(nodes.vid, current.id), eq(nodes.rid, current.id))))
      .returning({ id: nodes.id });
    await tx.delete(devices).where(eq(devices.id, current.id));
    await recordAudit(tx, {
      action: 'device.delete',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: current.nid,
      before: {
        id: current.id,
        name: current.name,
        model: current.model,
        mac: current.mac,
        nodes: removed.map((n) => n.id),
      },
    });
  });
}
