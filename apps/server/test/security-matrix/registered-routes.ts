import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Every route `app` registers, as `METHOD path`, read from Fastify's own route tree (`printRoutes`): a
 * HEAD that Fastify adds beside a GET is left out, as the GET's row covers it.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const found = new Set<string>();
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^([│ ]*)[├└]── (.*) \(([A-Z, ]+)\)$/u);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const joined = (prefixes[depth - 1] ?? '') + match[2]!;
    // fastify-static's catch-all hangs under the root without its slash.
    const path = joined.startsWith('/') ? joined : `/${joined}`;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    const methods = match[3]!.split(',').map((method) => method.trim());
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      found.add(`${method} ${path}`);
    }
  }
  return [...found].sort();
}

/** A built web app of one page, so that the app also registers the routes that serve the web app. */
export function tinyWebDist(): string {
  const folder = mkdtempSync(join(tmpdir(), 'lw-matrix-web-'));
  writeFileSync(join(folder, 'index.html'), '<!doctype html><title>Lightwell</title>');
  return folder;
}
