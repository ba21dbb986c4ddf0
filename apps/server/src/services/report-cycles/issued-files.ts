import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { reportRunFiles, reportRuns } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { loadProjectSettingsAccess } from '../../policies/project-settings.ts';

/** Prefix of the stored files of automatic reports (`fileDownloadUrl` tells them from others by it). */
export const ISSUED_FILE_PREFIX = 'issued-';

/**
 * The stored file of an automatic report named `fileName` — the exact bytes its mails carried — when `uid`
 * may see the project's runs (who may change its header settings, as on the automatic data page); null
 * otherwise, for a missing file alike.
 */
export async function readableIssuedFile(
  ctx: AppContext,
  uid: number,
  fileName: string,
): Promise<{ mime: string; data: Buffer } | null> {
  const [row] = await ctx.db
    .select({ pid: reportRuns.pid, mime: reportRunFiles.mime, data: reportRunFiles.data })
    .from(reportRunFiles)
    .innerJoin(reportRuns, eq(reportRuns.id, reportRunFiles.runId))
    .where(eq(reportRunFiles.fileName, fileName));
  if (!row) return null;
  try {
    const access = await loadProjectSettingsAccess(ctx, uid, row.pid);
    if (!access.canEdit) return null;
  } catch (error) {
    if (error instanceof CallError) return null;
    throw error;
  }
  return { mime: row.mime, data: Buffer.from(row.data) };
}
