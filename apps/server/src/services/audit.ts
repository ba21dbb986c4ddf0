import type { Db } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';

/** An audited change: what happened, on which project or network, by whom, before and after. */
export interface AuditEntry {
  action: string;
  actorUid: number;
  pid?: number | null;
  nid?: number | null;
  before?: unknown;
  after?: unknown;
}

/** Writes an audit event; call it inside the transaction that makes the change. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    action: entry.action,
    actorUid: entry.actorUid,
    pid: entry.pid ?? null,
    nid: entry.nid ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
