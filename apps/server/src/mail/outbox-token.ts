import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** File in DATA_DIR holding the credential of the kept mail (`GET /outbox`); `npm run mail` reads it. */
export const OUTBOX_TOKEN_FILE = 'outbox-token';

/**
 * The outbox's credential: read from `DATA_DIR/outbox-token`, or made there on first use, readable by
 * the console's own user only (mode 0600). Whoever can read that file can read the console's database
 * folder too; nobody else can read the kept mail (codes, reset and share links), wherever they connect from.
 */
export async function ensureOutboxToken(dataDir: string): Promise<string> {
  const path = join(dataDir, OUTBOX_TOKEN_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
  const token = (await readFile(path, 'utf8')).trim();
  if (!/^[0-9a-f]{64}$/.test(token)) {
    const fresh = randomBytes(32).toString('hex');
    await writeFile(path, `${fresh}\n`, { mode: 0o600 });
    return fresh;
  }
  return token;
}

/** Whether an `Authorization` header carries the outbox's credential (`Bearer <token>`), compared in constant time. */
export function outboxTokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
