/**
 * zod as the web app's build resolves every `import … from 'zod'` (apps/web/vite.config.ts): the same
 * module, switched to validate without compiling schemas into functions before any schema is built.
 * zod probes for `new Function` when its first object schema is made, and the console's
 * Content-Security-Policy forbids eval, so the probe alone would be reported as a violation
 * (docs/decisions.md). As a module zod's importers depend on, this runs before any of them, in any chunk.
 */
import { config } from 'zod/v4/core';

export * from 'zod/v4';
export { default } from 'zod/v4';

config({ jitless: true });
