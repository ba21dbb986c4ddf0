import { type Language, REPORT_SETUP_FIELD_ORDER } from '@lightwell/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files, projectReportSetups } from '../db/schema.ts';
import { translator } from '../lib/i18n.ts';
import type { ReportSetupRow } from '../presenters/report-setup.ts';
import type { PdfHeader } from '../reports/pdf/render-pdf.ts';

/** The stored settings of a project, or null while nobody has set them. */
export async function findReportSetup(db: Db, pid: number): Promise<ReportSetupRow | null> {
  const [row] = await db.select().from(projectReportSetups).where(eq(projectReportSetups.pid, pid)).limit(1);
  return row ?? null;
}

async function readLogos(db: Db, names: (string | null)[]) {
  const wanted = names.filter((name): name is string => name !== null);
  if (wanted.length === 0) return new Map<string, typeof files.$inferSelect>();
  const rows = await db.select().from(files).where(inArray(files.name, wanted));
  return new Map(rows.map((row) => [row.name, row]));
}

/** The stored header settings of project `pid` (null while never set) and its logos by file name. */
export async function loadReportSetup(db: Db, pid: number) {
  const row = await findReportSetup(db, pid);
  const logos = await readLogos(db, [row?.logo ?? null, row?.wideLogo ?? null]);
  return { row, logos };
}

/**
 * The header block of a printed record of project `pid` (`renderPdf`): company title (the project's
 * name while none is set), both logos as stored, and the signatory and contact fields labelled in the
 * reader's language.
 */
export async function loadPdfHeader(
  db: Db,
  project: { id: number; name: string },
  language: Language | number,
): Promise<PdfHeader> {
  const { row, logos } = await loadReportSetup(db, project.id);
  const t = translator(language);
  const bytes = (name: string | null | undefined) => {
    const file = name ? logos.get(name) : undefined;
    return file ? Buffer.from(file.data) : null;
  };
  return {
    companyTitle: row?.companyTitle || project.name,
    logo: bytes(row?.logo),
    wideLogo: bytes(row?.wideLogo),
    fields: REPORT_SETUP_FIELD_ORDER.map((key) => ({
      label: t(`server:pdf.header.${key}`),
      value: row?.[key] ?? '',
    })).filter((field) => field.value !== ''),
  };
}
