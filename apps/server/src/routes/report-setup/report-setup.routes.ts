import { Code, type ReportSetupFields, ReportSetupFieldsShape } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { files, projectReportSetups } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { authorize } from '../../policies/access.ts';
import { recordAudit } from '../../services/audit.ts';
import {
  activateRecipient,
  listRecipients,
  replaceRecipients,
  resendActivation,
} from '../../services/project-recipients.ts';
import { readImageInfo } from '../../services/read-image-info.ts';
import { findReportSetup, loadProjectSettingsAccess, presentReportSetup } from '../../services/report-setup.ts';
import { storeImageFile } from '../../services/store-image-file.ts';

/** File names of header logos. */
const LOGO_PREFIX = 'logo-';

const pickFields = (row: ReportSetupFields) =>
  Object.fromEntries(Object.keys(ReportSetupFieldsShape).map((key) => [key, row[key as keyof ReportSetupFields]]));

/** A project's header settings and e-mail recipients (page 9-3 `/setting/header`). */
export function reportSetupRoutes(app: FastifyInstance): void {
  serveCall(app, 'reportSetupAll', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    return presentReportSetup(ctx.db, access.project, access.canEdit);
  });

  serveCall(app, 'reportSetupUpdate', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    authorize(access.canEdit);
    const { pid, ...fields } = payload;
    await ctx.db.transaction(async (tx) => {
      const before = await findReportSetup(tx, pid);
      await tx
        .insert(projectReportSetups)
        .values({ pid, ...fields, updatedBy: session.uid, updatedAt: ctx.now() })
        .onConflictDoUpdate({
          target: projectReportSetups.pid,
          set: { ...fields, updatedBy: session.uid, updatedAt: ctx.now() },
        });
      await recordAudit(tx, {
        action: 'project.header.update',
        actorUid: session.uid,
        pid,
        before: before && pickFields(before),
        after: fields,
      });
    });
    return presentReportSetup(ctx.db, access.project, true);
  });

  serveCall(app, 'reportSetupLogo', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    authorize(access.canEdit);
    const data = payload.image === null ? null : Buffer.from(payload.image, 'base64');
    const info = data ? readImageInfo(data) : null;
    if (data && (!info || info.mime === 'image/bmp')) {
      throw new CallError(Code.imageRefused, 'Upload failure: a logo must be a JPG or PNG image.');
    }
    const column = payload.slot === 'logo' ? 'logo' : 'wideLogo';
    await ctx.db.transaction(async (tx) => {
      const before = await findReportSetup(tx, payload.pid);
      const fileName =
        data && info ? await storeImageFile(tx, { prefix: LOGO_PREFIX, ownerUid: session.uid, data, info }) : null;
      await tx
        .insert(projectReportSetups)
        .values({ pid: payload.pid, [column]: fileName, updatedBy: session.uid, updatedAt: ctx.now() })
        .onConflictDoUpdate({
          target: projectReportSetups.pid,
          set: { [column]: fileName, updatedBy: session.uid, updatedAt: ctx.now() },
        });
      const previous = before?.[column] ?? null;
      if (previous) await tx.delete(files).where(eq(files.name, previous));
      await recordAudit(tx, {
        action: 'project.header.logo',
        actorUid: session.uid,
        pid: payload.pid,
        before: { [payload.slot]: previous },
        after: { [payload.slot]: fileName },
      });
    });
    return presentReportSetup(ctx.db, access.project, true);
  });

  serveCall(app, 'recipientAll', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    // Recipients are other people's addresses: only those who manage them see them (STYLE 8).
    authorize(access.canEdit);
    const list = await listRecipients(ctx, payload.pid);
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'recipientUpdate', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    authorize(access.canEdit);
    return replaceRecipients(ctx, session.uid, access.project, payload.recipients);
  });

  serveCall(app, 'recipientResend', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    authorize(access.canEdit);
    return resendActivation(ctx, session.uid, access.project, payload.id);
  });

  serveCall(app, 'recipientActivate', async ({ ctx, payload }) => activateRecipient(ctx, payload.link));
}
