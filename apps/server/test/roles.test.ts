import { type CallName, calls } from '@lightwell/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  auditEvents,
  devices,
  emergencyFaultEntries,
  emergencyFaults,
  emergencyFittings,
  emergencySchedules,
  emergencyTestRecords,
  files,
  gateways,
  groupDevices,
  groups,
  networks,
  networkUsers,
  profiles,
  projects,
  projectUsers,
  sceneDevices,
  scenes,
  schedules,
  sensorDiagnoses,
  tariffVersions,
  tasks,
  zones,
} from '../src/db/schema.ts';
import { buildTestApp, call, describeApi, type Session, type TestApp } from './helpers.ts';
import { listen, openLiveStream } from './live-stream.ts';
import { ok, ROWS, refused } from './support/role-rows.ts';
import { buildRoleWorld, ROLES, type RoleWorld } from './support/role-world.ts';
import { namesNetworkThing } from './support/scoped-calls.ts';

/** Families whose network-scoped calls this test walks (section 6 roles). */
const FAMILIES = new Set([
  'gateway',
  'device',
  'product',
  'group',
  'scene',
  'schedule',
  'control',
  'profile',
  'network',
  'screen',
  'energy',
  'sensor',
  'emergency',
  'equipment',
]);
/**
 * Families of which every call is walked, whatever its payload names: the emergency e-mail links
 * (`emergencyPublicFault`, `emergencyPublicReport`) open a network's record without naming it.
 */
const WHOLE_FAMILIES = new Set(['emergency']);
describeApi('what each role of a network is answered, call by call', () => {
  let t: TestApp;
  let baseUrl: string;
  let world: RoleWorld | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    baseUrl = await listen(t.app);
  });
  afterAll(async () => {
    await world?.gateway.close();
    await t?.close();
  });

  /** The answer's code; the live stream answers a stream (0) or a JSON refusal. */
  async function invoke(name: CallName, payload: Record<string, unknown>, session: Session) {
    if (name === 'liveStream') {
      const stream = await openLiveStream(baseUrl, session, payload.nid as number);
      try {
        if (stream.response.headers.get('content-type')?.startsWith('text/event-stream')) return { code: ok };
        return (await stream.response.json()) as { code: number; message?: string };
      } finally {
        stream.close();
      }
    }
    return (await call(t.app, name, payload, session)).body;
  }

  /** Every row of the tables a refused call could touch, and the number of audit events. */
  const snapshot = async () =>
    JSON.stringify([
      await Promise.all(
        [
          networks,
          networkUsers,
          projects,
          projectUsers,
          gateways,
          devices,
          groups,
          groupDevices,
          scenes,
          sceneDevices,
          schedules,
          files,
          profiles,
          zones,
          tasks,
          tariffVersions,
          sensorDiagnoses,
          emergencySchedules,
          emergencyTestRecords,
          emergencyFaults,
          emergencyFaultEntries,
          emergencyFittings,
        ].map((table) => t.db.select().from(table)),
      ),
      await t.db.select({ n: count() }).from(auditEvents),
    ]);

  it('owner, installer and sub-user each get their code for every network-scoped call; a refusal changes nothing', {
    timeout: 180_000,
  }, async () => {
    const w = await buildRoleWorld(t);
    world = w;
    const wrong: string[] = [];
    for (const row of ROWS) {
      for (const role of ROLES) {
        const payload = await row.payload(w, role);
        const expected = row.codes[role];
        const before = expected === refused ? await snapshot() : null;
        const answer = await invoke(row.name, payload, w.sessions[role]);
        if (row.sends) await w.settleTasks();
        if (answer.code !== expected) {
          wrong.push(`${row.name} as ${role}: ${answer.code} ${answer.message ?? ''} (expected ${expected})`);
        }
        if (before !== null && (await snapshot()) !== before) wrong.push(`${row.name} as ${role} changed something`);
      }
    }
    expect(wrong).toEqual([]);

    const covered = new Set(ROWS.map((row) => row.name));
    const scoped = Object.entries(calls)
      .filter(([, def]) => FAMILIES.has(def.tag) && (WHOLE_FAMILIES.has(def.tag) || namesNetworkThing(def.payload)))
      .map(([name]) => name);
    expect(scoped.filter((name) => !covered.has(name as CallName))).toEqual([]);
  });
});
