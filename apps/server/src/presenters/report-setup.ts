import type { Logo, ReportSetup, ReportSetupFields } from '@lightwell/domain';
import type { files, projectReportSetups } from '../db/schema.ts';

/** A project's stored header settings row. */
export type ReportSetupRow = typeof projectReportSetups.$inferSelect;

type FileRow = typeof files.$inferSelect;

const EMPTY_FIELDS: ReportSetupFields = {
  companyTitle: '',
  signatoryName: '',
  signatoryRole: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  address: '',
};

function presentLogo(file: FileRow | undefined): Logo | null {
  if (!file) return null;
  return {
    fileName: file.name,
    mime: file.mime,
    width: file.width,
    height: file.height,
    data: Buffer.from(file.data).toString('base64'),
  };
}

/**
 * A project's header settings as a member receives them: the stored `row` (empty fields while never set)
 * with its logos from `logos` (by file name).
 */
export function presentReportSetup(
  project: { id: number; name: string },
  row: ReportSetupRow | null,
  logos: ReadonlyMap<string, FileRow>,
  canEdit: boolean,
): ReportSetup {
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
