/** The repository's root folder. */
export const root: string;
/** The server bundle `npm start` runs. */
export const serverBundle: string;
/** Whether `output` exists and is newer than every file under `sources` (paths from the repository root). */
export function isFresh(output: string, sources: string[]): boolean;
/** Builds the web app when it is missing or older than its sources; true when it built. */
export function ensureWebBuilt(): boolean;
/** Builds the server bundle when it is missing or older than its sources; true when it built. */
export function ensureServerBuilt(): Promise<boolean>;
/** Bundles the server into `outfile` (inside the repository) as `npm start` runs it. */
export function buildServerBundle(outfile: string): Promise<void>;
