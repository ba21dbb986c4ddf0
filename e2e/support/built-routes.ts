import { appRoutes } from '../../apps/web/src/route-table.ts';

/** Paths of every page the web app has built (route-table.ts entries marked `built`), sorted. */
function builtPaths(): string[] {
  return appRoutes
    .filter((route) => route.built)
    .map((route) => route.path)
    .sort();
}

/**
 * The built paths a walk over `visited` (paths, with or without a query) leaves out: a spec that must
 * visit every page fails on a page added to the route table but not to its list.
 */
export function builtPathsMissing(visited: readonly string[]): string[] {
  const seen = new Set(visited.map((path) => path.split('?', 1)[0]));
  return builtPaths().filter((path) => !seen.has(path));
}
