import { Code, codeToLanguage, type ReportCycle, type ReportView } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects, reportRunFiles, reportRuns } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { hasIssuedEquipment } from './equipment-view.ts';
import { equipmentViewToken, verifyReportViewLink } from './links.ts';
import { viewReport } from './render-report.ts';

/**
 * The web version of the issued report a signed e-mail link names (`/report/projectPDF1`): written from
 * the figures stored when it was issued, in the recipient's language, with the SHA-256 of the PDF the mail
 * carried in that language, and the signed link of the equipment statistics issued with it (if it has that
 * section). It shows that report and nothing else; 1065 for a tampered or expired link, or a report that is gone.
 */
export async function viewIssuedReport(ctx: AppContext, token: string): Promise<ReportView> {
  const link = verifyReportViewLink(ctx, token);
  const [row] = await ctx.db
    .select({ run: reportRuns, projectName: projects.name })
    .from(reportRuns)
    .innerJoin(projects, eq(projects.id, reportRuns.pid))
    .where(and(eq(reportRuns.id, link.run), eq(reportRuns.kind, 'energy')));
  if (!row?.run.figures || !row.run.issuedAt) throw new CallError(Code.linkInvalid, 'This report is no longer kept.');
  const [pdf] = await ctx.db
    .select({ sha256: reportRunFiles.sha256 })
    .from(reportRunFiles)
    .where(
      and(
        eq(reportRunFiles.runId, row.run.id),
        eq(reportRunFiles.language, link.language),
        eq(reportRunFiles.format, 'pdf'),
      ),
    );
  return {
    projectName: row.projectName,
    cycle: row.run.cycle as ReportCycle,
    periodKey: row.run.periodKey,
    version: row.run.version,
    issuedAt: Math.floor(row.run.issuedAt.getTime() / 1000),
    language: codeToLanguage(link.language),
    sha256: pdf?.sha256 ?? null,
    // The equipment statistics issued with it, for as long as this link works.
    equipmentLink: hasIssuedEquipment(row.run)
      ? equipmentViewToken(ctx, { run: row.run.id, pid: row.run.pid, exp: link.exp })
      : null,
    ...viewReport(row.run.figures, link.language),
  };
}
