import { Code, type LogoSlot, type ReportSetupFields, ReportSetupFieldsShape } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { files, projectReportSetups } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';
import { recordAudit } from './audit.ts';
import { readImageInfo } from './read-image-info.ts';
import { findReportSetup } from './report-setup.ts';
import { storeImageFile } from './store-image-file.ts';

/** File names of header logos. */
const LOGO_PREFIX = 'logo-';

const pickFields = (row: ReportSetupFields) =>
  Object.fromEntries(Object.keys(ReportSetupFieldsShape).map((key) => [key, row[key as keyof ReportSetupFields]]));

/** Stores the header fields of project `pid` (company title, signatory, contact, address); audited. */
export async function updateReportSetup(
  ctx: AppContext,
  uid: number,
  pid: number,
  fields: ReportSetupFields,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await findReportSetup(tx, pid);
    await tx
      .insert(projectReportSetups)
      .values({ pid, ...fields, updatedBy: uid, updatedAt: ctx.now() })
      .onConflictDoUpdate({
        target: projectReportSetups.pid,
        set: { ...fields, updatedBy: uid, updatedAt: ctx.now() },
      });
    await recordAudit(tx, {
      action: 'project.header.update',
      actorUid: uid,
      pid,
      before: before && pickFields(before),
      after: fields,
    });
  });
}

/**
 * Sets or clears (`image` null) logo `slot` of project `pid`: `image` is a JPG or PNG in base64 (1066
 * otherwise); the logo it replaces is deleted; audited.
 */
export async function setReportLogo(
  ctx: AppContext,
  uid: number,
  pid: number,
  slot: LogoSlot,
  image: string | null,
): Promise<void> {
  const data = image === null ? null : Buffer.from(image, 'base64');
  const info = data ? readImageInfo(data) : null;
  if (data && (!info || info.mime === 'image/bmp')) {
    throw new CallError(Code.imageRefused, 'Upload failure: a logo must be a JPG or PNG image.');
  }
  const column = slot === 'logo' ? 'logo' : 'wideLogo';
  await ctx.db.transaction(async (tx) => {
    const before = await findReportSetup(tx, pid);
    const fileName = data && info ? await storeImageFile(tx, { prefix: LOGO_PREFIX, ownerUid: uid, data, info }) : null;
    await tx
      .insert(projectReportSetups)
      .values({ pid, [column]: fileName, updatedBy: uid, updatedAt: ctx.now() })
      .onConflictDoUpdate({
        target: projectReportSetups.pid,
        set: { [column]: fileName, updatedBy: uid, updatedAt: ctx.now() },
      });
    const previous = before?.[column] ?? null;
    if (previous) await tx.delete(files).where(eq(files.name, previous));
    await recordAudit(tx, {
      action: 'project.header.logo',
      actorUid: uid,
      pid,
      before: { [slot]: previous },
      after: { [slot]: fileName },
    });
  });
}
