/** The repository's root folder. */
export const root: string;
/** The server bundle `npm start` runs. */
export const serverBundle: string;
/** The simulator bundle `npm start` runs beside the server in demo mode. */
export const simulatorBundle: string;
/** Builds the web app when it is missing or older than its sources; true when it built. */
export function ensureWebBuilt(): boolean;
/** `ensureWebBuilt` in a background process, its file list left out; resolves with whether it built. */
export function ensureWebBuiltInBackground(): Promise<boolean>;
/** Builds the server bundle when it is missing or older than its sources; true when it built. */
export function ensureServerBuilt(): Promise<boolean>;
/** Builds the simulator bundle when it is missing or older than its sources; true when it built. */
export function ensureSimulatorBuilt(): Promise<boolean>;
/** Ends esbuild's service process after a build, so it does not stay beside the console. */
export function stopBundler(): Promise<void>;
/**
 * Bundles the server into `outfile` (inside the repository) as `npm start` runs it, with its report worker
 * in `worker` (by default `reportWorkerBundleOf(outfile)`).
 */
export function buildServerBundle(outfile: string, worker?: string): Promise<void>;
/** Removes a server bundle built by `buildServerBundle` into a file of its own, with its report worker. */
export function removeServerBundle(outfile: string): void;
/**
 * The entry of the report worker that goes with a server bundle: `report-worker.mjs` in a folder beside it,
 * `<name>-report-worker/`, with the writers split off it as chunks.
 */
export function reportWorkerBundleOf(outfile: string): string;
/** The report worker bundle the server's tests start their report workers from. */
export const testReportWorkerBundle: string;
/** Builds `testReportWorkerBundle` when it is missing or older than the server's sources; true when it built. */
export function ensureTestReportWorkerBuilt(): Promise<boolean>;
