import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { DEFERRED_NAMESPACES } from './i18n/namespaces';

/*
 * The page rule of docs/decisions.md (Import rules), which Biome's import patterns cannot express: they see
 * the text of a relative import, not which page folder it lands in. A page folder is a folder under pages/
 * that holds an index.tsx; every other file under pages/ is a module of its area (pages/<area>/), shared by
 * that area's pages (pages/project/name-rules.ts, pages/config/components/).
 *
 * - A file under pages/ imports from its own page folder, from modules of its own area, from the shared
 *   folders below, from route-table.ts and from packages; never another page's internals, never another
 *   area's modules (what two areas share belongs in features/ or components/), never routes.tsx.
 * - Outside pages/, only routes.tsx (which wires each path to its lazy page) and tests import from pages/.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const PAGES = join(SRC, 'pages');
const SHARED = ['access', 'api', 'app', 'components', 'features', 'hooks', 'i18n', 'layouts', 'stores', 'styles'];
const SHARED_FILES = ['route-table.ts'];
const TEST_ONLY = ['test'];

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const rel = (file: string) => relative(SRC, file).split(sep).join('/');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module a file names: static imports, re-exports and dynamic imports with a literal path. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const { module, errors } = parseSync(file, text);
  if (errors.length > 0) throw new Error(`${rel(file)} does not parse: ${errors[0]?.message}`);
  const specifiers = module.staticImports.map((entry) => entry.moduleRequest.value);
  for (const entry of module.staticExports.flatMap((e) => e.entries)) {
    if (entry.moduleRequest) specifiers.push(entry.moduleRequest.value);
  }
  for (const entry of module.dynamicImports) {
    const literal = /^(['"`])([^'"`$]*)\1$/.exec(text.slice(entry.moduleRequest.start, entry.moduleRequest.end));
    if (literal?.[2]) specifiers.push(literal[2]);
  }
  return specifiers;
}

/** The file a relative specifier lands on, as Vite resolves it (extension and index file optional). */
function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? base;
}

/** The page folder a file under pages/ belongs to (the deepest folder with an index.tsx), or null. */
function pageFolderOf(file: string): string | null {
  for (let dir = dirname(file); dir.startsWith(PAGES) && dir !== PAGES; dir = dirname(dir)) {
    if (!dir.endsWith(`${sep}components`) && existsSync(join(dir, 'index.tsx'))) return dir;
  }
  return null;
}

const areaOf = (file: string) => relative(PAGES, file).split(sep)[0];
const inside = (file: string, dir: string) => file.startsWith(dir + sep);

/** Why `file` may not import `target` (both under src/), or null when it may. */
function pageRuleBroken(file: string, target: string): string | null {
  const targetPath = rel(target);
  if (inside(file, PAGES)) {
    if (inside(target, PAGES)) {
      const page = pageFolderOf(file);
      const targetPage = pageFolderOf(target);
      if (targetPage) {
        return targetPage === page ? null : `reaches into the page ${rel(targetPage)}`;
      }
      return areaOf(target) === areaOf(file)
        ? null
        : `uses a module of the ${areaOf(target)} area; what two areas share belongs in features/ or components/`;
    }
    const top = targetPath.split('/')[0] ?? '';
    if (SHARED.includes(top) || SHARED_FILES.includes(targetPath)) return null;
    if (TEST_ONLY.includes(top) && isTest(file)) return null;
    if (targetPath === 'routes.tsx')
      return 'imports routes.tsx, which imports the pages: take paths from route-table.ts';
    return `imports ${targetPath}, which is not a shared folder (${SHARED.join(', ')})`;
  }
  if (inside(target, PAGES) && rel(file) !== 'routes.tsx' && !isTest(file)) {
    return 'imports a page: only routes.tsx wires pages, shared code never depends on one';
  }
  return null;
}

describe('import rules of the web app', () => {
  it('keeps every page to its own folder, its area and the shared folders', () => {
    const broken: string[] = [];
    for (const file of sourceFiles(SRC)) {
      for (const specifier of importsOf(file)) {
        if (!specifier.startsWith('.')) continue;
        const target = resolveRelative(file, specifier);
        if (!inside(target, SRC)) {
          broken.push(`${rel(file)}: '${specifier}' leaves apps/web/src`);
          continue;
        }
        const reason = pageRuleBroken(file, target);
        if (reason) broken.push(`${rel(file)}: '${specifier}' ${reason}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('sees what the rule forbids', () => {
    const at = (path: string) => join(SRC, ...path.split('/'));
    expect(pageRuleBroken(at('pages/remote/area/zone-control.tsx'), at('pages/remote/index/index.tsx'))).toMatch(
      'reaches into the page pages/remote/index',
    );
    expect(pageRuleBroken(at('pages/login/use-login.ts'), at('pages/project/name-rules.ts'))).toMatch(
      'module of the project area',
    );
    expect(pageRuleBroken(at('pages/login/use-login.ts'), at('routes.tsx'))).toMatch('route-table.ts');
    expect(pageRuleBroken(at('features/live/merge.ts'), at('pages/login/index.tsx'))).toMatch('imports a page');
    expect(pageRuleBroken(at('pages/project/index/index.tsx'), at('pages/project/name-rules.ts'))).toBeNull();
    expect(pageRuleBroken(at('pages/project/index/index.tsx'), at('features/live/merge.ts'))).toBeNull();
    expect(pageRuleBroken(at('pages/login/index.tsx'), at('pages/login/components/login-form.tsx'))).toBeNull();
    expect(importsOf(at('routes.tsx')).some((specifier) => specifier.startsWith('./pages/'))).toBe(true);
  });
});

/*
 * The rules Biome keeps for web pages (biome.json, `npm run lint`): proven on planted files, linted with the
 * repository's own biome.json in a scratch folder of the same layout, so the tree itself is never touched.
 */

const ROOT = join(SRC, '..', '..', '..');

/** Biome's `file:line` and message for each error in `files` (path → text), laid out as in the repository. */
function lintPlanted(files: Record<string, string>): string[] {
  const scratch = mkdtempSync(join(tmpdir(), 'lint-planted-'));
  try {
    copyFileSync(join(ROOT, 'biome.json'), join(scratch, 'biome.json'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), text);
    }
    const biome = join(ROOT, 'scripts', 'biome.mjs');
    const run = spawnSync(process.execPath, [biome, 'lint', '--vcs-enabled=false', '--reporter=github', '.'], {
      cwd: scratch,
      encoding: 'utf8',
    });
    return [...run.stdout.matchAll(/^::error title=([^,]+),file=([^,]+),line=(\d+)[^:]*::(.*)$/gm)]
      .map(([, rule, file, line, message]) => `${relative(scratch, file ?? '')}:${line} ${rule} ${message}`)
      .sort();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('Biome import rules of the web app', () => {
  it('stops a page importing the HTTP client, and leaves the api modules and shared code to it', () => {
    const importsClient = "import { call } from '../../../api/client';\n\nexport const planted = call;\n";
    const errors = lintPlanted({
      'apps/web/src/pages/screen/index/use-planted.ts': importsClient,
      'apps/web/src/pages/screen/index/use-planted-ts.ts': importsClient.replace("client'", "client.ts'"),
      'apps/web/src/pages/screen/index/use-resource.ts':
        "import { screenKeys } from '../../../api/screen';\n\nexport const planted = screenKeys;\n",
      'apps/web/src/features/live/planted.ts': importsClient.replace('../../../', '../../'),
      'apps/web/src/api/planted.ts': "import { call } from './client';\n\nexport const planted = call;\n",
    });
    const message = 'Pages never import the HTTP client';
    expect(errors).toEqual([
      expect.stringMatching(
        `^apps/web/src/pages/screen/index/use-planted-ts.ts:1 lint/style/noRestrictedImports ${message}`,
      ),
      expect.stringMatching(
        `^apps/web/src/pages/screen/index/use-planted.ts:1 lint/style/noRestrictedImports ${message}`,
      ),
    ]);
  });
});

/*
 * The deferred namespaces (i18n/namespaces.ts) are not in a language's pack: a page whose modules name
 * their keys fetches them with its code, declared in routes.tsx (`named(load, name, texts)`). Declared
 * where none is used, the page fetches texts for nothing; missing, it shows raw keys. Eagerly loaded,
 * they would come to every page (the plan's JavaScript budget, e2e/shell/payload.spec.ts).
 */

/** The modules under src/ that `file` reaches through relative imports, itself included. */
function moduleClosure(file: string): string[] {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next) || !inside(next, SRC) || !/\.tsx?$/.test(next) || !existsSync(next)) continue;
    seen.add(next);
    for (const specifier of importsOf(next)) {
      if (specifier.startsWith('.')) stack.push(resolveRelative(next, specifier));
    }
  }
  return [...seen];
}

/** The deferred namespaces whose keys a module names (`'reportCycles.title'`, `` `equipment.${kind}` ``). */
function deferredNamespacesIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return DEFERRED_NAMESPACES.filter((namespace) => new RegExp(`['"\`]${namespace}\\.`).test(text));
}

/** Each page route of routes.tsx: its path, the page module it imports and the namespaces it declares. */
function pageRoutes(): { path: string; page: string; texts: string[] }[] {
  const routesFile = join(SRC, 'routes.tsx');
  const text = readFileSync(routesFile, 'utf8');
  const entries = [
    ...text.matchAll(/'(\/[^']*)':\s*named\(\s*\(\) => import\('([^']+)'\),\s*'\w+'(?:,\s*\[([^\]]*)\])?/g),
  ];
  return entries.map(([, path, specifier, texts]) => ({
    path: path ?? '',
    page: resolveRelative(routesFile, specifier ?? ''),
    texts: [...(texts ?? '').matchAll(/'(\w+)'/g)].map((match) => match[1] ?? '').sort(),
  }));
}

describe('deferred namespaces', () => {
  it('are fetched by every page whose modules use them, and by no other', () => {
    const routes = pageRoutes();
    // Every page of routes.tsx is read, none skipped for being written another way.
    const wired = readFileSync(join(SRC, 'routes.tsx'), 'utf8').match(/'\/[^']*':\s*named\(/g) ?? [];
    expect(routes.length).toBe(wired.length);
    expect(routes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of routes) {
      const used = [...new Set(moduleClosure(route.page).flatMap(deferredNamespacesIn))].sort();
      if (used.join() !== route.texts.join()) {
        wrong.push(`${route.path}: uses [${used.join(', ')}], routes.tsx fetches [${route.texts.join(', ')}]`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('sees the keys of a deferred namespace', () => {
    const at = (path: string) => join(SRC, ...path.split('/'));
    expect(deferredNamespacesIn(at('pages/setting/report/index.tsx'))).toEqual(['reportCycles']);
    expect(deferredNamespacesIn(at('features/equipment/labels.ts'))).toEqual(['emergencyPages', 'equipment']);
    expect(deferredNamespacesIn(at('pages/remote/index/index.tsx'))).toEqual([]);
    const statistic = moduleClosure(at('pages/project/report/network-equip/statistic/index.tsx'));
    expect(statistic).toContain(at('features/equipment/labels.ts'));
  });
});
