import { randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/*
 * Who holds a run or a delivery (docs/decisions.md "Deliveries and reconciliation", "Leases"): each process
 * signs its claims `<host>:<pid namespace>:<pid>:<random>`. A claim holds until its lease lapses on the
 * database's clock, or at once when it was made by a process of this machine (same host name and process-id
 * namespace) that no longer runs: a console killed mid-send is taken over by the next pass of any console
 * on its machine, the first one after its restart included, without waiting out the lease.
 */

/** The process-id namespace of this process (`4026531836`), or `-` where the system does not tell it. */
function pidNamespace(): string {
  try {
    return /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '-';
  } catch {
    return '-';
  }
}

/** Where this process runs: host name and process-id namespace. */
const HERE = `${hostname().replaceAll(':', '_')}:${pidNamespace()}`;

/** This process, as it signs the runs and deliveries it holds. */
export const CYCLE_WORKER = `${HERE}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Whether a process with this id runs on this machine (one that may not be signalled runs). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a claim was made by a process of this machine that has ended: same host and process-id
 * namespace, another process, no longer running. Claims from elsewhere, or that cannot be read so, are
 * never counted as ended (they wait for their lease). Job slot claims (`runOnce`) are judged the same way.
 */
export function claimantEnded(worker: string, self: string = CYCLE_WORKER): boolean {
  if (worker === self || HERE.endsWith(':-')) return false;
  const parts = worker.split(':');
  if (parts.length !== 4 || `${parts[0]}:${parts[1]}` !== HERE) return false;
  const pid = Number(parts[2]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  return !isRunning(pid);
}

/** Real seconds from now on the database's clock, for a lease or a retry time. */
export const dbClockIn = (seconds: number): SQL<Date> => sql<Date>`now() + ${seconds} * interval '1 second'`;

/**
 * The holders of live claims in `table` (report_runs or report_deliveries) that ended on this machine:
 * their claims may be taken at once.
 */
export async function endedClaimants(db: Db, table: 'report_runs' | 'report_deliveries'): Promise<string[]> {
  const open = table === 'report_runs' ? sql`state = 'due'` : sql`state = 'intent'`;
  const result = (await db.execute(
    sql`SELECT DISTINCT claimed_by FROM ${sql.raw(table)}
        WHERE ${open} AND claimed_by IS NOT NULL AND lease_until >= now()`,
  )) as unknown as { rows: { claimed_by: string }[] };
  return result.rows.map((row) => row.claimed_by).filter((worker) => claimantEnded(worker));
}

/**
 * The SQL condition "nobody holds it": never claimed, its lease lapsed on the database's clock, or its
 * holder ended on this machine (`ended`, from {@link endedClaimants}).
 */
export function unheld(leaseUntil: AnyColumn | SQL, claimedBy: AnyColumn | SQL, ended: readonly string[]): SQL {
  const lapsed = sql`(${leaseUntil} IS NULL OR ${leaseUntil} < now())`;
  if (ended.length === 0) return lapsed;
  return sql`(${lapsed} OR ${claimedBy} IN (${sql.join(
    ended.map((worker) => sql`${worker}`),
    sql`, `,
  )}))`;
}
