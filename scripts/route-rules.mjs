// The route rule of the server's layers (docs/server-layers.md): no route writes a table. A handler under
// apps/server/src/routes/ reads, checks and answers; a change of a table is a named service in services/.
// A file breaches the rule when it
//   - calls Drizzle's `.insert(`, `.update(` or `.delete(`: the call's argument is a table imported from a
//     db/schema module, or the call goes on into a builder step (`.values`, `.set`, `.where`, `.returning`,
//     `.onConflictDoNothing`, `.onConflictDoUpdate`), so `map.delete(key)` is no breach;
//   - runs raw SQL that starts with INSERT, UPDATE or DELETE: a `sql` template, or a string or template given
//     to `sql.raw`, `.execute` or `.query`, starting so in any case, or any other string starting with
//     `INSERT INTO`, `UPDATE … SET` or `DELETE FROM` in capitals.
// Test files (`*.test.ts`) and the test support beside them (`test-*.ts`) are left out.
//   node scripts/route-rules.mjs             check apps/server/src/routes
//   node scripts/route-rules.mjs <dir> ...   check these folders (paths are matched relative to each)
// Prints one line per write; exits 1 on a file not listed in PENDING (below), or on an entry there that no
// longer writes.
import { parseSource, runRule, sourcesIn } from './lib/source-rules.mjs';

const DEFAULT_DIRS = ['apps/server/src/routes'];

/**
 * Route files that still write tables, each to move its writes into services/. An entry here is reported as
 * pending, not failed; one that no longer writes fails, so the list only shrinks.
 */
const PENDING = [];

const isTestFile = (name) => /\.test\.(ts|tsx|mts|mjs|js)$/.test(name) || /^test-/.test(name);
const WRITES = new Set(['insert', 'update', 'delete']);
const BUILDER_STEPS = new Set(['values', 'set', 'where', 'returning', 'onConflictDoNothing', 'onConflictDoUpdate']);
const SCHEMA_MODULE = /(^|\/)db\/schema[^/]*$/;
const SQL_WRITE = /^\s*(INSERT|UPDATE|DELETE)\b/i;
const SQL_SHAPED_WRITE = /^\s*(INSERT\s+INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM)\b/;

const propertyName = (member) =>
  member?.type === 'MemberExpression' && member.property?.type === 'Identifier' ? member.property.value : null;

/** How a table argument is printed: `zones`, `schema.zones`, else `…`. */
function nameOf(node) {
  if (node?.type === 'Identifier') return node.value;
  if (node?.type === 'MemberExpression' && node.object?.type === 'Identifier' && propertyName(node)) {
    return `${node.object.value}.${propertyName(node)}`;
  }
  return '…';
}

/** The text of a string or template literal (each hole of a template read as `$`), else null. */
function literalText(node) {
  if (node?.type === 'StringLiteral') return node.value;
  if (node?.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.cooked ?? quasi.raw).join('$');
  return null;
}

/** The names a module gives the tables it imports from a db/schema module (named imports and namespaces). */
function schemaImports(program) {
  const tables = new Set();
  const namespaces = new Set();
  for (const item of program.body) {
    if (
      item.type !== 'ImportDeclaration' ||
      item.typeOnly ||
      !SCHEMA_MODULE.test(item.source.value.replace(/\.[mc]?[jt]s$/, ''))
    ) {
      continue;
    }
    for (const specifier of item.specifiers) {
      if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.value);
      else if (!specifier.isTypeOnly) tables.add(specifier.local.value);
    }
  }
  return { tables, namespaces };
}

/** The writes of a parsed module: `{ span, what }`, `what` as printed (`.insert(zones)`, `SQL DELETE`). */
function writesOf(program) {
  const { tables, namespaces } = schemaImports(program);
  const isTable = (node) =>
    (node?.type === 'Identifier' && tables.has(node.value)) ||
    (node?.type === 'MemberExpression' && node.object?.type === 'Identifier' && namespaces.has(node.object.value));
  const found = [];
  // Literals already judged as the SQL a call runs, so the look at every string passes them by.
  const judged = new WeakSet();
  const sqlWrite = (literal, span, pattern = SQL_WRITE) => {
    const text = literalText(literal);
    if (text === null) return;
    judged.add(literal);
    if (pattern.test(text)) found.push({ span, what: `SQL ${text.trim().split(/\s+/)[0].toUpperCase()}` });
  };
  const visit = (node, parent) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, parent);
      return;
    }
    if (!node || typeof node !== 'object') return;
    if (node.type === 'CallExpression') {
      const method = propertyName(node.callee);
      const argument = node.arguments[0]?.expression;
      if (WRITES.has(method) && (isTable(argument) || BUILDER_STEPS.has(propertyName(parent)))) {
        found.push({ span: node.span, what: `.${method}(${nameOf(argument)})` });
      } else if (method === 'raw' || method === 'execute' || method === 'query') {
        sqlWrite(argument, node.span);
      }
    } else if (
      node.type === 'TaggedTemplateExpression' &&
      node.tag?.type === 'Identifier' &&
      node.tag.value === 'sql'
    ) {
      sqlWrite(node.template, node.span);
    } else if (!judged.has(node)) {
      sqlWrite(node, node.span, SQL_SHAPED_WRITE);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'span' && value && typeof value === 'object') visit(value, node);
    }
  };
  visit(program.body, null);
  return found;
}

/**
 * The table writes in the folders given: `key` names the file (`path`), `text` is the line printed
 * (`path:12: writes a table: .insert(zones)`); a path is relative to the repository's root when the folder is
 * inside it, else to the folder.
 */
export function check(dirs) {
  return sourcesIn(dirs, isTestFile).flatMap((source) => {
    const { program, lineOf } = parseSource(source);
    return writesOf(program).map((write) => ({
      key: source.shown,
      text: `${source.shown}:${lineOf(write.span.start)}: writes a table: ${write.what}`,
    }));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runRule({
    check,
    defaultDirs: DEFAULT_DIRS,
    pendingList: PENDING,
    label: 'writes',
    script: 'scripts/route-rules.mjs',
    summary: (count) => `route rules: no route writes a table but the pending (${count} files)`,
  });
}
