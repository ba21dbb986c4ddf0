import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The tag in the built index.html that carries the answer's style nonce to the web app (apps/web/index.html). */
const NONCE_META = /<meta name="csp-nonce" content="[^"]*"/;

/**
 * index.html of the built web app with one answer's style nonce in its `csp-nonce` meta tag. The file
 * is read once and again only when a new build replaces it; a page without the tag is sent unchanged.
 */
export function createIndexPage(webDist: string): (nonce: string) => string {
  const file = join(webDist, 'index.html');
  let read: { mtimeMs: number; html: string } | undefined;
  return (nonce) => {
    const { mtimeMs } = statSync(file);
    if (read?.mtimeMs !== mtimeMs) read = { mtimeMs, html: readFileSync(file, 'utf8') };
    return read.html.replace(NONCE_META, `<meta name="csp-nonce" content="${nonce}"`);
  };
}
