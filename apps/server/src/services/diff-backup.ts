import type { BackupContent, BackupContentV2, BackupDiff, BackupPartCount, EntityDiff } from '@lightwell/domain';
import { networkSettingsKeysV1 } from './take-backup.ts';

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Fields whose values differ between two versions of one entity, leaving out `ignored` ones. */
function changedFields(then: object, now: object, ignored: readonly string[] = []): string[] {
  const a = then as Record<string, unknown>;
  const b = now as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => !ignored.includes(key)).sort();
  return keys.filter((key) => canonical(a[key]) !== canonical(b[key]));
}

function diffEntities<T extends { id: number; name: string }>(
  then: readonly T[],
  now: readonly T[],
  ignored: readonly string[] = [],
): EntityDiff {
  const before = new Map(then.map((item) => [item.id, item]));
  const after = new Map(now.map((item) => [item.id, item]));
  const diff: EntityDiff = { added: [], removed: [], changed: [] };
  for (const item of now) {
    const old = before.get(item.id);
    if (!old) diff.added.push({ id: item.id, name: item.name, fields: [] });
    else {
      const fields = changedFields(old, item, ignored);
      if (fields.length > 0) diff.changed.push({ id: item.id, name: item.name, fields });
    }
  }
  for (const item of then) if (!after.has(item.id)) diff.removed.push({ id: item.id, name: item.name, fields: [] });
  return diff;
}

/**
 * How the network `now` differs from a backup `then`: changed settings, and per part the ids added
 * since (a restore removes them), removed since (a restore brings them back) and changed with the
 * fields that differ (a restore puts the backup's values back). A version 1 backup is compared on its
 * own parts only. Devices added since stay after a restore, so they are not listed; when a schedule
 * last fired is run state, not configuration, and is not compared.
 */
export function diffBackup(then: BackupContent, now: BackupContentV2): BackupDiff {
  if (then.version === 1) {
    const settings = Object.fromEntries(networkSettingsKeysV1.map((key) => [key, now.network[key]]));
    return {
      network: { changed: changedFields(then.network, settings) },
      zones: diffEntities(then.zones, now.zones),
      nodes: diffEntities(then.nodes, now.nodes),
    };
  }
  // A device's MAC and kind name the hardware; a restore does not change them, so they are not compared.
  const devices = diffEntities(then.devices, now.devices, ['mac', 'isVirtual']);
  return {
    network: { changed: changedFields(then.network, now.network) },
    zones: diffEntities(then.zones, now.zones),
    nodes: diffEntities(then.nodes, now.nodes),
    devices: { ...devices, added: [] },
    groups: diffEntities(then.groups, now.groups),
    scenes: diffEntities(then.scenes, now.scenes),
    schedules: diffEntities(then.schedules, now.schedules, ['lastRun']),
  };
}

/** The parts a backup holds with how many entries each has (1 for the network's settings). */
export function backupParts(content: BackupContent): BackupPartCount[] {
  if (content.version === 1) {
    return [
      { part: 'network', count: 1 },
      { part: 'zones', count: content.zones.length },
      { part: 'nodes', count: content.nodes.length },
    ];
  }
  return [
    { part: 'network', count: 1 },
    { part: 'zones', count: content.zones.length },
    { part: 'nodes', count: content.nodes.length },
    { part: 'devices', count: content.devices.length },
    { part: 'groups', count: content.groups.length },
    { part: 'scenes', count: content.scenes.length },
    { part: 'schedules', count: content.schedules.length },
  ];
}
