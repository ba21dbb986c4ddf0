import type { BackupContent, RestoreWarning } from '@lightwell/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { devices, files, profiles } from '../db/schema.ts';

/** What a restore of a backup can and cannot bring back in network `nid` as it is now. */
export interface RestorePlan {
  warnings: RestoreWarning[];
  /** Devices of the backup the network no longer has. */
  missingDevices: Set<number>;
  /** A device reference as the restore writes it: null for a missing device. */
  deviceOf(id: number | null): number | null;
  /** A profile reference as the restore writes it: null for a deleted profile. */
  profileOf(id: number | null): number | null;
  /** The floor-plan image the restore sets: the backup's when it is still stored, else none. */
  image: string | null;
}

/**
 * Finds what a restore cannot bring back exactly: devices of the backup the network no longer has,
 * applied profiles deleted since and a floor-plan image no longer stored. `backup/view` lists these
 * as warnings before the user confirms, and the restore skips exactly them.
 */
export async function planRestore(db: Db, nid: number, content: BackupContent): Promise<RestorePlan> {
  const warnings: RestoreWarning[] = [];
  const missingDevices = new Set<number>();
  const missingProfiles = new Set<number>();
  if (content.version === 2) {
    const present = new Set(
      (await db.select({ id: devices.id }).from(devices).where(eq(devices.nid, nid))).map((row) => row.id),
    );
    const gone = content.devices.filter((device) => !present.has(device.id));
    for (const device of gone) missingDevices.add(device.id);
    if (gone.length) warnings.push({ kind: 'deviceMissing', names: gone.map((device) => device.name) });
    const ids = content.profiles.map((profile) => profile.id);
    const stored = new Set(
      ids.length
        ? (await db.select({ id: profiles.id }).from(profiles).where(inArray(profiles.id, ids))).map((row) => row.id)
        : [],
    );
    const deleted = content.profiles.filter((profile) => !stored.has(profile.id));
    for (const profile of deleted) missingProfiles.add(profile.id);
    if (deleted.length) warnings.push({ kind: 'profileMissing', names: deleted.map((profile) => profile.name) });
  }
  let image = content.network.image;
  if (image) {
    const [file] = await db.select({ name: files.name }).from(files).where(eq(files.name, image)).limit(1);
    if (!file) {
      warnings.push({ kind: 'imageMissing', names: [image] });
      image = null;
    }
  }
  return {
    warnings,
    missingDevices,
    deviceOf: (id) => (id !== null && missingDevices.has(id) ? null : id),
    profileOf: (id) => (id !== null && missingProfiles.has(id) ? null : id),
    image,
  };
}
