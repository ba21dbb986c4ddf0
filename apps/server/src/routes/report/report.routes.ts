import { downloadPeriodIn, epochSeconds } from '@lightwell/domain';
import type { FastifyInstance } from 'fastify';
import { serveCall } from '../../http/serve-call.ts';
import { loadNetworkAccess } from '../../policies/access.ts';
import { buildDeviceReport, resolveDeviceTarget } from '../../services/reports/device-report.ts';
import { askDeviceReport, askProjectReport, listReports, reportState } from '../../services/reports/report-requests.ts';

/**
 * Report downloads (2-3 `/project/report/download`, 2-4 `/project/report/download/node`) and the device
 * report's print page (`/report/device/pdf`). Asking queues a job any server process builds; the file is
 * fetched through `fileDownloadUrl`. Every member of each network the report covers may ask, list and
 * download; anyone else gets 1013.
 */
export function reportRoutes(app: FastifyInstance): void {
  serveCall(app, 'reportProjectCreate', ({ ctx, session, payload }) => askProjectReport(ctx, session.uid, payload));
  serveCall(app, 'reportDeviceCreate', ({ ctx, session, payload }) => askDeviceReport(ctx, session.uid, payload));
  serveCall(app, 'reportList', ({ ctx, session, payload }) => listReports(ctx, session.uid, payload));
  serveCall(app, 'reportState', ({ ctx, session, payload }) => reportState(ctx, session.uid, payload.id));

  serveCall(app, 'reportDevicePrint', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    await resolveDeviceTarget(ctx.db, payload.nid, payload.target, true);
    const period = downloadPeriodIn(payload.period, access.network.timeZone, epochSeconds(ctx.now()));
    const { deviceDays: _days, ...report } = await buildDeviceReport(ctx, access.network, payload.target, period);
    return report;
  });
}
