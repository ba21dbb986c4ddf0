import { Code } from '@lightwell/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer } from '../../lib/call-error.ts';
import { authorize } from '../../policies/access.ts';
import { loadProjectSettingsAccess } from '../../policies/project-settings.ts';
import { presentReportSetup } from '../../presenters/report-setup.ts';
import { setReportLogo, updateReportSetup } from '../../services/change-report-setup.ts';
import {
  activateRecipient,
  listRecipients,
  replaceRecipients,
  resendActivation,
} from '../../services/project-recipients.ts';
import { loadReportSetup } from '../../services/report-setup.ts';

/** A project's header settings as a member receives them. */
async function headerOf(ctx: AppContext, project: { id: number; name: string }, canEdit: boolean) {
  const { row, logos } = await loadReportSetup(ctx.db, project.id);
  return presentReportSetup(project, row, logos, canEdit);
}

/** A project's header settings and e-mail recipients (page 9-3 `/setting/header`). */
export function reportSetupRoutes(app: FastifyInstance): void {
  serveCall(app, 'reportSetupAll', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    return headerOf(ctx, access.project, access.canEdit);
  });

  serveCall(app, 'reportSetupUpdate', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    authorize(access.canEdit);
    const { pid, ...fields } = payload;
    await updateReportSetup(ctx, session.uid, pid, fields);
    return headerOf(ctx, access.project, true);
  });

  serveCall(app, 'reportSetupLogo', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    authorize(access.canEdit);
    await setReportLogo(ctx, session.uid, payload.pid, payload.slot, payload.image);
    return headerOf(ctx, access.project, true);
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
