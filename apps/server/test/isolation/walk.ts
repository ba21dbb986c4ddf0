// What the isolation tests share (docs/decisions.md, "Projects, networks and sharing"): a network furnished
// with one of everything its calls name, a stranger signed in to a project of their own, and the walk that
// sends each call of an area's table as the stranger and sees every one refused and nothing changed.
import { type CallName, Code } from '@lightwell/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import {
  auditEvents,
  backups,
  devices,
  displayTokens,
  emergencyFaultEntries,
  emergencyFaults,
  emergencyFittings,
  emergencySchedules,
  emergencyTestRecords,
  files,
  gateways,
  groups,
  networks,
  networkUsers,
  nodes,
  projectRecipients,
  projectReportSetups,
  projects,
  projectUsers,
  recipientPreferences,
  reportCycleSettings,
  reportJobs,
  reportRuns,
  scenes,
  schedules,
  sensorDiagnoses,
  tariffVersions,
  tasks,
  viewStates,
  zones,
} from '../../src/db/schema.ts';
import { buildTestApp, call, describeApi, networkTeam, type Session, type TestApp } from '../helpers.ts';
import { buildEmergencyRecord } from '../support/emergency-record.ts';

/** Ids of things inside the target network: a zone, a node, a backup and its floor-plan file. */
interface InnerIds {
  zid: number;
  nodeId: number;
  backupId: number;
  fileName: string;
  /** A virtual device of the network. */
  deviceId: number;
  /** A scene and a command task of the network. */
  sceneId: number;
  taskId: number;
  /** A gateway of the network. */
  gatewayId: number;
  /** A group and a schedule of the network. */
  groupId: number;
  scheduleId: number;
  /** A sensor diagnosis task of the network. */
  diagnosisId: number;
  /** The emergency record of the device: a self-test schedule, a test record and a fault. */
  emergencyScheduleId: number;
  recordId: number;
  faultId: number;
}

/** Ids no row has: each call is walked with these as well, and must answer as it does for a foreign id. */
export const MISSING: InnerIds = {
  zid: 999_997,
  nodeId: 999_996,
  backupId: 999_995,
  fileName: 'plan-missing.png',
  deviceId: 999_994,
  sceneId: 999_993,
  taskId: 999_992,
  gatewayId: 999_991,
  groupId: 999_990,
  scheduleId: 999_989,
  diagnosisId: 999_988,
  emergencyScheduleId: 999_987,
  recordId: 999_986,
  faultId: 999_985,
};
const MISSING_PID = 999_999;
const MISSING_NID = 999_998;

/**
 * An area's calls with a session (a table of data): each call that names a project or a network, with a
 * payload aimed at the ids given. A call is listed once for each payload shape worth trying.
 */
export type ForeignCalls = (pid: number, nid: number, inner: InnerIds) => [CallName, Record<string, unknown>][];

/** What an e-mail link of a case is made from: the furnished network's ids and a signing context. */
export interface LinkSite {
  ctx: AppContext;
  pid: number;
  nid: number;
  inner: InnerIds;
  /** When the links made expire (seconds). */
  exp: number;
}

/** Calls that take an e-mail link and no session, each with a link that must open nothing (1065). */
export type ForeignLinks = [CallName, (site: LinkSite) => string][];

/** The furnished network of the owner's project, and the stranger who walks its calls. */
interface Site {
  pid: number;
  nid: number;
  networkName: string;
  inner: InnerIds;
  stranger: Session;
}

/**
 * Puts a zone with a node, a floor-plan file, a backup, a device, a gateway, a scene, a task, a group, a
 * schedule, a sensor diagnosis and the device's emergency record in the network.
 */
async function furnish(t: TestApp, pid: number, nid: number, ownerUid: number): Promise<InnerIds> {
  const fileName = 'plan-isolation.png';
  const image = { mime: 'image/png', size: 1, width: 500, height: 500, data: Buffer.from([1]) };
  await t.db.insert(files).values({ name: fileName, ownerUid, ...image });
  await t.db.update(networks).set({ image: fileName }).where(eq(networks.id, nid));
  const points = [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
    { x: 10, y: 10 },
  ];
  const [zone] = await t.db.insert(zones).values({ nid, name: 'Secret zone', points }).returning();
  const [node] = await t.db.insert(nodes).values({ nid, zoneId: zone!.id, name: 'Secret node' }).returning();
  const [backup] = await t.db.insert(backups).values({ nid, name: 'Secret backup', content: {} }).returning();
  const [device] = await t.db
    .insert(devices)
    .values({ nid, isVirtual: true, kind: 'luminaire', name: 'Secret device', model: 'ISO-1', mac: 'A4C138009901' })
    .returning();
  const [gateway] = await t.db
    .insert(gateways)
    .values({ nid, sn: `gw-isolation-${nid}`, name: 'Secret gateway', secretHash: 'x', status: 2, meshStatus: 1 })
    .returning();
  const [scene] = await t.db.insert(scenes).values({ nid, number: 5, name: 'Secret scene' }).returning();
  const deadlineAt = new Date(Date.now() + 600_000);
  const [task] = await t.db
    .insert(tasks)
    .values({ nid, gatewayId: gateway!.id, targetKind: 'network', action: {}, deadlineAt })
    .returning();
  const [group] = await t.db.insert(groups).values({ nid, name: 'Secret group' }).returning();
  const [schedule] = await t.db
    .insert(schedules)
    .values({ nid, name: 'Secret schedule', targetKind: 'network', action: { op: 'light', onOff: 0 } })
    .returning();
  const window = { startAt: new Date(2_000_000_000_000), endAt: new Date(2_000_003_600_000) };
  const [diagnosis] = await t.db
    .insert(sensorDiagnoses)
    .values({ nid, ...window, intervalSeconds: 60, allSensors: true })
    .returning();
  const record = await buildEmergencyRecord(t, { nid, pid, deviceId: device!.id });
  return {
    zid: zone!.id,
    nodeId: node!.id,
    backupId: backup!.id,
    fileName,
    deviceId: device!.id,
    sceneId: scene!.id,
    taskId: task!.id,
    gatewayId: gateway!.id,
    groupId: group!.id,
    scheduleId: schedule!.id,
    diagnosisId: diagnosis!.id,
    emergencyScheduleId: record.scheduleId,
    recordId: record.recordId,
    faultId: record.faultId,
  };
}

/** Tables whose row counts must not move while the calls are walked. */
const COUNTED = [
  networks,
  networkUsers,
  projects,
  projectUsers,
  auditEvents,
  zones,
  nodes,
  viewStates,
  files,
  backups,
  tasks,
  groups,
  scenes,
  schedules,
  displayTokens,
  tariffVersions,
  emergencySchedules,
  emergencyTestRecords,
  emergencyFaults,
  emergencyFaultEntries,
  emergencyFittings,
  projectReportSetups,
  projectRecipients,
  reportCycleSettings,
  reportJobs,
  reportRuns,
  recipientPreferences,
];

/** Tables whose rows must not change at all while the calls are walked. */
const COMPARED = [
  zones,
  nodes,
  viewStates,
  backups,
  networks,
  gateways,
  sensorDiagnoses,
  emergencySchedules,
  emergencyFittings,
];

/** The counts of COUNTED and the rows of COMPARED, to compare before and after a walk. */
export async function tableState(t: TestApp) {
  const counts = await Promise.all(COUNTED.map(async (table) => (await t.db.select({ n: count() }).from(table))[0]!.n));
  const rows = await Promise.all(COMPARED.map((table) => t.db.select().from(table)));
  return { counts, rows };
}

/** Sends every call of `calls` as the stranger, for the site's ids and for missing ones: each answers 1013. */
async function walkCalls(t: TestApp, site: Site, calls: ForeignCalls): Promise<void> {
  for (const [pid, nid, ids] of [
    [site.pid, site.nid, site.inner],
    [MISSING_PID, MISSING_NID, MISSING],
  ] as const) {
    for (const [name, payload] of calls(pid, nid, ids)) {
      const reply = await call(t.app, name, payload, site.stranger);
      expect(reply.body.code, `${name} ${JSON.stringify(payload)}`).toBe(Code.noPermission);
      expect(JSON.stringify(reply.body)).not.toContain(site.networkName);
      expect(JSON.stringify(reply.body)).not.toContain('Secret zone');
    }
  }
}

/** Opens every link of `links` (they take no session; the stranger's is sent anyway): each answers 1065. */
async function walkLinks(t: TestApp, site: Site, links: ForeignLinks): Promise<void> {
  const exp = Math.floor(t.clock.now().getTime() / 1000) + 86_400;
  const linkSite = { ctx: t.app.ctx, pid: site.pid, nid: site.nid, inner: site.inner, exp };
  for (const [name, make] of links) {
    const link = make(linkSite);
    const reply = await call(t.app, name, { link }, site.stranger);
    expect(reply.body.code, `${name} ${link}`).toBe(Code.linkInvalid);
    expect(JSON.stringify(reply.body)).not.toContain(site.networkName);
  }
}

/**
 * The isolation test of one area: on a furnished network of someone else's project, a stranger sends each
 * call of `cases.calls` (and opens each link of `cases.links`), is refused every time, and nothing changes.
 */
export function describeIsolation(area: string, cases: { calls: ForeignCalls; links?: ForeignLinks }): void {
  describeApi(`a user of another project can read or change nothing of ${area}`, () => {
    let t: TestApp;
    let site: Site;
    beforeAll(async () => {
      t = await buildTestApp();
      const { owner, stranger, network } = await networkTeam(t);
      const inner = await furnish(t, owner.pid, network.id, owner.user.id);
      site = { pid: owner.pid, nid: network.id, networkName: network.name, inner, stranger: stranger.session };
    });
    afterAll(() => t.close());

    it('answers 1013 to every call for existing and missing ids alike, and nothing changes', async () => {
      const before = await tableState(t);
      await walkCalls(t, site, cases.calls);
      expect(await tableState(t)).toEqual(before);
    });

    const links = cases.links;
    if (links) {
      it('opens nothing with a forged e-mail link or a true one of the other kind (1065), and nothing changes', async () => {
        const before = await tableState(t);
        await walkLinks(t, site, links);
        expect(await tableState(t)).toEqual(before);
      });
    }
  });
}
