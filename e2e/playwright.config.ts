import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './support/env.ts';

/**
 * The specs in two parts, each run by `npm test` in its own Playwright process against its own console,
 * simulator and SMTP server (other ports, E2E_PORT and the rest): most of a spec's time is spent waiting
 * for the console, a simulated fitting or a job, so two parts overlap their waits. `tour` holds the long
 * specs (the layout tour, the CSP walk, the emergency tests that wait for simulated battery tests, the report
 * cycles on a console of their own whose clock they move); `flows`
 * everything else, so a new spec lands there. Without `--project` both run one after the other.
 */
const TOUR = [
  'shell/layout.spec.ts',
  'shell/csp.spec.ts',
  'emergency/emergency.spec.ts',
  'report/report-cycles.spec.ts',
];

/** Browser tests in Debian's Chromium against the real server, the demo seed and a real SMTP server. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  // The console, its demo simulator and the browser share 2 cores with the API tier running beside them:
  // a first page was seen to take over 10 s there. Assertions return as soon as they hold.
  expect: { timeout: 20_000 },
  projects: [
    { name: 'tour', testMatch: TOUR },
    { name: 'flows', testIgnore: TOUR },
  ],
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../test-results/e2e.json' }]],
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../test-results/e2e-artifacts',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'en-US',
    viewport: { width: 1366, height: 860 },
    // A system that asks for less motion: antd's fades and slides are left out (apps/web/src/app/antd-theme.tsx).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // DOM snapshots of every step, kept for a failed test; no screencast, which cost the software-rendering
    // browser a third of every test's time (docs/decisions.md, "Test tiers and their time").
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
