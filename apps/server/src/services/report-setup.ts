import {
  canEditProjectSettings,
  type Language,
  type Logo,
  REPORT_SETUP_FIELD_ORDER,
  type ReportSetup,
  type ReportSetupFields,
  type UserTypeValue,
} from '@lightwell/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { files, networks, networkUsers, projectReportSetups } from '../db/schema.ts';
import { translator } from '../lib/i18n.ts';
import { loadProjectAccess } from '../policies/access.ts';
import type { PdfHeader } from '../reports/pdf/render-pdf.ts';

/** A project's stored header settings row. */
export type ReportSetupRow = typeof projectReportSetups.$inferSelect;

const EMPTY_FIELDS: ReportSetupFields = {
  companyTitle: '',
  signatoryName: '',
  signatoryRole: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  address: '',
};

/**
 * A project the caller belongs to (1013 for anyone else, existing or not), with whether they may change
 * its header settings and recipients (`canEditProjectSettings`).
 */
export async function loadProjectSettingsAccess(ctx: AppContext, uid: number, pid: number) {
  const access = await loadProjectAccess(ctx, uid, pid);
  const roles = await ctx.db
    .select({ userType: networkUsers.userType })
    .from(networkUsers)
    .innerJoin(networks, eq(networks.id, networkUsers.nid))
    .where(and(eq(networkUsers.uid, uid), eq(networks.pid, pid), isNull(networks.deletedAt)));
  const canEdit = canEditProjectSettings(
    access.isCreator,
    roles.map((r) => r.userType as UserTypeValue),
  );
  return { ...access, canEdit };
}

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

function presentLogo(file: typeof files.$inferSelect | undefined): Logo | null {
  if (!file) return null;
  return {
    fileName: file.name,
    mime: file.mime,
    width: file.width,
    height: file.height,
    data: Buffer.from(file.data).toString('base64'),
  };
}

/** A project's header settings as a member receives them (empty fields while never set). */
export async function presentReportSetup(
  db: Db,
  project: { id: number; name: string },
  canEdit: boolean,
): Promise<ReportSetup> {
  const row = await findReportSetup(db, project.id);
  const logos = await readLogos(db, [row?.logo ?? null, row?.wideLogo ?? null]);
  const fields = row
    ? Object.fromEntries(Object.keys(EMPTY_FIELDS).map((key) => [key, row[key as keyof ReportSetupFields]]))
    : EMPTY_FIELDS;
  return {
    pid: project.id,
    projectName: project.name,
    ...(fields as ReportSetupFields),
    logo: presentLogo(row?.logo ? logos.get(row.logo) : undefined),
    wideLogo: presentLogo(row?.wideLogo ? logos.get(row.wideLogo) : undefined),
    updatedAt: row ? Math.floor(row.updatedAt.getTime() / 1000) : null,
    canEdit,
  };
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
  const row = await findReportSetup(db, project.id);
  const logos = await readLogos(db, [row?.logo ?? null, row?.wideLogo ?? null]);
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
