import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { buildServerBundle, removeServerBundle, reportWorkerBundleOf } from '../../../../scripts/lib/builds.mjs';

const root = new URL('../../../..', import.meta.url).pathname;

/** The server bundle built as `npm start` builds it, and how to remove it again. */
export interface ShippedBundle {
  /** Path of the bundle, beside the one `npm start` runs, so its external packages resolve alike. */
  path: string;
  /** Path of its report worker's entry (`reportWorkerBundleOf`), which the console starts its report worker from. */
  worker: string;
  remove: () => void;
}

/**
 * Builds the console as `npm start` ships it (the same function, into a file of this test's own beside the
 * default bundle, so tests running at once never share a half-written file). Tests that start the console
 * as a process run this file, never the TypeScript sources: what they load at run time (migrations, fonts,
 * locales, mail templates, the web app) is found the way the shipped console finds it.
 */
export async function buildShippedBundle(): Promise<ShippedBundle> {
  const path = join(root, `apps/server/dist/shipped-test-${randomBytes(4).toString('hex')}.mjs`);
  await buildServerBundle(path);
  const worker = reportWorkerBundleOf(path);
  return {
    path,
    worker,
    remove: () => removeServerBundle(path),
  };
}
