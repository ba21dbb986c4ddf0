// The server's layers (docs/server-layers.md), checked by `npm run lint`. From the bottom: lib, config and db;
// the middle (context, telemetry, services, policies, presenters, reports, mail); the HTTP call layer; routes,
// jobs, the gateway link and the demo seeds; the wiring (app.ts, server.ts, openapi.ts, start/, plugins/).
// No import points up, type-only imports included. Tests may import anything, so the layer rules skip them.

const SRC = '^apps/server/src/';
const TEST = '\\.test\\.ts$';

/** A path pattern for each layer, from the bottom. */
const LIB = `${SRC}lib/`;
const CONFIG = `${SRC}config\\.ts$`;
const DB = `${SRC}db/`;
const MIDDLE = `${SRC}(context\\.ts$|link-types\\.ts$|telemetry/|services/|policies/|presenters/|reports/|mail/)`;
const HTTP = `${SRC}http/`;
const EDGE = `${SRC}(routes|jobs|gateway-link|demo)/`;
const WIRING = `${SRC}(app\\.ts$|server\\.ts$|openapi\\.ts$|start/|plugins/)`;
const LAYERS = [LIB, CONFIG, DB, MIDDLE, HTTP, EDGE, WIRING];

/** A layer rule: files of `from` (tests aside) import nothing of the server that `to` names. */
const layer = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: TEST },
  to,
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No module imports its own importer, directly or through others: modules in a circle load in an order nobody chose (docs/decisions.md, Import rules).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    layer(
      'lib-imports-only-lib',
      'lib/ holds helpers that know nothing of the app: no context, no config, no schema, no plugin (docs/server-layers.md).',
      LIB,
      { path: SRC, pathNot: LIB },
    ),
    layer(
      'config-imports-nothing',
      'config.ts is one zod-parsed env object at the bottom: it imports nothing of the server (docs/server-layers.md).',
      CONFIG,
      { path: SRC },
    ),
    layer(
      'db-imports-only-db-and-lib',
      'db/ (schema, client, queries) sits at the bottom beside lib/: it imports db/ and lib/ only (docs/server-layers.md).',
      DB,
      { path: SRC, pathNot: `${DB}|${LIB}` },
    ),
    layer(
      'middle-imports-no-upper-layer',
      'context, telemetry, services, policies, presenters, reports and mail run where no request exists (a job, a gateway message): they import nothing from http/, routes/, jobs/, gateway-link/, demo/ or the wiring (docs/server-layers.md).',
      MIDDLE,
      { path: `${HTTP}|${EDGE}|${WIRING}` },
    ),
    layer(
      'http-imports-no-upper-layer',
      'http/ (serving a call, authentication, refusals) sits below the routes that use it: it imports nothing from routes/, jobs/, gateway-link/, demo/ or the wiring (docs/server-layers.md).',
      HTTP,
      { path: `${EDGE}|${WIRING}` },
    ),
    layer(
      'edge-imports-no-wiring',
      'routes, jobs, the gateway link and the demo seeds are wired by app.ts, server.ts and start/: they never import the wiring (docs/server-layers.md).',
      EDGE,
      { path: WIRING },
    ),
    {
      name: 'telemetry-through-index',
      comment:
        'Others enter telemetry/ through telemetry/index.ts only, so its tables and steps can change behind it (docs/server-layers.md).',
      severity: 'error',
      from: { path: SRC, pathNot: `${SRC}telemetry/|${TEST}` },
      to: { path: `${SRC}telemetry/`, pathNot: `${SRC}telemetry/index\\.ts$` },
    },
    {
      name: 'server-file-in-a-layer',
      comment:
        'Every server source file sits in a layer of docs/server-layers.md; a new folder is added to a layer here and in that drawing.',
      severity: 'error',
      from: { path: SRC, pathNot: [...LAYERS, TEST] },
      to: { path: SRC },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API: swc parses, and type-only imports count like any other.
    parser: 'swc',
    tsPreCompilationDeps: true,
    includeOnly: SRC,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: `${SRC}db/migrations/` },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
