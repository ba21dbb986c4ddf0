import { Code, ReportLinkSchema } from '@lightwell/domain';
import type { FastifyInstance } from 'fastify';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { authorize } from '../../policies/access.ts';
import { loadProjectSettingsAccess } from '../../policies/project-settings.ts';
import { presentCycleSettings, updateCycleSettings } from '../../services/report-cycles/cycle-settings.ts';
import { viewIssuedEquipment } from '../../services/report-cycles/equipment-view.ts';
import { listReception, removeRecipient, setRecipientPreferences } from '../../services/report-cycles/reception.ts';
import {
  recipientLinkInfo,
  saveRecipientLink,
  unsubscribeRecipientLink,
} from '../../services/report-cycles/recipient-links.ts';
import { viewIssuedReport } from '../../services/report-cycles/report-view.ts';
import { listRuns, resendRunCopy, restateRun } from '../../services/report-cycles/runs.ts';

/** Where a report e-mail's `List-Unsubscribe` address points: the recipient's page, POSTed to for one click. */
const ONE_CLICK_PATH = '/email/register';

/**
 * `POST /email/register?link=…` (RFC 8058): a mail program's one-click unsubscribe, without a session or a
 * page. The signed link is the authority; the body (`List-Unsubscribe=One-Click`, form or multipart) is not
 * needed. A GET of the same address is the recipient's page in the web app, where a person unsubscribes.
 */
function oneClickUnsubscribe(app: FastifyInstance): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'text/plain'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: 'POST',
      url: ONE_CLICK_PATH,
      schema: {
        tags: ['report-cycle'],
        summary:
          'One-click unsubscribe (RFC 8058) from the kind of mail a signed List-Unsubscribe link came with; no session',
        operationId: 'recipientOneClickUnsubscribe',
      },
      handler: async (request, reply) => {
        const link = ReportLinkSchema.safeParse((request.query as { link?: unknown }).link);
        if (!link.success) return reply.code(400).send({ code: Code.badInput, data: null, message: 'Invalid link.' });
        try {
          const result = await unsubscribeRecipientLink(app.ctx, link.data);
          return reply.send({ code: Code.ok, data: { state: result.state, kinds: result.kinds } });
        } catch (error) {
          if (error instanceof CallError) {
            return reply.code(403).send({ code: error.code, data: null, message: error.message });
          }
          throw error;
        }
      },
    });
  });
}

/**
 * E-mailed report cycles: the cycles of a project (9-4), its recipients' reception (2-5), its automatic
 * runs (2-6), and the public pages a report e-mail links to (`/report/projectPDF1`, `/report/networkEquipDataPDF`,
 * `/email/register`).
 */
export function reportCycleRoutes(app: FastifyInstance): void {
  serveCall(app, 'reportCycleAll', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    return presentCycleSettings(ctx, access.project, access.canEdit);
  });

  serveCall(app, 'reportCycleUpdate', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    authorize(access.canEdit);
    await updateCycleSettings(ctx, session.uid, payload.pid, payload.cycles);
    return presentCycleSettings(ctx, access.project, true);
  });

  serveCall(app, 'reportRunList', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    // Runs name their recipients, other people's addresses: those who manage recipients see them.
    authorize(access.canEdit);
    const list = await listRuns(ctx, payload.pid, payload.kind);
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'reportRunRestate', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    authorize(access.canEdit);
    return restateRun(ctx, session.uid, payload.pid, payload.id);
  });

  serveCall(app, 'reportRunResend', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    authorize(access.canEdit);
    return resendRunCopy(ctx, session.uid, payload.pid, payload.id, payload.deliveryId);
  });

  serveCall(app, 'recipientReception', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    authorize(access.canEdit);
    const list = await listReception(ctx, payload.pid);
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'recipientSet', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    authorize(access.canEdit);
    return setRecipientPreferences(ctx, session.uid, payload.pid, payload.id, payload);
  });

  serveCall(app, 'recipientRemove', async ({ ctx, session, payload }) => {
    const access = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    authorize(access.canEdit);
    await removeRecipient(ctx, session.uid, payload.pid, payload.id);
    return null;
  });

  serveCall(app, 'reportRunView', ({ ctx, payload }) => viewIssuedReport(ctx, payload.link));
  serveCall(app, 'reportRunEquipment', ({ ctx, payload }) => viewIssuedEquipment(ctx, payload.link));
  serveCall(app, 'recipientLinkInfo', ({ ctx, payload }) => recipientLinkInfo(ctx, payload.link));
  serveCall(app, 'recipientLinkSave', ({ ctx, payload }) =>
    saveRecipientLink(ctx, payload.link, { language: payload.language, kinds: payload.kinds, csv: payload.csv }),
  );
  serveCall(app, 'recipientLinkUnsubscribe', ({ ctx, payload }) =>
    unsubscribeRecipientLink(ctx, payload.link, payload.all),
  );
  oneClickUnsubscribe(app);
}
