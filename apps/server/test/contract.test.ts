import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EnvSchema } from '../src/config.ts';
import { OPENAPI_FILE, openApiText } from '../src/openapi.ts';
import { buildTestApp, describeApi, type TestApp } from './helpers.ts';

describeApi('committed contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('docs/openapi.json matches the schemas (run `npm run openapi` after changing a call)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(openApiText(t.app));
  });
});

it('docs/configuration.md documents exactly the environment variables config.ts reads', () => {
  const table = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
  const documented = [...table.matchAll(/^\|\s*`([A-Z_]+)`\s*\|/gm)].map((m) => m[1]).sort();
  expect(documented).toEqual(Object.keys(EnvSchema.shape).sort());
});

/**
 * The time-field rule (docs/decisions.md): a numeric property whose name says it holds a time
 * (`time`, `Time`, `At`/`at`, `Seen`, `expires`, `date`, `Run`, `Ms`, `Seconds`; `timeFormat` is a format
 * code, not a time) carries a description naming its unit (seconds, minutes or milliseconds) and its
 * zone (UTC, the network's time zone) or saying it is a duration.
 */
const TIME_NAME = /time|Time|At$|^at$|Seen|[Ee]xpires|[Dd]ate|Run|Ms$|Seconds$/;
const NOT_A_TIME = new Set(['timeFormat']);
const UNIT = /\b(seconds|minutes|milliseconds)\b/;
const ZONE = /\bUTC\b|time zone|duration/;

type JsonSchema = { type?: string | string[]; description?: string; anyOf?: JsonSchema[]; items?: JsonSchema };

function isNumeric(schema: JsonSchema): boolean {
  const types = [schema.type ?? []].flat();
  if (types.includes('number') || types.includes('integer')) return true;
  if (types.includes('array') && schema.items) return isNumeric(schema.items);
  return (schema.anyOf ?? []).some(isNumeric);
}

/** Time-like numeric properties without a unit-and-zone description, as `path property`. */
export function undescribedTimeFields(node: unknown, where = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((item) => undescribedTimeFields(item, where));
  if (node === null || typeof node !== 'object') return [];
  const found: string[] = [];
  const properties = (node as { properties?: Record<string, JsonSchema> }).properties ?? {};
  for (const [name, schema] of Object.entries(properties)) {
    if (!TIME_NAME.test(name) || NOT_A_TIME.has(name) || !isNumeric(schema)) continue;
    const text = schema.description ?? '';
    if (!UNIT.test(text) || !ZONE.test(text)) found.push(`${where} ${name}`);
  }
  for (const [key, value] of Object.entries(node)) {
    found.push(...undescribedTimeFields(value, where === '' && key.startsWith('/') ? key : where));
  }
  return found;
}

it('every time field of the API states its unit and zone (docs/openapi.json)', () => {
  const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as { paths: Record<string, unknown> };
  expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
  expect([...new Set(undescribedTimeFields(doc.paths))]).toEqual([]);
  // The walk finds what it should: a bare time field fails it.
  const bare = { '/x': { properties: { expiresAt: { type: 'integer' }, timeFormat: { type: 'integer' } } } };
  expect(undescribedTimeFields(bare)).toEqual(['/x expiresAt']);
});
