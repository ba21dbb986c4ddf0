import { type CallName, calls, seededRandom, signParams } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema.ts';
import { openApiText } from '../../src/openapi.ts';
import {
  buildNetwork,
  buildTestApp,
  describeApi,
  loginAs,
  memberWithProject,
  type Session,
  SIGNING_SECRET,
  TEST_DB,
  type TestApp,
} from '../helpers.ts';
import { type BadCase, casesFor, type JsonSchema, sample } from './generate-cases.ts';
import { changedTables, tableChecksums } from './table-checksums.ts';

// Schema-derived bad input for every POST /api/v1 call the app registers (read from its OpenAPI document,
// so a new call is covered without touching this file): never a 5xx, never a stack trace, and a case the
// call's schema refuses is refused with a non-zero code and changes no table. Cases the schema happens to
// accept (a NUL in a password, a huge envelope field) still reach the handler, on ids nobody holds, and must
// not crash it. The generator makes some 22,000 cases; PostgreSQL runs a seeded half of each call's (over 11,000, a
// minute or two), PGlite, about twice as slow per request, a twentieth (about 1,100); the seed
// is fixed, so a failing case comes back on every run. No rate
// limit stands in the way: the API throttles only sign-in and mail, which schema-refused input never reaches.

const SEED = 20_261_202;
/** The share of each call's cases run per database: over 10,000 cases in all on PostgreSQL. */
const SHARE = { pglite: 0.05, pg: 0.5 } as const;
const PARALLEL = 8;
const SESSION = 'session';
const NOBODYS_ID = 2_147_480_001;
/** Stack frames, source paths and Node internals: none may reach a client. */
const TRACE = /\n\s+at |\bat .+:\d+:\d+|node:internal|\/src\/|\.ts:\d|\.m?js:\d/;

interface CallUnderTest {
  name: CallName;
  path: string;
  schema: JsonSchema;
}

type OpenApi = { paths: Record<string, { post?: { operationId: string; requestBody?: unknown } }> };

/** Every POST /api/v1 call with a JSON body schema, as the running app documents it. */
function postCalls(app: FastifyInstance): CallUnderTest[] {
  const doc = JSON.parse(openApiText(app)) as OpenApi;
  return Object.entries(doc.paths).flatMap(([path, item]) => {
    const body = item.post?.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined;
    const schema = body?.content?.['application/json']?.schema;
    if (!path.startsWith('/api/v1/') || !schema) return [];
    return [{ name: item.post!.operationId as CallName, path, schema }];
  });
}

/**
 * The case's body with the session's token and uid where it holds their stand-ins; `elsewhere` moves it
 * to a project and network nobody holds (a case the schema accepts is carried out: it must not delete the
 * seeded network, nor open a live stream that never ends).
 */
function withSession(badCase: BadCase, session: Session, elsewhere = false): unknown {
  if (!badCase.signed && !elsewhere) return badCase.body;
  const body = { ...(badCase.body as Record<string, unknown>) };
  for (const key of ['token', 'uid'] as const) if (badCase.signed && body[key] === SESSION) body[key] = session[key];
  for (const key of ['pid', 'nid']) if (elsewhere && body[key] === known[key]) body[key] = NOBODYS_ID;
  return body;
}

/** The body text, signed with the session when the case asks. */
function payloadOf(badCase: BadCase, session: Session, elsewhere: boolean): string {
  if (badCase.raw !== undefined) return badCase.raw;
  const body = withSession(badCase, session, elsewhere) as Record<string, unknown>;
  return JSON.stringify(badCase.signed ? { ...body, sign: signParams(body, SIGNING_SECRET) } : body);
}

/** Whether the server must refuse the case: its schema refuses it, or it lacks the session the call needs. */
function mustRefuse(call: CallUnderTest, badCase: BadCase, session: Session): boolean {
  if (badCase.raw !== undefined) return true;
  if (!badCase.signed && calls[call.name].auth) return true;
  return !calls[call.name].body.safeParse(withSession(badCase, session)).success;
}

/** What is wrong with an answer, or null. */
function faultOf(status: number, text: string, refused: boolean): string | null {
  if (status >= 500) return `status ${status}: ${text.slice(0, 300)}`;
  if (TRACE.test(text)) return `stack trace: ${text.slice(0, 300)}`;
  let body: { code?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 100)}`;
  }
  if (typeof body.code !== 'number') return `no code: ${text.slice(0, 100)}`;
  if (refused && body.code === 0) return `accepted: ${text.slice(0, 200)}`;
  return null;
}

let t: TestApp;
let session: Session;
let email: string;
let known: Record<string, unknown>;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await memberWithProject(t);
  const network = await buildNetwork(t.db, owner.pid, [{ uid: owner.user.id, userType: 2 }]);
  ({ session } = owner);
  email = owner.user.email;
  // Token and uid are filled in at signing time, so that a new session after a sign-out is used.
  known = { token: SESSION, uid: SESSION, pid: owner.pid, nid: network.id, version: '1.0.0', platform: 3 };
  known.bundle = 'southgate';
});
afterAll(() => t?.close());

/** Sends the cases, `PARALLEL` at a time; answers the faults found. */
async function sendAll(call: CallUnderTest, cases: BadCase[], refused: boolean): Promise<string[]> {
  const faults: string[] = [];
  for (let start = 0; start < cases.length; start += PARALLEL) {
    const batch = cases.slice(start, start + PARALLEL);
    const answers = await Promise.all(
      batch.map((badCase) =>
        t.app.inject({
          method: 'POST',
          url: call.path,
          payload: payloadOf(badCase, session, !refused),
          headers: { 'content-type': badCase.contentType ?? 'application/json' },
        }),
      ),
    );
    answers.forEach((answer, index) => {
      const fault = faultOf(answer.statusCode, answer.body, refused);
      if (fault) faults.push(`${call.name} ${batch[index]!.label}: ${fault}`);
    });
  }
  return faults;
}

/** Signs in again when an accepted case (a sign-out) ended the session. */
async function keepSession(): Promise<void> {
  const live = await t.db.select().from(sessions).where(eq(sessions.uid, session.uid));
  if (live.length === 0) session = await loginAs(t.app, email);
}

describeApi('bad input for every call', () => {
  it('never answers 5xx or a stack trace, refuses what the schema refuses and changes no table', async () => {
    const started = Date.now();
    const under = postCalls(t.app);
    expect(under.length).toBeGreaterThan(150);
    const random = seededRandom(SEED);
    const share = SHARE[TEST_DB === 'pglite' ? 'pglite' : 'pg'];
    const faults: string[] = [];
    let total = 0;
    let sent = 0;
    let reachedHandler = 0;
    // One call's cases at a time: together they hold gigabytes of huge strings.
    for (const [index, call] of under.entries()) {
      const cases = casesFor(call.schema, known, index);
      total += cases.length;
      const picked = sample(cases, Math.ceil(cases.length * share), random);
      const refused = picked.filter((badCase) => mustRefuse(call, badCase, session));
      const accepted = picked.filter((badCase) => !refused.includes(badCase));
      const before = await tableChecksums(t.db);
      faults.push(...(await sendAll(call, refused, true)));
      const changed = changedTables(before, await tableChecksums(t.db));
      if (changed.length > 0) faults.push(`${call.name}: refused input changed ${changed.join(', ')}`);
      faults.push(...(await sendAll(call, accepted, false)));
      await keepSession();
      sent += picked.length;
      reachedHandler += accepted.length;
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `bad input: ${sent} of ${total} cases over ${under.length} calls (${reachedHandler} accepted by the schema) in ${seconds} s on ${TEST_DB}`,
    );
    expect(total).toBeGreaterThanOrEqual(10_000);
    if (TEST_DB !== 'pglite') expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(faults.slice(0, 40), `${faults.length} faults`).toEqual([]);
  }, 1_200_000);
});
