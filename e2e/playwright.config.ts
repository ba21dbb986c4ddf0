import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './support/env.ts';

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
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../test-results/e2e.json' }]],
  outputDir: '../test-results/e2e-artifacts',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'en-US',
    viewport: { width: 1366, height: 860 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
