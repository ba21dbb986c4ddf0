/**
 * Makes the embedded database in `<dataDir>/pglite` when there is none yet, in a child process (PGlite
 * keeps its initdb's memory for the life of the process that ran it); resolves with whether it made one.
 */
export function createPgliteDataDir(dataDir: string): Promise<boolean>;
