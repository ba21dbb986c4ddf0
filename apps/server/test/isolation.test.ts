import { type CallName, Code, calls } from '@lightwell/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  auditEvents,
  backups,
  files,
  networks,
  networkUsers,
  nodes,
  projects,
  projectUsers,
  viewStates,
  zones,
} from '../src/db/schema.ts';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from './helpers.ts';

/** Ids of things inside the target network: a zone, a node, a backup and its floor-plan file. */
interface InnerIds {
  zid: number;
  nodeId: number;
  backupId: number;
  fileName: string;
}

/** Every call that names a project or a network, with a payload aimed at someone else's ids. */
function foreignPayloads(pid: number, nid: number, inner: InnerIds): [CallName, Record<string, unknown>][] {
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
    ['zoneList', { nid }],
    ['zoneAdd', { nid, name: 'Planted' }],
    ['zoneUpdate', { zid: inner.zid, name: 'Taken' }],
    ['zoneConfig', { zid: inner.zid, configId: 1 }],
    ['zoneDelete', { zid: inner.zid }],
    ['nodeAdd', { nid, name: 'Planted' }],
    ['nodeUpdate', { nodeId: inner.nodeId, positionX: 1 }],
    ['nodeDelete', { nodeId: inner.nodeId }],
    ['viewStateGet', { nid }],
    ['viewStateSave', { nid, zoom: 2, imgX: 0, imgY: 0 }],
    ['fileDelete', { fileName: inner.fileName }],
    ['backupAdd', { nid }],
    ['backupList', { nid }],
    ['backupView', { backupId: inner.backupId }],
    ['backupRestore', { backupId: inner.backupId }],
    ['backupDelete', { backupId: inner.backupId }],
  ];
}

/** Puts a zone with a node, a floor-plan file and a backup in the network. */
async function furnish(t: TestApp, nid: number, ownerUid: number): Promise<InnerIds> {
  const fileName = 'plan-isolation.png';
  const image = { mime: 'image/png', size: 1, width: 500, height: 500, data: Buffer.from([1]) };
  await t.db.insert(files).values({ name: fileName, ownerUid, ...image });
  await t.db.update(networks).set({ image: fileName }).where(eq(networks.id, nid));
  const [zone] = await t.db
    .insert(zones)
    .values({
      nid,
      name: 'Secret zone',
      points: [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 10 },
      ],
    })
    .returning();
  const [node] = await t.db.insert(nodes).values({ nid, zoneId: zone!.id, name: 'Secret node' }).returning();
  const [backup] = await t.db.insert(backups).values({ nid, name: 'Secret backup', content: {} }).returning();
  return { zid: zone!.id, nodeId: node!.id, backupId: backup!.id, fileName };
}

describeApi('a user of another project can read or change nothing of this one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 1013 to every call for existing and missing ids alike, and nothing changes', async () => {
    const { owner, stranger, network } = await networkTeam(t);
    const inner = await furnish(t, network.id, owner.user.id);
    const snapshot = async () =>
      Promise.all(
        [networks, networkUsers, projects, projectUsers, auditEvents, zones, nodes, viewStates, files, backups].map(
          async (table) => (await t.db.select({ n: count() }).from(table))[0]!.n,
        ),
      );
    const rows = async () =>
      Promise.all([zones, nodes, viewStates, backups, networks].map((table) => t.db.select().from(table)));
    const before = await snapshot();
    const rowsBefore = await rows();
    const covered = new Set<string>();
    const missing = { zid: 999_997, nodeId: 999_996, backupId: 999_995, fileName: 'plan-missing.png' };
    for (const [pid, nid, ids] of [
      [owner.pid, network.id, inner],
      [999_999, 999_998, missing],
    ] as const) {
      for (const [name, payload] of foreignPayloads(pid, nid, ids)) {
        covered.add(name);
        const reply = await call(t.app, name, payload, stranger.session);
        expect(reply.body.code, `${name} ${JSON.stringify(payload)}`).toBe(Code.noPermission);
        expect(JSON.stringify(reply.body)).not.toContain(network.name);
        expect(JSON.stringify(reply.body)).not.toContain('Secret zone');
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(await rows()).toEqual(rowsBefore);
    const scoped = Object.entries(calls)
      .filter(([, def]) => 'pid' in def.payload || 'nid' in def.payload || 'nids' in def.payload)
      .map(([name]) => name);
    expect(scoped.filter((name) => !covered.has(name))).toEqual([]);
  });
});
