import { Code, calls } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { networks, projectReportSetups, projectUsers } from '../src/db/schema.ts';
import { activeRecipients } from '../src/services/project-recipients.ts';
import { buildTestApp, call, describeApi, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

import {
  annasProject as annasProjectOf,
  buildWorld as buildWorldOf,
  header,
  projectData as projectDataOf,
  ROWS,
  refused,
  SUBJECTS,
  type World,
} from './support/membership-world.ts';

const annasProject = () => annasProjectOf(t);
const buildWorld = () => buildWorldOf(t);
const projectData = (w: World) => projectDataOf(t, w);

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
