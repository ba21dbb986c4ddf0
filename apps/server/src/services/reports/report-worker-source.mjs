// Starts the report worker from its TypeScript source (tests, `npm run dev`): Node.js 20 does not pass the
// console's `--import tsx` on to a worker thread, so tsx is registered here, in the worker itself. The server
// bundle starts its own worker bundle instead (report-builder.ts).
import { tsImport } from 'tsx/esm/api';

await tsImport(new URL('./report-worker.ts', import.meta.url).href, import.meta.url);
