import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type IFlattenedRuleSet } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The server's layers (docs/server-layers.md) as `npm run lint` checks them: the repository's own
 * .dependency-cruiser.cjs runs on a small server laid out like ours, once clean and once per planted import
 * that points up, and each plant is caught by its rule. Plants are type-only where that matters: they count.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
  forbidden: IFlattenedRuleSet['forbidden'];
  options: ICruiseOptions;
};

/** A file of each layer, importing only what its layer may. */
const CLEAN: Record<string, string> = {
  'lib/clock.ts': 'export const now = () => 0;\n',
  'config.ts': 'export const config = { port: 1 };\n',
  'db/client.ts':
    "import { now } from '../lib/clock.ts';\nexport type Db = { at: number };\nexport const open = now;\n",
  'db/rows.ts': "import type { Db } from './client.ts';\nexport const rowsOf = (db: Db) => [db.at];\n",
  'link-types.ts': 'export interface LiveHub { publish(): void }\n',
  'context.ts':
    "import type { Config } from './config.ts';\nimport type { Db } from './db/client.ts';\nimport type { LiveHub } from './link-types.ts';\nexport interface AppContext { db: Db; live: LiveHub; config: typeof Config }\n",
  'telemetry/store.ts': "import { rowsOf } from '../db/rows.ts';\nexport const store = rowsOf;\n",
  'telemetry/index.ts': "export { store } from './store.ts';\n",
  'policies/access.ts':
    "import type { AppContext } from '../context.ts';\nexport const can = (ctx: AppContext) => !!ctx;\n",
  'presenters/user.ts': "import { can } from '../policies/access.ts';\nexport const presentUser = can;\n",
  'reports/csv.ts': "import { now } from '../lib/clock.ts';\nexport const csv = now;\n",
  'mail/mailer.ts': "import type { Db } from '../db/client.ts';\nexport type Mailer = { db: Db };\n",
  'services/run-once.ts':
    "import type { AppContext } from '../context.ts';\nimport { store } from '../telemetry/index.ts';\nimport { presentUser } from '../presenters/user.ts';\nimport { csv } from '../reports/csv.ts';\nimport type { Mailer } from '../mail/mailer.ts';\nexport const runOnce = (ctx: AppContext, mailer: Mailer) => [store, presentUser, csv, ctx, mailer];\n",
  'http/serve-call.ts':
    "import type { AppContext } from '../context.ts';\nexport const serveCall = (ctx: AppContext) => ctx;\n",
  'gateway-link/link.ts': "import { store } from '../telemetry/index.ts';\nexport const link = store;\n",
  'routes/user/user.routes.ts':
    "import { serveCall } from '../../http/serve-call.ts';\nimport { runOnce } from '../../services/run-once.ts';\nimport { link } from '../../gateway-link/link.ts';\nexport const userRoutes = [serveCall, runOnce, link];\n",
  'jobs/scheduler.ts': "import { runOnce } from '../services/run-once.ts';\nexport const schedule = runOnce;\n",
  'demo/seed-demo.ts':
    "import { link } from '../gateway-link/link.ts';\nimport { runOnce } from '../services/run-once.ts';\nexport const seedDemo = [link, runOnce];\n",
  'plugins/compress.ts': "import { config } from '../config.ts';\nexport const compress = config;\n",
  'start/hand-over.ts': "import { seedDemo } from '../demo/seed-demo.ts';\nexport const handOver = seedDemo;\n",
  'app.ts':
    "import { compress } from './plugins/compress.ts';\nimport { userRoutes } from './routes/user/user.routes.ts';\nimport { schedule } from './jobs/scheduler.ts';\nexport const buildApp = [compress, userRoutes, schedule];\n",
  'server.ts':
    "import { buildApp } from './app.ts';\nimport { handOver } from './start/hand-over.ts';\nexport const serve = [buildApp, handOver];\n",
  'openapi.ts': "import { buildApp } from './app.ts';\nexport const spec = buildApp;\n",
};

const scratch = mkdtempSync(join(tmpdir(), 'layer-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let runs = 0;

interface Found {
  rule: string;
  from: string;
  to: string;
}

/** The violations of the server made of CLEAN with `plants` added (or replacing files of the same name). */
async function violationsWith(plants: Record<string, string>): Promise<Found[]> {
  const base = join(scratch, String(runs++));
  const src = join(base, 'apps/server/src');
  for (const [path, text] of Object.entries({ ...CLEAN, ...plants })) {
    mkdirSync(dirname(join(src, path)), { recursive: true });
    writeFileSync(join(src, path), text);
  }
  const { output } = await cruise(['apps/server/src'], {
    ...config.options,
    baseDir: base,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  if (typeof output === 'string') throw new Error('expected a cruise result object');
  return (output.summary.violations ?? []).map((violation) => ({
    rule: violation.rule.name,
    from: violation.from.replace('apps/server/src/', ''),
    to: violation.to.replace('apps/server/src/', ''),
  }));
}

/** Imports `target` (a path under src/) from `file`, type-only when `typeOnly`. */
function importing(file: string, target: string, typeOnly = true): string {
  const depth = file.split('/').length - 1;
  const path = `${depth === 0 ? './' : '../'.repeat(depth)}${target}`;
  return typeOnly
    ? `import type * as planted from '${path}';\nexport type Planted = typeof planted;\n`
    : `import '${path}';\n`;
}

// The rules read source files, not a database: run with the PGlite project only.
describe.skipIf(process.env.TEST_DB === 'pg')('server layers (.dependency-cruiser.cjs)', () => {
  it('finds nothing in a server that keeps every layer', async () => {
    expect(await violationsWith({})).toEqual([]);
  });

  it('the server itself keeps every layer', async () => {
    const { output } = await cruise(['apps/server/src'], {
      ...config.options,
      baseDir: ROOT,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
    });
    if (typeof output === 'string') throw new Error('expected a cruise result object');
    const found = (output.summary.violations ?? []).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(found).toEqual([]);
    expect(output.summary.totalCruised).toBeGreaterThan(200);
  }, 120_000);

  const upward: [rule: string, from: string, to: string][] = [
    ['lib-imports-only-lib', 'lib/planted.ts', 'db/client.ts'],
    ['lib-imports-only-lib', 'lib/planted.ts', 'context.ts'],
    ['lib-imports-only-lib', 'lib/planted.ts', 'config.ts'],
    ['config-imports-nothing', 'config.ts', 'lib/clock.ts'],
    ['db-imports-only-db-and-lib', 'db/planted.ts', 'start/hand-over.ts'],
    ['db-imports-only-db-and-lib', 'db/planted.ts', 'context.ts'],
    ['middle-imports-no-upper-layer', 'services/planted.ts', 'jobs/scheduler.ts'],
    ['middle-imports-no-upper-layer', 'services/planted.ts', 'gateway-link/link.ts'],
    ['middle-imports-no-upper-layer', 'telemetry/planted.ts', 'routes/user/user.routes.ts'],
    ['middle-imports-no-upper-layer', 'policies/planted.ts', 'http/serve-call.ts'],
    ['middle-imports-no-upper-layer', 'presenters/planted.ts', 'demo/seed-demo.ts'],
    ['middle-imports-no-upper-layer', 'reports/planted.ts', 'plugins/compress.ts'],
    ['middle-imports-no-upper-layer', 'mail/planted.ts', 'start/hand-over.ts'],
    ['middle-imports-no-upper-layer', 'context.ts', 'plugins/compress.ts'],
    ['middle-imports-no-upper-layer', 'link-types.ts', 'gateway-link/link.ts'],
    ['http-imports-no-upper-layer', 'http/planted.ts', 'routes/user/user.routes.ts'],
    ['http-imports-no-upper-layer', 'http/planted.ts', 'app.ts'],
    ['edge-imports-no-wiring', 'routes/user/planted.ts', 'plugins/compress.ts'],
    ['edge-imports-no-wiring', 'jobs/planted.ts', 'start/hand-over.ts'],
    ['edge-imports-no-wiring', 'gateway-link/planted.ts', 'app.ts'],
    ['edge-imports-no-wiring', 'demo/planted.ts', 'openapi.ts'],
    ['telemetry-through-index', 'services/planted.ts', 'telemetry/store.ts'],
    ['telemetry-through-index', 'gateway-link/planted.ts', 'telemetry/store.ts'],
    ['server-file-in-a-layer', 'widgets/planted.ts', 'lib/clock.ts'],
  ];

  it.each(upward)('%s catches a type-only import of %s → %s', async (rule, from, to) => {
    expect(await violationsWith({ [from]: importing(from, to) })).toEqual([{ rule, from, to }]);
  });

  it('a plain import is caught as well as a type-only one', async () => {
    expect(await violationsWith({ 'lib/planted.ts': importing('lib/planted.ts', 'db/client.ts', false) })).toEqual([
      { rule: 'lib-imports-only-lib', from: 'lib/planted.ts', to: 'db/client.ts' },
    ]);
  });

  it('no-circular catches two modules importing each other, type-only', async () => {
    const found = await violationsWith({
      'services/a.ts': importing('services/a.ts', 'services/b.ts'),
      'services/b.ts': importing('services/b.ts', 'services/a.ts'),
    });
    expect(found).toHaveLength(1);
    expect(found[0]?.rule).toBe('no-circular');
    expect([found[0]?.from, found[0]?.to].sort()).toEqual(['services/a.ts', 'services/b.ts']);
  });

  it('tests may import any layer and enter telemetry anywhere', async () => {
    expect(
      await violationsWith({
        'lib/clock.test.ts': importing('lib/clock.test.ts', 'app.ts'),
        'services/run-once.test.ts': importing('services/run-once.test.ts', 'telemetry/store.ts'),
      }),
    ).toEqual([]);
  });
});
