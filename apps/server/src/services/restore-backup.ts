import { BackupContentSchema, type BackupRestoreResult } from '@lightwell/domain';
import { and, eq, notInArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { networks, nodes, zones } from '../db/schema.ts';
import type { BackupRow } from '../presenters/backup.ts';
import { rollupsZoneOnChange } from '../telemetry/index.ts';
import { recordAudit } from './audit.ts';
import { recordPriceChange } from './energy/tariffs.ts';
import { lockNetwork } from './lock-network.ts';
import { planRestore } from './plan-restore.ts';
import { releaseFile } from './release-file.ts';
import { restoreDevices, restoreGroups, restoreScenes } from './restore-configuration.ts';
import { upsertNodes, upsertZones } from './restore-layout.ts';
import { restoreSchedules } from './restore-schedules.ts';
import { networkSettingsOf, networkSettingsV2Of } from './take-backup.ts';

export { planRestore } from './plan-restore.ts';

/**
 * Restores a backup in one transaction. A version 2 backup gives back the network's whole configuration:
 * settings (location, time zone, applied profile), zones, nodes, devices' configuration, groups, scenes
 * and schedules, with the backup's ids; what was added since is deleted (devices excepted: a restore
 * never creates or deletes a device). A version 1 backup gives back settings, zones and nodes and leaves
 * the rest as it is. Restoring the same backup twice gives the same network. What the restore could not
 * bring back (see `planRestore`) is skipped and answered. An audit event records before and after.
 */
export async function restoreBackup(ctx: AppContext, uid: number, backup: BackupRow): Promise<BackupRestoreResult> {
  const content = BackupContentSchema.parse(backup.content);
  return ctx.db.transaction(async (tx) => {
    const network = await lockNetwork(tx, backup.nid);
    const plan = await planRestore(tx, network.id, content);
    const zoneIds = content.zones.map((zone) => zone.id);
    const nodeIds = content.nodes.map((node) => node.id);
    await tx.delete(nodes).where(and(eq(nodes.nid, network.id), notInArray(nodes.id, nodeIds)));
    await tx.delete(zones).where(and(eq(zones.nid, network.id), notInArray(zones.id, zoneIds)));
    await upsertZones(tx, network.id, content.zones, ctx.now(), plan.profileOf);
    await upsertNodes(tx, network.id, content.nodes, plan.deviceOf);
    const settings =
      content.version === 2
        ? { ...content.network, configId: plan.profileOf(content.network.configId), image: plan.image }
        : { ...content.network, image: plan.image };
    if (content.version === 2) {
      await restoreDevices(tx, network.id, content.devices, plan);
      await restoreGroups(tx, network.id, content.groups, plan);
      await restoreScenes(tx, network.id, content.scenes, plan);
      await restoreSchedules(tx, network.id, content.schedules);
    }
    await tx
      .update(networks)
      .set({
        ...settings,
        ...('timeZone' in settings ? rollupsZoneOnChange(network, settings.timeZone) : {}),
        updatedAt: ctx.now(),
      })
      .where(eq(networks.id, network.id));
    // A restored price is a tariff change from today: the days before keep the price they had.
    await recordPriceChange(ctx, tx, network, uid);
    if (network.image && network.image !== settings.image) await releaseFile(tx, network.image);
    await recordAudit(tx, {
      action: 'backup.restore',
      actorUid: uid,
      pid: network.pid,
      nid: network.id,
      before: content.version === 2 ? networkSettingsV2Of(network) : networkSettingsOf(network),
      after: {
        backupId: backup.id,
        backupName: backup.name,
        version: content.version,
        ...settings,
        skipped: plan.warnings,
      },
    });
    return { skipped: plan.warnings };
  });
}
