import { type CallName, Code, calls } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  networks,
  networkUsers,
  projectRecipients,
  projectReportSetups,
  projects,
  projectUsers,
  shares,
} from '../src/db/schema.ts';
import { activeRecipients } from '../src/services/project-recipients.ts';
import {
  buildNetwork,
  buildTestApp,
  call,
  describeApi,
  lastLinkFor,
  memberWithProject,
  type Session,
  signedInUser,
  type TestApp,
  uniqueIdentity,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const header = {
  companyTitle: 'Berg Facility Services',
  signatoryName: 'Anna Berg',
  signatoryRole: 'Safety officer',
  contactName: 'Anna Berg',
  contactPhone: '+49 30 1234567',
  contactEmail: 'safety@berg.example.com',
  address: 'Hauptstraße 1, Berlin',
};

/** The link in the newest e-mail of `template` to `email`, read from the outbox. */
async function mailedLink(email: string, template: string): Promise<string> {
  return (await lastLinkFor(t.db, email, template)).link;
}

/** Ids of the projects `project/all` lists for a session. */
async function listedProjects(session: Session): Promise<number[]> {
  return ((await call(t.app, 'projectAll', {}, session)).body.data as { id: number }[]).map((p) => p.id);
}

/** Whether the user still has a row in the project's membership table. */
async function hasProjectRow(pid: number, uid: number): Promise<boolean> {
  const rows = await t.db
    .select()
    .from(projectUsers)
    .where(and(eq(projectUsers.pid, pid), eq(projectUsers.uid, uid)));
  return rows.length > 0;
}

/**
 * Anna's project with her only network "site" (Anna owner, Ben installer), her header and one active fault
 * recipient; Ben owns a network in his own project.
 */
async function annasProject() {
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
    link: await mailedLink(recipient, 'recipientActivation'),
  });
  expect(activated.body.data).toMatchObject({ state: 'successful' });
  return { anna, ben, site, bens, recipient };
}

describeApi('a project member removed from its only network (the reported take-over)', () => {
  it('is out of the project: cannot move a network in, read or replace its recipients or header', async () => {
    const { anna, ben, site, bens, recipient } = await annasProject();
    expect(
      (await call(t.app, 'networkUserDelete', { nid: site.id, memberUid: ben.user.id }, anna.session)).body.code,
    ).toBe(Code.ok);

    // Moving his own network into it is refused, alone or in a batch, and it is not offered.
    for (const [name, payload] of [
      ['networkMoveSave', { nid: bens.id, pid: anna.pid }],
      ['networkPatchMoveSave', { nids: [bens.id], pid: anna.pid }],
    ] as const) {
      expect((await call(t.app, name, payload, ben.session)).body.code).toBe(Code.noPermission);
    }
    const [stays] = await t.db.select().from(networks).where(eq(networks.id, bens.id));
    expect(stays!.pid).toBe(ben.pid);
    const moveList = await call(t.app, 'networkMoveList', { nid: bens.id }, ben.session);
    expect(moveList.body.code).toBe(Code.emptyList);

    // Recipients and header: neither read nor replaced.
    const planted = [{ email: 'ben@attacker.example.com', language: 'en', kinds: ['emergencyFault'] }];
    expect((await call(t.app, 'recipientAll', { pid: anna.pid }, ben.session)).body.code).toBe(Code.noPermission);
    expect((await call(t.app, 'recipientUpdate', { pid: anna.pid, recipients: planted }, ben.session)).body.code).toBe(
      Code.noPermission,
    );
    expect(
      (await call(t.app, 'reportSetupUpdate', { pid: anna.pid, ...header, companyTitle: 'Taken' }, ben.session)).body
        .code,
    ).toBe(Code.noPermission);
    expect((await call(t.app, 'reportSetupAll', { pid: anna.pid }, ben.session)).body.code).toBe(Code.noPermission);

    // Ben no longer belongs to Anna's project, and his own stays his default.
    expect(await listedProjects(ben.session)).toEqual([ben.pid]);
    expect(await hasProjectRow(anna.pid, ben.user.id)).toBe(false);
    expect((await call(t.app, 'projectId', {}, ben.session)).body.data).toMatchObject({ id: ben.pid });

    // Fault mails still go to Anna's recipient, under Anna's company title.
    expect(await activeRecipients(t.db, anna.pid, 'emergencyFault')).toEqual([{ email: recipient, language: 'en' }]);
    const [setup] = await t.db.select().from(projectReportSetups).where(eq(projectReportSetups.pid, anna.pid));
    expect(setup!.companyTitle).toBe(header.companyTitle);
  });
});

/** Who walks the calls: three users in Anna's project without any right to its project-level data. */
type Subject = 'removed' | 'stranded' | 'subUser';
const SUBJECTS: readonly Subject[] = ['removed', 'stranded', 'subUser'];

/** Anna's project, its recipient, and each subject's session and own network (in their own project). */
interface World {
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
interface Row {
  name: CallName;
  payload: (w: World, s: Subject) => Record<string, unknown>;
  subUser: number;
}

const ok = Code.ok;
const refused = Code.noPermission;

const ROWS: Row[] = [
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
async function buildWorld(): Promise<World> {
  const { anna, ben, site, bens } = await annasProject();
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
  const stale = await call(t.app, 'shareAccept', { link: await mailedLink(dave.user.email, 'share') }, dave.session);
  const daves = await buildNetwork(t.db, dave.pid, [{ uid: dave.user.id, userType: 2 }]);

  // subUser: Carl accepts Anna's network share as a sub-user.
  const carl = await memberWithProject(t);
  await call(t.app, 'shareNetwork', { nid: site.id, emails: [carl.user.email], userType: 3 }, anna.session);
  const accepted = await call(t.app, 'shareAccept', { link: await mailedLink(carl.user.email, 'share') }, carl.session);
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
async function projectData(w: World): Promise<string> {
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

describeApi('every project-level call, walked by members without a right to the project', () => {
  it('refuses the removed and the stranded user everything, the sub-user every change; a refusal changes nothing', {
    timeout: 60_000,
  }, async () => {
    const w = await buildWorld();
    const wrong: string[] = [];
    if (w.staleAccept !== Code.linkInvalid) wrong.push(`stale share accepted: ${w.staleAccept} (expected 1065)`);
    for (const row of ROWS) {
      for (const subject of SUBJECTS) {
        const expected = subject === 'subUser' ? row.subUser : refused;
        const before = expected === refused ? await projectData(w) : null;
        const answer = (await call(t.app, row.name, row.payload(w, subject), w.who[subject].session)).body;
        if (answer.code !== expected) wrong.push(`${row.name} as ${subject}: ${answer.code} (expected ${expected})`);
        if (before !== null && (await projectData(w)) !== before) wrong.push(`${row.name} as ${subject} changed data`);
      }
    }
    expect(wrong).toEqual([]);

    // Every call whose payload names a project is walked.
    const walked = new Set<string>(ROWS.map((row) => row.name));
    const naming = Object.entries(calls)
      .filter(([, def]) => 'pid' in def.payload)
      .map(([name]) => name);
    expect(naming.filter((name) => !walked.has(name))).toEqual([]);
  });

  it('the project lists hold it only for the sub-user, who may not add, share or edit there', async () => {
    const w = await buildWorld();
    for (const subject of ['removed', 'stranded'] as const) {
      const { session } = w.who[subject];
      expect(await listedProjects(session)).not.toContain(w.pid);
      const page = (await call(t.app, 'projectVoList', { page: 1, pageSize: 50 }, session)).body.data as {
        list: { id: number }[];
      };
      expect(page.list.map((p) => p.id)).not.toContain(w.pid);
      const info = (await call(t.app, 'projectInfoList', {}, session)).body.data as { id: number }[];
      expect(info.map((p) => p.id)).not.toContain(w.pid);
      expect((await call(t.app, 'projectId', {}, session)).body.data).not.toMatchObject({ id: w.pid });
      expect((await call(t.app, 'networkMoveList', { nid: w.who[subject].ownNid }, session)).body.code).toBe(
        Code.emptyList,
      );
    }
    const { session } = w.who.subUser;
    const all = (await call(t.app, 'projectAll', {}, session)).body.data as {
      id: number;
      isCreator: boolean;
      canAddNetwork: boolean;
    }[];
    expect(all.find((p) => p.id === w.pid)).toMatchObject({ isCreator: false, canAddNetwork: false });
    const info = (await call(t.app, 'projectInfoList', {}, session)).body.data as {
      id: number;
      networks: { id: number }[];
    }[];
    expect(info.find((p) => p.id === w.pid)?.networks.map((n) => n.id)).toEqual([w.site]);
    // Anna's project is not a place to move the sub-user's own network to.
    expect((await call(t.app, 'networkMoveList', { nid: w.who.subUser.ownNid }, session)).body.code).toBe(
      Code.emptyList,
    );
  });
});
