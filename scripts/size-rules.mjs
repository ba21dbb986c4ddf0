// The size rules of the server and the simulator (docs/decisions.md, Size): no source file past 350 lines
// and no function past 80. Drizzle schema files (db/schema-*.ts) and migrations are left out of the file
// rule; route handlers (routes/), query modules (db/) and test files are left out of the function rule.
// A function is a function declaration, a function expression, an arrow function or a method; its length
// runs from its first line to its last, the functions inside it included.
//   node scripts/size-rules.mjs             check apps/server and apps/simulator
//   node scripts/size-rules.mjs <dir> ...   check these folders (paths are matched relative to each)
// Prints one line per breach; exits 1 on a breach not listed in PENDING (below), or on an entry there that no
// longer breaches.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseSync } from '@swc/core';

export const FILE_LIMIT = 350;
export const FUNCTION_LIMIT = 80;

const root = new URL('..', import.meta.url).pathname;
const DEFAULT_DIRS = ['apps/server', 'apps/simulator'];

/**
 * Breaches still to be split: a file (its path) or a function (`path#name`). An entry here is reported as
 * pending, not failed; one that no longer breaches fails, so the list only shrinks.
 */
const PENDING = [
  // Test files: each to be split by subject, its shared setup into a helper module beside it.
  'apps/server/src/demo/demo.test.ts',
  'apps/server/src/gateway-link/link.test.ts',
  'apps/server/src/routes/report/report.test.ts',
  'apps/server/test/isolation.test.ts',
  'apps/server/test/report-cycle-drill.test.ts',
];

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage']);
const isTest = (path) => /\.test\.(ts|tsx|mts|mjs|js)$/.test(path);
const segments = (path) => path.split('/');
const fileRuleSkips = (path) => /(^|\/)db\/schema-[^/]*\.ts$/.test(path) || segments(path).includes('migrations');
const functionRuleSkips = (path) => isTest(path) || segments(path).some((s) => s === 'routes' || s === 'db');

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIP_DIRS.has(name) ? [] : sourceFiles(path);
    return SOURCE.test(name) && !/\.d\.m?ts$/.test(name) ? [path] : [];
  });
}

/** The line (1-based) of each byte offset: swc's spans count bytes of UTF-8 from 1. */
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

const keyName = (key) => {
  if (!key) return null;
  if (key.type === 'Identifier' || key.type === 'PrivateName') return key.value;
  if (key.type === 'StringLiteral' || key.type === 'NumericLiteral') return String(key.value);
  return null;
};

/** Every function of a parsed module with the name it goes by (its declaration, variable, key or callee). */
function functionsOf(program) {
  const found = [];
  const visit = (node, name) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, name);
      return;
    }
    if (!node || typeof node !== 'object') return;
    let childName = name;
    switch (node.type) {
      case 'FunctionDeclaration':
        found.push({ name: node.identifier?.value ?? '(default)', span: node.span });
        childName = null;
        break;
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        found.push({ name: node.identifier?.value ?? name ?? '(anonymous)', span: node.span });
        childName = null;
        break;
      case 'ClassMethod':
      case 'PrivateMethod':
      case 'MethodProperty':
      case 'GetterProperty':
      case 'SetterProperty':
        // The method's own span takes in its key; its function inside is the same lines, counted once.
        found.push({ name: keyName(node.key) ?? '(method)', span: node.span });
        visit(node.function?.body ?? node.body, null);
        visit(node.function?.params ?? node.param, null);
        return;
      case 'VariableDeclarator':
        visit(node.init, node.id?.type === 'Identifier' ? node.id.value : name);
        return;
      case 'KeyValueProperty':
      case 'ClassProperty':
        visit(node.value, keyName(node.key) ?? name);
        return;
      case 'CallExpression':
        visit(node.callee, name);
        visit(
          node.arguments,
          node.callee?.type === 'MemberExpression' ? `${keyName(node.callee.property) ?? ''}(…)` : name,
        );
        return;
      default:
        break;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'span' && value && typeof value === 'object') visit(value, childName);
    }
  };
  visit(program.body, null);
  return found;
}

/**
 * The breaches in the folders given: `key` names the file (`path`) or the function (`path#name`), `text` is
 * the line printed (`path: 400 lines (limit 350)`, `path:12: function name has 90 lines (limit 80)`); a path
 * is relative to the repository's root when the folder is inside it, else to the folder.
 */
export function check(dirs) {
  const breaches = [];
  for (const dir of dirs) {
    for (const file of sourceFiles(dir)) {
      const path = relative(dir, file).split(sep).join('/');
      const shown = relative(root, file).startsWith('..') ? path : relative(root, file).split(sep).join('/');
      const bytes = readFileSync(file);
      const text = bytes.toString('utf8');
      const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
      if (lines > FILE_LIMIT && !fileRuleSkips(path)) {
        breaches.push({ key: shown, text: `${shown}: ${lines} lines (limit ${FILE_LIMIT})` });
      }
      if (functionRuleSkips(path)) continue;
      const program = parseSync(text, {
        syntax: /\.(ts|tsx|mts)$/.test(file) ? 'typescript' : 'ecmascript',
        tsx: file.endsWith('.tsx'),
        jsx: file.endsWith('.jsx'),
        target: 'es2024',
      });
      if (program.span.end - 1 > bytes.length) throw new Error(`${shown}: spans do not start at the file's start`);
      const lineOf = lineIndex(bytes);
      for (const fn of functionsOf(program)) {
        const first = lineOf(fn.span.start);
        const length = lineOf(fn.span.end - 1) - first + 1;
        if (length > FUNCTION_LIMIT) {
          breaches.push({
            key: `${shown}#${fn.name}`,
            text: `${shown}:${first}: function ${fn.name} has ${length} lines (limit ${FUNCTION_LIMIT})`,
          });
        }
      }
    }
  }
  return breaches;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dirs = args.length > 0 ? args : DEFAULT_DIRS.map((dir) => join(root, dir));
  const breaches = check(dirs);
  const pending = new Set(args.length > 0 ? [] : PENDING);
  const failures = breaches.filter((breach) => !pending.has(breach.key));
  const stale = [...pending].filter((key) => !breaches.some((breach) => breach.key === key));
  for (const breach of breaches.filter((b) => pending.has(b.key))) console.log(`pending  ${breach.text}`);
  for (const breach of failures) console.error(`too long ${breach.text}`);
  for (const key of stale) console.error(`fixed    ${key} (remove it from PENDING in scripts/size-rules.mjs)`);
  if (failures.length > 0 || stale.length > 0) process.exit(1);
  console.log(`size rules: no new breach (${pending.size} pending)`);
}
