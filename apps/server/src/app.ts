import { existsSync } from 'node:fs';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Code, ImageUpload, type InputIssue, type InputProblem, inputProblems, Limits } from '@lightwell/domain';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { createGatewayLink } from './gateway-link/index.ts';
import { acceptedLanguage, markLanguage, refusalLanguage, validationMessage } from './http/refusal.ts';
import { translator } from './lib/i18n.ts';
import { createIndexPage } from './lib/index-page.ts';
import type { PhaseTimer } from './lib/phase-clock.ts';
import { deriveServerKeys } from './lib/server-keys.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { ensureOutboxToken } from './mail/outbox-token.ts';
import { registerCompression } from './plugins/compress.ts';
import { loggerOptions, registerRequestIds, requestIdOptions } from './plugins/logging.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { API_DOCS_CSP, registerSecurityHeaders, styleNonceOf } from './plugins/security-headers.ts';
import { httpTimeoutOptions, registerRequestTimeout } from './plugins/timeouts.ts';
import { registerWellFormedText } from './plugins/well-formed-text.ts';
import { appRoutes } from './routes/app/app.routes.ts';
import { backupRoutes } from './routes/backup/backup.routes.ts';
import { controlRoutes } from './routes/control/control.routes.ts';
import { deviceRoutes } from './routes/device/device.routes.ts';
import { emergencyRoutes } from './routes/emergency/emergency.routes.ts';
import { emergencyActionRoutes } from './routes/emergency/emergency-action.routes.ts';
import { emergencyElementRoutes } from './routes/emergency/emergency-element.routes.ts';
import { energyRoutes } from './routes/energy/energy.routes.ts';
import { energyBaseRoutes } from './routes/energy-base/energy-base.routes.ts';
import { equipmentRoutes } from './routes/equipment/equipment.routes.ts';
import { fileRoutes } from './routes/file/file.routes.ts';
import { gatewayRoutes } from './routes/gateway/gateway.routes.ts';
import { groupRoutes } from './routes/group/group.routes.ts';
import { healthRoutes } from './routes/health/health.routes.ts';
import { liveRoutes } from './routes/live/live.routes.ts';
import { meshRoutes } from './routes/mesh/mesh.routes.ts';
import { networkRoutes } from './routes/network/network.routes.ts';
import { networkMemberRoutes } from './routes/network/network-members.routes.ts';
import { outboxKept, outboxRoutes } from './routes/outbox/outbox.routes.ts';
import { productRoutes } from './routes/product/product.routes.ts';
import { profileRoutes } from './routes/profile/profile.routes.ts';
import { profileShareRoutes } from './routes/profile/profile-share.routes.ts';
import { projectRoutes } from './routes/project/project.routes.ts';
import { reportRoutes } from './routes/report/report.routes.ts';
import { reportCycleRoutes } from './routes/report-cycle/report-cycle.routes.ts';
import { reportSetupRoutes } from './routes/report-setup/report-setup.routes.ts';
import { sceneRoutes } from './routes/scene/scene.routes.ts';
import { scheduleRoutes } from './routes/schedule/schedule.routes.ts';
import { screenRoutes } from './routes/screen/screen.routes.ts';
import { sensorDiagnosisRoutes } from './routes/sensor-diagnosis/sensor-diagnosis.routes.ts';
import { shareRoutes } from './routes/share/share.routes.ts';
import { taskRoutes } from './routes/task/task.routes.ts';
import { accountRoutes } from './routes/user/account.routes.ts';
import { sessionRoutes } from './routes/user/session.routes.ts';
import { nodeRoutes } from './routes/zone/node.routes.ts';
import { zoneRoutes } from './routes/zone/zone.routes.ts';
import { registerTaskLifecycle } from './services/commands/task-lifecycle.ts';
import { seedSystemProfiles } from './services/profiles/seed-system-profiles.ts';
import { stopReportJobs } from './services/reports/run-report-jobs.ts';
import { resolveClientKey, resolveServerSecret } from './services/resolve-secrets.ts';
import { SessionCache } from './services/session-cache.ts';

/** What the app is built from: configuration, an open database, and optionally a clock or mailer. */
export interface BuildOptions {
  config: Config;
  database: Database;
  now?: () => Date;
  mailer?: Mailer;
  /** Times the steps of the build (a start prints them at debug level). */
  timer?: PhaseTimer;
  /** Where log lines go instead of standard output, as JSON lines (tests read them). */
  logStream?: NodeJS.WritableStream;
}

const untimed: PhaseTimer = { time: (_name, step) => step() };

// Paths the web app never answers: an unknown one, or `/metrics` refused, is a 404.
const API_PREFIXES = ['/api/', '/SigMesh/', '/metrics'];

/** The problems of a refused payload, from the zod issues fastify-type-provider-zod hands over. */
function problemsOf(error: FastifyError, input: unknown): InputProblem[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const issues = error.validation.map(
    ({ keyword, instancePath, message, params }) =>
      ({
        ...params,
        code: keyword,
        message,
        path: instancePath
          .split('/')
          .slice(1)
          .filter((segment) => segment !== ''),
      }) as unknown as InputIssue,
  );
  return inputProblems(issues, input);
}

/**
 * Answers every failure once, as `{ code, data, message }`: 4xx for bad input, 500 only for our own faults.
 * Messages are in the caller's language (see `refusalLanguage`); a refused payload names each field and
 * what it must be, and lists the same in `data.problems` for programs.
 */
function handleErrors(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const language =
      status < 500 ? await refusalLanguage(app.ctx, request) : acceptedLanguage(request.headers['accept-language']);
    const t = translator(language);
    markLanguage(reply, language);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const input = request.method === 'GET' ? request.query : request.body;
      const problems = problemsOf(error, input);
      return reply
        .code(400)
        .send({ code: Code.badInput, data: { problems }, message: validationMessage(language, problems) });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ code: Code.bodyTooLarge, data: null, message: t('errors:1003') });
    }
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ code: Code.badInput, data: null, message: `${t('errors:1001')} (${error.message})` });
    }
    return reply.code(500).send({ code: Code.serverBusy, data: null, message: t('errors:1000') });
  });
}

/**
 * Serves the built web app; any other page path gets index.html so the client router can take it.
 * Files go out as the build compressed them (brotli, else gzip, by Accept-Encoding); hashed assets are
 * cached for good (so sent without validators), index.html is revalidated on every visit so a new
 * build is seen at once.
 * index.html itself is always answered by the page route below, with this answer's style nonce.
 */
async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  const indexPage = createIndexPage(webDist);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // `/` and `/index.html` fall through to the page answer below, which carries the nonce.
      allowedPath: (pathName) => pathName !== '/index.html',
      preCompressed: true,
      setHeaders: (reply, path) => {
        if (!path.includes('/assets/')) {
          reply.header('cache-control', 'no-cache');
          return;
        }
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        // A hashed file never changes and is never revalidated: validators and the range offer would
        // only be bytes on the wire (some 0.1 kB per file, 5 kB of the plan page's scripts).
        for (const name of ['etag', 'last-modified', 'accept-ranges']) reply.removeHeader(name);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    // A missing hashed asset is a stale page asking for an old build: 404, never index.html.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexPage(styleNonceOf(reply.raw)));
    }
    const language = acceptedLanguage(request.headers['accept-language']);
    return markLanguage(reply, language)
      .code(404)
      .send({
        code: Code.notFound,
        data: null,
        message: `${translator(language)('errors:1004')} (${request.method} ${request.url.split('?')[0]})`,
      });
  });
}

/** Builds the Fastify app: plugins, then routes, then error and not-found handlers. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = await createFastify(config, options.logStream);
  const timer = options.timer ?? untimed;
  const ctx = await buildContext(app, options, timer);
  app.decorate('ctx', ctx);
  await registerSecurityHeaders(app, config.publicUrl);
  app.decorateRequest('session', null);
  app.addHook('onClose', async () => ctx.mailer.close());
  app.addHook('onClose', async () => ctx.link.close());
  app.addHook('onClose', async () => stopReportJobs(ctx));

  // Before any route or plugin, so that every answer, the API docs' too, carries its id and is counted.
  registerRequestIds(app);
  const metrics = registerMetrics(app);
  await registerCompression(app);
  await registerApiPlugins(app, timer);
  healthRoutes(app, metrics);
  await registerRoutes(app, config);
  handleErrors(app);
  await timer.time('web app', () => serveWebApp(app, config.webDist));
  return app;
}

/** Fastify with the console's logger, limits and timeouts, zod validation and presenter-shaped responses. */
async function createFastify(config: Config, logStream?: NodeJS.WritableStream): Promise<FastifyInstance> {
  const app = Fastify({
    logger: await loggerOptions(config, logStream),
    ...requestIdOptions(config),
    bodyLimit: Limits.bodyBytes,
    ...httpTimeoutOptions(config),
    trustProxy: config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  registerRequestTimeout(app, config.httpRequestTimeoutMs);
  registerWellFormedText(app);
  app.setValidatorCompiler(validatorCompiler);
  // Responses are shaped by presenters (the allow-list); schemas on routes document them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  return app;
}

/** The context every handler and job reads: keys, the gateway link, the mailer, the clock. */
async function buildContext(app: FastifyInstance, options: BuildOptions, timer: PhaseTimer): Promise<AppContext> {
  const { config, database } = options;
  const { clientKey, keys } = await timer.time('keys', async () => ({
    clientKey: await resolveClientKey(database.db, config.clientKey),
    keys: deriveServerKeys(await resolveServerSecret(database.db, config.serverSecret)),
  }));
  await timer.time('system profiles', () => seedSystemProfiles(database.db));
  const now = options.now ?? (() => new Date());
  const { link, live } = await timer.time('gateway link', () =>
    createGatewayLink({ config, db: database.db, keys, log: app.log, now }),
  );
  const sessions = new SessionCache(config.sessionCacheMs);
  link.onUsersChanged((uids) => sessions.forget(uids));
  return {
    db: database.db,
    config,
    mailer:
      options.mailer ??
      createMailer({
        db: database.db,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        log: app.log,
        // A kept message is printed for the person at the terminal (docs/development.md: a second account in a minute).
        print: config.logLevel === 'silent' ? undefined : (block) => process.stdout.write(block),
      }),
    clientKey,
    keys,
    link,
    live,
    sessions,
    now,
  };
}

/** The API's OpenAPI document and its page, and multipart uploads. */
async function registerApiPlugins(app: FastifyInstance, timer: PhaseTimer): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lightwell console API', version: Limits.apiVersion },
      tags: [
        { name: 'app', description: 'Client configuration' },
        { name: 'user', description: 'Accounts and sessions' },
        { name: 'project', description: 'Projects' },
        { name: 'network', description: 'Networks, members, recycle bin and audit trail' },
        { name: 'share', description: 'Sharing projects and networks by e-mail link' },
        { name: 'profile', description: 'Configuration profiles: own, public and system defaults; apply and share' },
        { name: 'zone', description: 'Zones, nodes and the map view of a network' },
        { name: 'file', description: 'Floor-plan images: upload, download, delete' },
        { name: 'backup', description: 'Network backups: take, list, view, restore' },
        { name: 'gateway', description: 'Gateways, their diagnoses and devices, live device state and updates' },
        { name: 'mesh', description: 'Mesh-prefix calls sent by gateways (sn and secret)' },
        { name: 'control', description: 'Remote control of lights and the tasks commands become' },
        { name: 'report', description: 'Report downloads: project and device reports built in the background' },
        {
          name: 'report-cycle',
          description:
            'E-mailed report cycles: settings, automatic runs and deliveries, recipients, public report links',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await timer.time('api docs', async () => {
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: API_DOCS_CSP });
  });
  // Floor-plan uploads: one file of at most 3 MiB and a few short text fields (the signed envelope).
  await app.register(multipart, {
    limits: {
      fileSize: ImageUpload.maxBytes,
      files: 1,
      fields: ImageUpload.maxFields,
      parts: ImageUpload.maxFields + 1,
      fieldSize: 1024,
    },
  });
}

/** Every route module, then the task lifecycle. */
async function registerRoutes(app: FastifyInstance, config: Config): Promise<void> {
  appRoutes(app);
  outboxRoutes(app, outboxKept(config) ? await ensureOutboxToken(config.dataDir) : null);
  sessionRoutes(app);
  accountRoutes(app);
  projectRoutes(app);
  networkRoutes(app);
  networkMemberRoutes(app);
  shareRoutes(app);
  profileRoutes(app);
  profileShareRoutes(app);
  zoneRoutes(app);
  nodeRoutes(app);
  deviceRoutes(app);
  productRoutes(app);
  fileRoutes(app);
  backupRoutes(app);
  gatewayRoutes(app);
  liveRoutes(app);
  meshRoutes(app);
  controlRoutes(app);
  taskRoutes(app);
  screenRoutes(app);
  energyRoutes(app);
  energyBaseRoutes(app);
  groupRoutes(app);
  sceneRoutes(app);
  scheduleRoutes(app);
  sensorDiagnosisRoutes(app);
  reportSetupRoutes(app);
  reportRoutes(app);
  reportCycleRoutes(app);
  equipmentRoutes(app);
  emergencyActionRoutes(app);
  emergencyElementRoutes(app);
  emergencyRoutes(app);
  registerTaskLifecycle(app);
}
