import { ensureTestReportWorkerBuilt, stopBundler } from '../../../../scripts/lib/builds.mjs';

/**
 * Global setup of the server's tests: the report worker bundle their consoles start report workers from
 * (vitest.config.ts names it to the sources as the server bundle does), built when the sources changed.
 */
export default async function setup(): Promise<void> {
  await ensureTestReportWorkerBuilt();
  await stopBundler();
}
