// The size rules of the server and the simulator (docs/decisions.md, Size): no source file past 350 lines
// and no function past 80. Drizzle schema files (db/schema-*.ts) and migrations are left out of the file
// rule; route handlers (routes/), query modules (db/) and test files are left out of the function rule.
// A function is a function declaration, a function expression, an arrow function or a method; its length
// runs from its first line to its last, the functions inside it included.
//   node scripts/size-rules.mjs             check apps/server and apps/simulator
//   node scripts/size-rules.mjs <dir> ...   check these folders (paths are matched relative to each)
// Prints one line per breach; exits 1 on a breach not listed in PENDING (below), or on an entry there that no
// longer breaches.
import { parseSource, runRule, sourcesIn } from './lib/source-rules.mjs';

export const FILE_LIMIT = 350;
export const FUNCTION_LIMIT = 80;

const DEFAULT_DIRS = ['apps/server', 'apps/simulator'];

/**
 * Breaches still to be split: a file (its path) or a function (`path#name`). An entry here is reported as
 * pending, not failed; one that no longer breaches fails, so the list only shrinks.
 */
const PENDING = [];

const isTest = (path) => /\.test\.(ts|tsx|mts|mjs|js)$/.test(path);
const segments = (path) => path.split('/');
const fileRuleSkips = (path) => /(^|\/)db\/schema-[^/]*\.ts$/.test(path) || segments(path).includes('migrations');
const functionRuleSkips = (path) => isTest(path) || segments(path).some((s) => s === 'routes' || s === 'db');

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
  return sourcesIn(dirs).flatMap((source) => {
    const { path, shown, text } = source;
    const breaches = [];
    const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
    if (lines > FILE_LIMIT && !fileRuleSkips(path)) {
      breaches.push({ key: shown, text: `${shown}: ${lines} lines (limit ${FILE_LIMIT})` });
    }
    if (functionRuleSkips(path)) return breaches;
    const { program, lineOf } = parseSource(source);
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
    return breaches;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runRule({
    check,
    defaultDirs: DEFAULT_DIRS,
    pendingList: PENDING,
    label: 'too long',
    script: 'scripts/size-rules.mjs',
    summary: (count) => `size rules: no new breach (${count} pending)`,
  });
}
