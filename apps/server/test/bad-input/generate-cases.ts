import { ENVELOPE_KEYS, Limits } from '@lightwell/domain';

// Bad input derived from a call's request-body JSON schema (the app's OpenAPI document), deterministic
// for a seed: every property gets wrong types, out-of-range numbers, hostile strings, huge and deeply
// nested values; every call gets missing and unknown fields and bodies that are not JSON objects at all.

/** The part of JSON Schema (as @fastify/swagger writes it) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
}

/** One bad request: a body to sign and send, or raw text with its own content type. */
export interface BadCase {
  label: string;
  /** The JSON body; signed with the owner's session when `signed`. */
  body?: Record<string, unknown> | unknown;
  /** Text sent as is (not JSON, or not an object), never signed. */
  raw?: string;
  contentType?: string;
  signed: boolean;
}

/** The JSON types a schema accepts; `any` when it says nothing. */
function typesOf(schema: JsonSchema): Set<string> {
  const found = new Set<string>([schema.type ?? []].flat());
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    for (const type of typesOf(branch)) found.add(type);
  }
  for (const value of [...(schema.enum ?? []), ...('const' in schema ? [schema.const] : [])]) {
    found.add(value === null ? 'null' : Number.isInteger(value) ? 'integer' : typeof value);
  }
  if (schema.nullable) found.add('null');
  if (found.size === 0) found.add('any');
  if (found.has('integer')) found.add('number');
  return found;
}

/** The first branch of a union that is an object or array, for walking into. */
function structured(schema: JsonSchema): JsonSchema {
  if (schema.properties || schema.items) return schema;
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return branches.find((branch) => branch.properties || branch.items) ?? schema;
}

/** Ids the test world does not hold, so that a request that gets through finds nothing. */
const FOREIGN_ID = 2_147_480_000;

/**
 * A plausible value for `schema`: the first enum member, the lowest number allowed, a string of the least
 * length, every property of an object; `known` gives the values of named properties (`token`, `pid`).
 */
function exampleOf(schema: JsonSchema, known: Record<string, unknown> = {}, name = '', depth = 0): unknown {
  if (name in known) return known[name];
  if (schema.enum?.length) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches?.length) {
    const branch = branches.find((b) => !typesOf(b).has('null')) ?? branches[0]!;
    return exampleOf(branch, known, name, depth);
  }
  const types = typesOf(schema);
  if (schema.properties && depth < 6) {
    return Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, exampleOf(value, known, key, depth + 1)]),
    );
  }
  if (schema.items && depth < 6) {
    const count = Math.max(1, Math.min(schema.minItems ?? 1, schema.maxItems ?? 1));
    return Array.from({ length: count }, () => exampleOf(schema.items!, known, name, depth + 1));
  }
  if (types.has('number')) {
    if (/id$/i.test(name)) return FOREIGN_ID;
    const low = schema.minimum ?? 0;
    return schema.exclusiveMinimum === true ? low + 1 : low;
  }
  if (types.has('boolean')) return false;
  if (types.has('string')) {
    if (/e-?mail/i.test(name) || schema.format === 'email') return 'nobody@example.com';
    return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
  }
  return null;
}

const WRONG_TYPES: [string, unknown][] = [
  ['string', 'text'],
  ['number', 12.5],
  ['integer', 7],
  ['boolean', true],
  ['null', null],
  ['object', {}],
  ['array', []],
];

const NUMBERS: [string, unknown][] = [
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['2**53+1', 2 ** 53 + 1],
  ['-(2**53+1)', -(2 ** 53 + 1)],
  ['-1', -1],
  ['0', 0],
  ['2**31', 2 ** 31],
  ['1e-7', 1e-7],
];

const STRINGS: [string, string][] = [
  ['NUL', '\u0000'],
  ['inner NUL', 'a\u0000b'],
  ['C0 and DEL', '\u0001\u0008\u001b\u007f'],
  ['line break and tab', 'line\nbreak\ttab'],
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate', 'x\udfffy'],
  ['bidi override', '\u202eevil'],
  ['byte-order mark', '\ufeff'],
  ['SQL quote', "'; DROP TABLE users; --"],
  ['LIKE wildcards', '%_\\'],
];

/** Characters of a string that fits the body limit with room for the envelope; and one that does not. */
const HUGE_STRING = 1_040_000;
const OVER_LIMIT = Limits.bodyBytes + 50_000;
const HUGE_ARRAY = 100_000;
const DEPTH = 1000;
/** Nesting levels whose text still fits the body limit. */
const DEEPEST = 500_000;

function nested(levels: number, asArray: boolean): unknown {
  let value: unknown = asArray ? [] : {};
  for (let level = 0; level < levels; level += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** A property of the body (or inside it) that mutations target. */
interface Target {
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
}

/** Every property of the body down to `maxDepth`, array items as their first entry. */
function targetsOf(schema: JsonSchema, example: unknown, path: (string | number)[] = [], maxDepth = 3): Target[] {
  const inner = structured(schema);
  if (path.length >= maxDepth) return [];
  const found: Target[] = [];
  if (inner.properties && example && typeof example === 'object' && !Array.isArray(example)) {
    for (const [key, property] of Object.entries(inner.properties)) {
      const required = (inner.required ?? []).includes(key);
      found.push({ path: [...path, key], schema: property, required });
      found.push(...targetsOf(property, (example as Record<string, unknown>)[key], [...path, key], maxDepth));
    }
  }
  if (inner.items && Array.isArray(example) && example.length > 0) {
    found.push({ path: [...path, 0], schema: inner.items, required: true });
    found.push(...targetsOf(inner.items, example[0], [...path, 0], maxDepth));
  }
  return found;
}

/** `base` with the value at `path` replaced (or removed when `value` is `REMOVE`). */
const REMOVE = Symbol('remove');
function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === REMOVE) delete node[last];
  else node[last] = value;
  return copy;
}

/** The values that break one property: wrong types, numbers out of range, hostile or huge strings. */
function valuesFor(target: Target, heavy: boolean): [string, unknown][] {
  const types = typesOf(target.schema);
  const values: [string, unknown][] = [];
  if (!types.has('any')) {
    for (const [type, value] of WRONG_TYPES) if (!types.has(type)) values.push([`wrong type ${type}`, value]);
  }
  if (types.has('number')) {
    values.push(...NUMBERS);
    if (types.has('integer')) values.push(['0.5 for an integer', 0.5]);
    if (target.schema.maximum !== undefined) values.push(['maximum+1', target.schema.maximum + 1]);
  }
  if (types.has('string')) {
    values.push(...STRINGS);
    if (target.schema.maxLength !== undefined) values.push(['maxLength+1', 'b'.repeat(target.schema.maxLength + 1)]);
  }
  if (heavy) {
    values.push(['1 MB string', 'z'.repeat(HUGE_STRING)]);
    const item = target.schema.items ? exampleOf(target.schema.items) : 0;
    const small = JSON.stringify(item ?? 0).length <= 8 ? item : 0;
    values.push([`${HUGE_ARRAY} items`, Array.from({ length: HUGE_ARRAY }, () => small)]);
    values.push([`${DEPTH} nested objects`, nested(DEPTH, false)]);
    values.push([`${DEPTH} nested arrays`, nested(DEPTH, true)]);
  }
  return values;
}

/** Bodies that are not a JSON object, or not JSON, or not sent as JSON. */
function rawCases(example: unknown): BadCase[] {
  const json = JSON.stringify(example);
  const raw = (label: string, text: string, contentType = 'application/json'): BadCase => ({
    label,
    raw: text,
    contentType,
    signed: false,
  });
  return [
    raw('empty body', ''),
    raw('null body', 'null'),
    raw('array body', '[]'),
    raw('string body', '"text"'),
    raw('number body', '42'),
    raw('boolean body', 'true'),
    raw('truncated JSON', '{"a":'),
    raw('not JSON', '{bad json}'),
    raw('NUL byte body', '\u0000'),
    raw('__proto__ key', '{"__proto__":{"polluted":true}}'),
    raw('constructor.prototype key', '{"constructor":{"prototype":{"polluted":true}}}'),
    raw('JSON as text/plain', json, 'text/plain'),
    raw('form-encoded', 'a=1&b=2', 'application/x-www-form-urlencoded'),
    raw('multipart without boundary', json, 'multipart/form-data'),
    raw('JSON with a charset nobody speaks', json, 'application/json; charset=klingon'),
    raw('over the body limit', `{"x":"${'o'.repeat(OVER_LIMIT)}"}`),
  ];
}

/** Bodies nested as deep as the body limit allows: a second or so of parsing each, so only on some calls. */
function deepestCases(): BadCase[] {
  return [
    { label: 'arrays nested to the limit', raw: `${'['.repeat(DEEPEST)}${']'.repeat(DEEPEST)}`, signed: false },
    {
      label: 'objects nested to the limit',
      raw: `${'{"a":'.repeat(DEEPEST / 5)}1${'}'.repeat(DEEPEST / 5)}`,
      signed: false,
    },
  ];
}

/**
 * The bad cases of one call from its body schema. `rotation` picks which envelope fields get the full
 * treatment on this call (all of them appear across the calls), keeping the run short.
 */
export function casesFor(schema: JsonSchema, known: Record<string, unknown>, rotation: number): BadCase[] {
  const example = exampleOf(schema, known) as Record<string, unknown>;
  const envelope = new Set<string>(ENVELOPE_KEYS);
  const envelopeKeys = [...envelope].filter((key) => key !== 'sign');
  const chosen = new Set([0, 1].map((step) => envelopeKeys[(rotation * 2 + step) % envelopeKeys.length]));
  const cases: BadCase[] = [];
  for (const target of targetsOf(schema, example)) {
    const top = String(target.path[0]);
    if (envelope.has(top) && !chosen.has(top)) continue;
    const where = target.path.join('.');
    if (target.required)
      cases.push({ label: `${where} missing`, body: withValue(example, target.path, REMOVE), signed: true });
    for (const [label, value] of valuesFor(target, !envelope.has(top))) {
      cases.push({ label: `${where}: ${label}`, body: withValue(example, target.path, value), signed: true });
    }
    const current = target.path.reduce<unknown>(
      (node, key) => (node as Record<string | number, unknown>)?.[key],
      example,
    );
    if (current !== null && typeof current === 'object' && !Array.isArray(current)) {
      const extra = withValue(example, [...target.path, 'unexpectedField'], 1);
      cases.push({ label: `${where}: unknown field inside`, body: extra, signed: true });
    }
  }
  cases.push(
    { label: 'unknown top-level field', body: { ...example, unexpectedField: 'x' }, signed: true },
    { label: 'many unknown fields', body: { ...example, ...unknownFields(500) }, signed: true },
    { label: 'every field missing', body: pick(example, (key) => envelope.has(key)), signed: true },
    { label: 'without a session', body: pick(example, (key) => !envelope.has(key)), signed: false },
    { label: 'forged token', body: { ...example, token: 'f'.repeat(64), uid: 1, sign: '0'.repeat(64) }, signed: false },
  );
  return [...cases, ...rawCases(example), ...(rotation % 20 === 0 ? deepestCases() : [])];
}

function pick(body: Record<string, unknown>, keep: (key: string) => boolean): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => keep(key)));
}

function unknownFields(count: number): Record<string, number> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [`unexpected${index}`, index]));
}

/** A seeded sample of `count` cases (all of them when there are fewer), in their original order. */
export function sample<T>(items: T[], count: number, random: () => number): T[] {
  if (items.length <= count) return items;
  const picked = new Set<number>();
  while (picked.size < count) picked.add(Math.floor(random() * items.length));
  return [...picked].sort((a, b) => a - b).map((index) => items[index]!);
}
