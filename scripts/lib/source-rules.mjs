// What the repository's own source rules (scripts/size-rules.mjs, scripts/route-rules.mjs) share: the source
// files of a folder, each parsed by swc with its path as printed, and the run that lists breaches against a
// PENDING list that may only shrink.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseSync } from '@swc/core';

/** The repository's root folder. */
const root = new URL('../..', import.meta.url).pathname;

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage']);

/** The source files under `dir` (no declaration files, no build output), but those `skips(name)` leaves out. */
function sourceFiles(dir, skips = () => false) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIP_DIRS.has(name) ? [] : sourceFiles(path, skips);
    return SOURCE.test(name) && !/\.d\.m?ts$/.test(name) && !skips(name) ? [path] : [];
  });
}

/**
 * The source files of the folders given as the rules read them (those `skips(name)` leaves out aside): `file`,
 * `path` relative to its folder, `shown` relative to the repository's root when it lies inside it (else
 * `path`), its bytes and text.
 */
export function sourcesIn(dirs, skips = () => false) {
  return dirs.flatMap((dir) =>
    sourceFiles(dir, skips).map((file) => {
      const path = relative(dir, file).split(sep).join('/');
      const fromRoot = relative(root, file);
      const shown = fromRoot.startsWith('..') ? path : fromRoot.split(sep).join('/');
      const bytes = readFileSync(file);
      return { file, path, shown, bytes, text: bytes.toString('utf8') };
    }),
  );
}

/**
 * The swc module of a source read by `sourcesIn`, and `lineOf`, the line (1-based) of one of its spans'
 * byte offsets (swc counts bytes of UTF-8 from 1).
 */
export function parseSource(source) {
  const { file, text, bytes, shown } = source;
  const program = parseSync(text, {
    syntax: /\.(ts|tsx|mts)$/.test(file) ? 'typescript' : 'ecmascript',
    tsx: file.endsWith('.tsx'),
    jsx: file.endsWith('.jsx'),
    target: 'es2024',
  });
  if (program.span.end - 1 > bytes.length) throw new Error(`${shown}: spans do not start at the file's start`);
  return { program, lineOf: lineIndex(bytes) };
}

/** The line (1-based) of each byte offset of a file's swc spans. */
function lineIndex(bytes) {
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) starts.push(i + 1);
  return (position) => {
    const offset = position - 1;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}

/**
 * What a run decides: the breaches of keys not in `pending` (failures), the pending keys' breaches, and the
 * pending keys that no longer breach (stale; each fails the run too, so the list only shrinks).
 */
export function judge(breaches, pending) {
  const listed = new Set(pending);
  return {
    failures: breaches.filter((breach) => !listed.has(breach.key)),
    pending: breaches.filter((breach) => listed.has(breach.key)),
    stale: [...listed].filter((key) => !breaches.some((breach) => breach.key === key)),
  };
}

/**
 * Runs a rule from the command line: `check` over the folders given (or `defaultDirs` from the root, then
 * with `pendingList`), one line per breach (`label` before a failure's), exit 1 on a failure or a stale entry,
 * else `summary(pendingCount)`.
 */
export function runRule({ check, defaultDirs, pendingList, label, script, summary }) {
  const args = process.argv.slice(2);
  const dirs = args.length > 0 ? args : defaultDirs.map((dir) => join(root, dir));
  const listed = args.length > 0 ? [] : pendingList;
  const { failures, pending, stale } = judge(check(dirs), listed);
  for (const breach of pending) console.log(`pending  ${breach.text}`);
  for (const breach of failures) console.error(`${label.padEnd(8)} ${breach.text}`);
  for (const key of stale) console.error(`fixed    ${key} (remove it from PENDING in ${script})`);
  if (failures.length > 0 || stale.length > 0) process.exit(1);
  console.log(summary(listed.length));
}
