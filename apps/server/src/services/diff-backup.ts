import type { BackupContent, BackupDiff, EntityDiff } from '@lightwell/domain';

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Fields whose values differ between two versions of one entity. */
function changedFields(then: object, now: object): string[] {
  const a = then as Record<string, unknown>;
  const b = now as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.filter((key) => canonical(a[key]) !== canonical(b[key]));
}

function diffEntities<T extends { id: number; name: string }>(then: readonly T[], now: readonly T[]): EntityDiff {
  const before = new Map(then.map((item) => [item.id, item]));
  const after = new Map(now.map((item) => [item.id, item]));
  const diff: EntityDiff = { added: [], removed: [], changed: [] };
  for (const item of now) {
    const old = before.get(item.id);
    if (!old) diff.added.push({ id: item.id, name: item.name, fields: [] });
    else {
      const fields = changedFields(old, item);
      if (fields.length > 0) diff.changed.push({ id: item.id, name: item.name, fields });
    }
  }
  for (const item of then) if (!after.has(item.id)) diff.removed.push({ id: item.id, name: item.name, fields: [] });
  return diff;
}

/**
 * How the network `now` differs from a backup `then`: changed settings, and per entity the ids
 * added since (a restore removes them), removed since (a restore brings them back) and changed
 * with the fields that differ (a restore puts the backup's values back).
 */
export function diffBackup(then: BackupContent, now: BackupContent): BackupDiff {
  return {
    network: { changed: changedFields(then.network, now.network) },
    zones: diffEntities(then.zones, now.zones),
    nodes: diffEntities(then.nodes, now.nodes),
  };
}
