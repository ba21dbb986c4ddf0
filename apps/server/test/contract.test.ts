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

it('the README documents exactly the environment variables config.ts reads', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const documented = [...readme.matchAll(/^\|\s*`([A-Z_]+)`\s*\|/gm)].map((m) => m[1]).sort();
  expect(documented).toEqual(Object.keys(EnvSchema.shape).sort());
});
