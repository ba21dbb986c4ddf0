import { type CallName, Code, calls } from '@lightwell/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditEvents, networks, networkUsers, projects, projectUsers } from '../src/db/schema.ts';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from './helpers.ts';

/** Every call that names a project or a network, with a payload aimed at someone else's ids. */
function foreignPayloads(pid: number, nid: number): [CallName, Record<string, unknown>][] {
  const key = JSON.stringify({ id: nid, name: 'Taken', category: 'office', electricityPrice: 1, currency: 'EUR' });
  return [
    ['projectNetworkAll', { pid }],
    ['projectUpdate', { pid, name: 'Taken' }],
    ['projectUpdateId', { pid }],
    ['projectDelete', { pid }],
    ['networkVoList', { pid }],
    ['networkPidList', { pid }],
    ['networkVoByNid', { nid }],
    ['networkId', { nid }],
    ['networkAdd', { pid, name: 'Planted' }],
    ['networkVoUpdate', { pid, key }],
    ['networkDelete', { nid }],
    ['networkMoveList', { nid }],
    ['networkMoveSave', { nid, pid }],
    ['networkPatchMoveSave', { nids: [nid], pid }],
    ['networkUserList', { nid }],
    ['networkUserDelete', { nid, memberUid: 1 }],
    ['networkUserTransfer', { nid, memberUid: 1 }],
    ['networkRecycleRestore', { nid }],
    ['networkAuditList', { nid }],
    ['shareNetwork', { nid, emails: ['someone@example.com'], userType: 3 }],
    ['shareProject', { pid, emails: ['someone@example.com'], userType: 3 }],
  ];
}

describeApi('a user of another project can read or change nothing of this one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 1013 to every call for existing and missing ids alike, and nothing changes', async () => {
    const { owner, stranger, network } = await networkTeam(t);
    const snapshot = async () =>
      Promise.all(
        [networks, networkUsers, projects, projectUsers, auditEvents].map(
          async (table) => (await t.db.select({ n: count() }).from(table))[0]!.n,
        ),
      );
    const before = await snapshot();
    const covered = new Set<string>();
    for (const [pid, nid] of [
      [owner.pid, network.id],
      [999_999, 999_998],
    ] as const) {
      for (const [name, payload] of foreignPayloads(pid, nid)) {
        covered.add(name);
        const reply = await call(t.app, name, payload, stranger.session);
        expect(reply.body.code, `${name} ${JSON.stringify(payload)}`).toBe(Code.noPermission);
        expect(JSON.stringify(reply.body)).not.toContain(network.name);
      }
    }
    expect(await snapshot()).toEqual(before);
    const scoped = Object.entries(calls)
      .filter(([, def]) => 'pid' in def.payload || 'nid' in def.payload || 'nids' in def.payload)
      .map(([name]) => name);
    expect(scoped.filter((name) => !covered.has(name))).toEqual([]);
  });
});
