import { Code } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildNetwork,
  buildTestApp,
  call,
  describeApi,
  lastLinkFor,
  memberWithProject,
  networkTeam,
  signedInUser,
  type TestApp,
  uniqueIdentity,
} from '../../../test/helpers.ts';
import { networkUsers, outbox, shares } from '../../db/schema.ts';

/** The link in the newest share e-mail to `email`, read from the outbox. */
async function linkFor(t: TestApp, email: string): Promise<string> {
  return (await lastLinkFor(t.db, email, 'share')).link;
}

describeApi('sharing networks and projects by e-mail link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://console.example.com' });
  });
  afterAll(() => t.close());

  it('shares a network; the recipient accepts once and ends with the chosen role', async () => {
    const { owner, network } = await networkTeam(t);
    const guest = await memberWithProject(t);
    const reply = await call(
      t.app,
      'shareNetwork',
      { nid: network.id, emails: [guest.user.email], userType: 1 },
      owner.session,
    );
    expect(reply.body).toEqual({ code: 0, data: { sent: 1 } });
    const link = await linkFor(t, guest.user.email);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.toAddress, guest.user.email));
    expect(mail!.textBody).toContain(`https://console.example.com/shared/network?link=${link}`);
    const info = await call(t.app, 'shareInfo', { link });
    expect(info.body.data).toMatchObject({ kind: 'network', targetName: network.name, state: 'pending', userType: 1 });
    const accepted = await call(t.app, 'shareAccept', { link }, guest.session);
    expect(accepted.body).toMatchObject({ code: 0, data: { kind: 'network', targetId: network.id } });
    const [row] = await t.db
      .select()
      .from(networkUsers)
      .where(and(eq(networkUsers.nid, network.id), eq(networkUsers.uid, guest.user.id)));
    expect(row!.userType).toBe(1);
    expect((await call(t.app, 'networkVoByNid', { nid: network.id }, guest.session)).body.data).toMatchObject({
      userType: 1,
    });
    expect((await call(t.app, 'shareAccept', { link }, guest.session)).body.code).toBe(Code.linkInvalid);
    expect((await call(t.app, 'shareInfo', { link })).body.data).toMatchObject({ state: 'accepted' });
  });

  it('refuses 7 addresses, duplicates and oneself (1001 or 1064), and addresses that already have access', async () => {
    const { owner, sub, network } = await networkTeam(t);
    const seven = Array.from({ length: 7 }, () => uniqueIdentity().email);
    expect(
      (await call(t.app, 'shareNetwork', { nid: network.id, emails: seven, userType: 3 }, owner.session)).body.code,
    ).toBe(Code.badInput);
    const one = uniqueIdentity().email;
    const dup = await call(
      t.app,
      'shareNetwork',
      { nid: network.id, emails: [one, one.toUpperCase()], userType: 3 },
      owner.session,
    );
    expect(dup.body.code).toBe(Code.shareRefused);
    const self = await call(
      t.app,
      'shareNetwork',
      { nid: network.id, emails: [owner.user.email], userType: 3 },
      owner.session,
    );
    expect(self.body.code).toBe(Code.shareRefused);
    const member = await call(
      t.app,
      'shareNetwork',
      { nid: network.id, emails: [one, sub.user.email], userType: 3 },
      owner.session,
    );
    expect(member.body).toMatchObject({ code: Code.shareRefused, data: { emails: [sub.user.email] } });
    expect(await t.db.select().from(shares).where(eq(shares.email, one))).toEqual([]);
    const twice = uniqueIdentity().email;
    await call(t.app, 'shareNetwork', { nid: network.id, emails: [twice], userType: 3 }, owner.session);
    expect(
      (await call(t.app, 'shareNetwork', { nid: network.id, emails: [twice], userType: 3 }, owner.session)).body.code,
    ).toBe(Code.shareRefused);
  });

  it('sub-users cannot share; an owner share needs an ownerless network', async () => {
    const { owner, sub, network } = await networkTeam(t);
    const email = uniqueIdentity().email;
    expect(
      (await call(t.app, 'shareNetwork', { nid: network.id, emails: [email], userType: 3 }, sub.session)).body.code,
    ).toBe(Code.noPermission);
    expect(
      (await call(t.app, 'shareNetwork', { nid: network.id, emails: [email], userType: 2 }, owner.session)).body.code,
    ).toBe(Code.shareRefused);
    const installer = await memberWithProject(t);
    const site = await buildNetwork(t.db, installer.pid, [{ uid: installer.user.id, userType: 1 }]);
    const buildingOwner = await signedInUser(t);
    await call(
      t.app,
      'shareNetwork',
      { nid: site.id, emails: [buildingOwner.user.email], userType: 2 },
      installer.session,
    );
    const link = await linkFor(t, buildingOwner.user.email);
    expect((await call(t.app, 'shareAccept', { link }, buildingOwner.session)).body.code).toBe(0);
    expect((await call(t.app, 'networkVoByNid', { nid: site.id }, buildingOwner.session)).body.data).toMatchObject({
      userType: 2,
    });
  });

  it('only the invited account accepts; expired, revoked and resent links behave', async () => {
    const { owner, network } = await networkTeam(t);
    const guest = await signedInUser(t);
    const intruder = await signedInUser(t);
    await call(t.app, 'shareNetwork', { nid: network.id, emails: [guest.user.email], userType: 3 }, owner.session);
    const first = await linkFor(t, guest.user.email);
    expect((await call(t.app, 'shareAccept', { link: first }, intruder.session)).body.code).toBe(Code.linkInvalid);
    const [invitation] = (await call(t.app, 'shareList', {}, owner.session)).body.data as {
      id: number;
      state: string;
    }[];
    expect(invitation!.state).toBe('pending');
    t.clock.advance(7 * 86400 + 1);
    expect((await call(t.app, 'shareInfo', { link: first })).body.data).toMatchObject({ state: 'expired' });
    expect((await call(t.app, 'shareAccept', { link: first }, guest.session)).body.code).toBe(Code.linkInvalid);
    expect((await call(t.app, 'shareResend', { id: invitation!.id }, owner.session)).body.code).toBe(0);
    const second = await linkFor(t, guest.user.email);
    expect(second).not.toBe(first);
    expect((await call(t.app, 'shareResend', { id: invitation!.id }, intruder.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'shareRevoke', { id: invitation!.id }, owner.session)).body.code).toBe(0);
    expect((await call(t.app, 'shareAccept', { link: second }, guest.session)).body.code).toBe(Code.linkInvalid);
    expect((await call(t.app, 'shareInfo', { link: 'x'.repeat(43) })).body.code).toBe(Code.checkFailed);
  });

  it('shares a project: the recipient joins the project and its networks the sharer may share', async () => {
    const owner = await memberWithProject(t);
    const a = await buildNetwork(t.db, owner.pid, [{ uid: owner.user.id, userType: 2 }]);
    const b = await buildNetwork(t.db, owner.pid, [{ uid: owner.user.id, userType: 3 }]);
    const guest = await signedInUser(t);
    await call(t.app, 'shareProject', { pid: owner.pid, emails: [guest.user.email], userType: 3 }, owner.session);
    const link = await linkFor(t, guest.user.email);
    expect((await call(t.app, 'shareAccept', { link }, guest.session)).body.data).toMatchObject({
      kind: 'project',
      pid: owner.pid,
    });
    const list = (await call(t.app, 'networkPidList', { pid: owner.pid }, guest.session)).body.data as { id: number }[];
    expect(list.map((n) => n.id)).toEqual([a.id]);
    expect(b.id).toBeGreaterThan(0);
  });
});
