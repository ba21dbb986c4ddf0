import { type CallName, Code } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  networks,
  networkUsers,
  projectRecipients,
  projectReportSetups,
  projects,
  projectUsers,
  shares,
} from '../../src/db/schema.ts';
import {
  buildNetwork,
  call,
  lastLinkFor,
  memberWithProject,
  type Session,
  signedInUser,
  type TestApp,
  uniqueIdentity,
} from '../helpers.ts';

// The project of Anna and the members without a right to it, for project-membership.test.ts.

/** Anna's header settings. */
export const header = {
  companyTitle: 'Berg Facility Services',
  signatoryName: 'Anna Berg',
  signatoryRole: 'Safety officer',
  contactName: 'Anna Berg',
  contactPhone: '+49 30 1234567',
  contactEmail: 'safety@berg.example.com',
  address: 'Hauptstraße 1, Berlin',
};

/** The link in the newest e-mail of `template` to `email`, read from the outbox. */
async function mailedLink(t: TestApp, email: string, template: string): Promise<string> {
  return (await lastLinkFor(t.db, email, template)).link;
}

/**
 * Anna's project with her only network "site" (Anna owner, Ben installer), her header and one active fault
 * recipient; Ben owns a network in his own project.
 */
export async function annasProject(t: TestApp) {
  const anna = await memberWithProject(t);
  const ben = await memberWithProject(t);
  const site = await buildNetwork(t.db, anna.pid, [
    { uid: anna.user.id, userType: 2 },
    { uid: ben.user.id, userType: 1 },
  ]);
  const bens = await buildNetwork(t.db, ben.pid, [{ uid: ben.user.id, userType: 2 }]);
  expect((await call(t.app, 'reportSetupUpdate', { pid: anna.pid, ...header }, anna.session)).body.code).toBe(Code.ok);
  const recipient = uniqueIdentity('safety').email;
  const recipients = [{ email: recipient, language: 'en', kinds: ['emergencyFault'] }];
  expect((await call(t.app, 'recipientUpdate', { pid: anna.pid, recipients }, anna.session)).body.code).toBe(Code.ok);
  const activated = await call(t.app, 'recipientActivate', {
    link: await mailedLink(t, recipient, 'recipientActivation'),
  });
  expect(activated.body.data).toMatchObject({ state: 'successful' });
  return { anna, ben, site, bens, recipient };
}

/** Who walks the calls: three users in Anna's project without any right to its project-level data. */
export type Subject = 'removed' | 'stranded' | 'subUser';
export const SUBJECTS: readonly Subject[] = ['removed', 'stranded', 'subUser'];

/** Anna's project, its recipient, and each subject's session and own network (in their own project). */
export interface World {
  pid: number;
  site: number;
  recipientId: number;
  /** What accepting the share whose sharer had been removed answered. */
  staleAccept: number;
  who: Record<Subject, { session: Session; ownNid: number }>;
}

/**
 * A row of the walk: a call that reads or changes project-level data, its payload aimed at Anna's project,
 * and what the sub-user who accepted a network share is answered. The user removed from the project's only
 * network and the user whose accepted network share granted nothing are refused every one (1013).
 */
export interface Row {
  name: CallName;
  payload: (w: World, s: Subject) => Record<string, unknown>;
  subUser: number;
}

const ok = Code.ok;
export const refused = Code.noPermission;

export const ROWS: Row[] = [
  // Reaching the shared network needs its project: the list holds only the caller's own networks.
  { name: 'projectNetworkAll', payload: (w) => ({ pid: w.pid }), subUser: ok },
  { name: 'networkVoList', payload: (w) => ({ pid: w.pid, page: 1, pageSize: 10 }), subUser: ok },
  { name: 'networkPidList', payload: (w) => ({ pid: w.pid }), subUser: ok },
  // Only the creator renames or deletes the project.
  { name: 'projectUpdate', payload: (w) => ({ pid: w.pid, name: 'Taken' }), subUser: refused },
  { name: 'projectDelete', payload: (w) => ({ pid: w.pid }), subUser: refused },
  // Choosing one's own default project changes nothing anyone else sees.
  { name: 'projectUpdateId', payload: (w) => ({ pid: w.pid }), subUser: ok },
  // A place in the project is handed out, or taken, only by those who answer for it.
  { name: 'networkAdd', payload: (w) => ({ pid: w.pid, name: 'Planted' }), subUser: refused },
  {
    name: 'networkMoveSave',
    payload: (w, s) => ({ nid: w.who[s].ownNid, pid: w.pid }),
    subUser: refused,
  },
  {
    name: 'networkPatchMoveSave',
    payload: (w, s) => ({ nids: [w.who[s].ownNid], pid: w.pid }),
    subUser: refused,
  },
  {
    name: 'shareProject',
    payload: (w) => ({ pid: w.pid, emails: [uniqueIdentity('invited').email], userType: 1 }),
    subUser: refused,
  },
  // Editing the network in the project: owners and installers of it only.
  {
    name: 'networkVoUpdate',
    payload: (w) => ({
      pid: w.pid,
      key: JSON.stringify({ id: w.site, name: 'Taken', category: 'office', electricityPrice: 1, currency: 'EUR' }),
    }),
    subUser: refused,
  },
  // Every member switches and watches the networks they are in; the call reaches no other network.
  { name: 'controlProject', payload: (w) => ({ pid: w.pid, onOff: 0 }), subUser: ok },
  { name: 'emergencyOverdueSummary', payload: (w) => ({ pid: w.pid }), subUser: ok },
  // The header prints on every record of the project's networks, which every member exports; no addresses.
  { name: 'reportSetupAll', payload: (w) => ({ pid: w.pid }), subUser: ok },
  {
    name: 'reportSetupUpdate',
    payload: (w) => ({ pid: w.pid, ...header, companyTitle: 'Taken' }),
    subUser: refused,
  },
  { name: 'reportSetupLogo', payload: (w) => ({ pid: w.pid, slot: 'logo', image: null }), subUser: refused },
  { name: 'recipientAll', payload: (w) => ({ pid: w.pid }), subUser: refused },
  {
    name: 'recipientUpdate',
    payload: (w) => ({
      pid: w.pid,
      recipients: [{ email: 'planted@attacker.example.com', language: 'en', kinds: ['emergencyFault'] }],
    }),
    subUser: refused,
  },
  { name: 'recipientResend', payload: (w) => ({ pid: w.pid, id: w.recipientId }), subUser: refused },
  // Report downloads and equipment statistics: every member, of the networks they are in.
  {
    name: 'reportProjectCreate',
    payload: (w) => ({ pid: w.pid, period: { kind: 'span', span: '7d' }, sections: ['energy'], format: 'csv' }),
    subUser: ok,
  },
  { name: 'reportList', payload: (w) => ({ pid: w.pid }), subUser: ok },
  { name: 'equipmentStatistic', payload: (w) => ({ pid: w.pid }), subUser: ok },
  { name: 'equipmentExport', payload: (w) => ({ pid: w.pid, format: 'csv' }), subUser: ok },
  // Report cycles: every member reads what is sent; the project's editors change it and see who gets it.
  { name: 'reportCycleAll', payload: (w) => ({ pid: w.pid }), subUser: ok },
  {
    name: 'reportCycleUpdate',
    payload: (w) => ({ pid: w.pid, cycles: [{ cycle: 'weekly', enabled: true, sendDay: 1, sections: ['energy'] }] }),
    subUser: refused,
  },
  { name: 'reportRunList', payload: (w) => ({ pid: w.pid }), subUser: refused },
  { name: 'reportRunRestate', payload: (w) => ({ pid: w.pid, id: 1 }), subUser: refused },
  { name: 'reportRunResend', payload: (w) => ({ pid: w.pid, id: 1, deliveryId: 1 }), subUser: refused },
  { name: 'recipientReception', payload: (w) => ({ pid: w.pid }), subUser: refused },
  { name: 'recipientSet', payload: (w) => ({ pid: w.pid, id: w.recipientId, paused: true }), subUser: refused },
  { name: 'recipientRemove', payload: (w) => ({ pid: w.pid, id: w.recipientId }), subUser: refused },
];

/** Builds the walk's world: Anna's project and the three subjects, each as a real user got there. */
export async function buildWorld(t: TestApp): Promise<World> {
  const { anna, ben, site, bens } = await annasProject(t);
  // removed: Ben, installer in the project's only network, removed by Anna.
  expect(
    (await call(t.app, 'networkUserDelete', { nid: site.id, memberUid: ben.user.id }, anna.session)).body.code,
  ).toBe(ok);

  // stranded: Dave accepts a network share from Ivy, an installer Anna removed before Dave accepted.
  const ivy = await signedInUser(t);
  await t.db.insert(networkUsers).values({ nid: site.id, uid: ivy.user.id, userType: 1 });
  await t.db.insert(projectUsers).values({ pid: anna.pid, uid: ivy.user.id });
  const dave = await memberWithProject(t);
  const shared = await call(
    t.app,
    'shareNetwork',
    { nid: site.id, emails: [dave.user.email], userType: 3 },
    ivy.session,
  );
  expect(shared.body.code).toBe(ok);
  expect(
    (await call(t.app, 'networkUserDelete', { nid: site.id, memberUid: ivy.user.id }, anna.session)).body.code,
  ).toBe(ok);
  // The link no longer gives anything, so it gives nothing (1065): not the network, not the project.
  const stale = await call(t.app, 'shareAccept', { link: await mailedLink(t, dave.user.email, 'share') }, dave.session);
  const daves = await buildNetwork(t.db, dave.pid, [{ uid: dave.user.id, userType: 2 }]);

  // subUser: Carl accepts Anna's network share as a sub-user.
  const carl = await memberWithProject(t);
  await call(t.app, 'shareNetwork', { nid: site.id, emails: [carl.user.email], userType: 3 }, anna.session);
  const accepted = await call(
    t.app,
    'shareAccept',
    { link: await mailedLink(t, carl.user.email, 'share') },
    carl.session,
  );
  expect(accepted.body).toMatchObject({ code: ok, data: { kind: 'network', targetId: site.id, pid: anna.pid } });
  const carls = await buildNetwork(t.db, carl.pid, [{ uid: carl.user.id, userType: 2 }]);

  const [recipient] = await t.db.select().from(projectRecipients).where(eq(projectRecipients.pid, anna.pid));
  return {
    pid: anna.pid,
    site: site.id,
    recipientId: recipient!.id,
    staleAccept: stale.body.code,
    who: {
      removed: { session: ben.session, ownNid: bens.id },
      stranded: { session: dave.session, ownNid: daves.id },
      subUser: { session: carl.session, ownNid: carls.id },
    },
  };
}

/** Anna's project-level data and where the subjects' networks are: a refusal must leave all of it alone. */
export async function projectData(t: TestApp, w: World): Promise<string> {
  const own = SUBJECTS.map((s) => w.who[s].ownNid);
  return JSON.stringify([
    await t.db.select().from(projects).where(eq(projects.id, w.pid)),
    await t.db.select().from(projectReportSetups).where(eq(projectReportSetups.pid, w.pid)),
    await t.db.select().from(projectRecipients).where(eq(projectRecipients.pid, w.pid)),
    await t.db
      .select()
      .from(shares)
      .where(and(eq(shares.pid, w.pid), eq(shares.kind, 'project'))),
    await t.db
      .select({ id: networks.id, pid: networks.pid, name: networks.name })
      .from(networks)
      .where(inArray(networks.id, [w.site, ...own]))
      .orderBy(networks.id),
    await t.db.select().from(networks).where(eq(networks.pid, w.pid)).orderBy(networks.id),
  ]);
}
