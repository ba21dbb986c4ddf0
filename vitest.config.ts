import { pathToFileURL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testReportWorkerBundle } from './scripts/lib/builds.mjs';

const serverProject = (name: string, db: string) => ({
  extends: true as const,
  // Report workers start from a bundle of their sources, built by the global setup below, as the server
  // bundle's do (services/reports/report-builder.ts): from the sources through tsx each would take seconds.
  define: { LIGHTWELL_REPORT_WORKER: JSON.stringify(pathToFileURL(testReportWorkerBundle).href) },
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    // Migrated template databases, made once per change of the migrations; each file copies one.
    globalSetup: ['./test/support/db-template.ts', './test/support/report-worker-bundle.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // The files share their workers' module graph (the app's modules are imported once per worker, not once
    // per file: about 2.5 s each); every file builds its own app on its own database, and no test mocks a module.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'scripts',
          root: 'scripts',
          include: ['*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'simulator',
          root: 'apps/simulator',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      serverProject('server-pglite', 'pglite'),
      serverProject('server-pg', 'pg'),
    ],
  },
});
