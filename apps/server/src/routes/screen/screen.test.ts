import { Code, type DisplayToken, Limits, type ScreenSnapshot } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, post, type TestApp } from '../../../test/helpers.ts';
import { listen, openEventStream, openLiveStream } from '../../../test/live-stream.ts';
import { auditEvents, displayTokens, networks, zones } from '../../db/schema.ts';
import { buildDevices } from '../scene/test-devices.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await listen(t.app);
});
afterAll(() => t.close());

/** Waits until `check` holds, polling every 20 ms for at most 5 s. */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function addKey(nid: number, session: Parameters<typeof call>[3], name = 'Lobby') {
  return call(t.app, 'displayTokenAdd', { nid, name }, session);
}

describeApi('lobby dashboard and display keys', () => {
  describe('displayTokenAdd, displayTokenList, displayTokenRevoke', () => {
    it('lets the owner make a key shown once, list it without the key, and revoke it', async () => {
      const { owner, network } = await networkTeam(t);
      const added = await addKey(network.id, owner.session, ' Reception screen ');
      expect(added.body.code).toBe(Code.ok);
      const made = added.body.data as DisplayToken & { key: string };
      expect(made).toMatchObject({ nid: network.id, name: 'Reception screen', lastUsed: null });
      expect(made.key).toMatch(/^lwd_[A-Za-z0-9_-]{43}$/);
      const [stored] = await t.db.select().from(displayTokens).where(eq(displayTokens.id, made.id));
      expect(stored!.keyHash).not.toContain(made.key.slice(4));

      const listed = await call(t.app, 'displayTokenList', { nid: network.id }, owner.session);
      expect(listed.body.code).toBe(Code.ok);
      expect(listed.body.data).toEqual([{ ...made, key: undefined, createdByName: owner.user.name }].map(withoutKey));

      expect((await call(t.app, 'displayTokenRevoke', { id: made.id }, owner.session)).body.code).toBe(Code.ok);
      expect((await call(t.app, 'displayTokenList', { nid: network.id }, owner.session)).body).toMatchObject({
        code: Code.emptyList,
        data: [],
      });
      // Revoked once: a second revoke finds nothing.
      expect((await call(t.app, 'displayTokenRevoke', { id: made.id }, owner.session)).body.code).toBe(
        Code.noPermission,
      );
      const actions = await t.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.nid, network.id)));
      expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['display.add', 'display.revoke']));
    });

    it('refuses installers, sub-users and strangers (1013) and changes nothing', async () => {
      const { owner, installer, sub, stranger, network } = await networkTeam(t);
      const made = (await addKey(network.id, owner.session)).body.data as DisplayToken;
      for (const who of [installer, sub, stranger]) {
        expect((await addKey(network.id, who.session)).body.code).toBe(Code.noPermission);
        expect((await call(t.app, 'displayTokenList', { nid: network.id }, who.session)).body.code).toBe(
          Code.noPermission,
        );
        expect((await call(t.app, 'displayTokenRevoke', { id: made.id }, who.session)).body.code).toBe(
          Code.noPermission,
        );
      }
      const rows = await t.db.select().from(displayTokens).where(eq(displayTokens.nid, network.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.revokedAt).toBeNull();
      const refusal = await addKey(network.id, installer.session);
      expect(refusal.body.message).toBe("Only the network's owner makes and revokes display keys.");
    });

    it('refuses bad input (1001), no session (1012) and more than the limit of keys', async () => {
      const { owner, network } = await networkTeam(t);
      for (const name of ['', 'x'.repeat(41), 'bad\u0007name']) {
        expect((await addKey(network.id, owner.session, name)).body.code, name).toBe(Code.badInput);
      }
      expect((await call(t.app, 'displayTokenAdd', { nid: network.id, name: 'Lobby' })).body.code).toBe(
        Code.sessionInvalid,
      );
      for (let i = 0; i < Limits.displayTokensPerNetwork; i += 1) {
        expect((await addKey(network.id, owner.session, `Screen ${i}`)).body.code).toBe(Code.ok);
      }
      const over = await addKey(network.id, owner.session, 'One too many');
      expect(over.body).toMatchObject({ code: Code.badInput, data: { max: Limits.displayTokensPerNetwork } });
      expect(over.body.message).toContain('Revoke one you no longer use');
    });
  });

  describe('screenDisplay, screenView, screenLive', () => {
    it("opens the network's dashboard with the key and with a member's session", async () => {
      const { owner, sub, stranger, network } = await networkTeam(t);
      const [zone] = await t.db.insert(zones).values({ nid: network.id, name: 'Lobby', points: [] }).returning();
      expect(zone).toBeDefined();
      await buildDevices(t.db, network.id, 2);
      const key = ((await addKey(network.id, owner.session, 'Reception')).body.data as { key: string }).key;

      const shown = await call(t.app, 'screenDisplay', { key });
      expect(shown.body.code).toBe(Code.ok);
      const snapshot = shown.body.data as ScreenSnapshot;
      expect(snapshot).toMatchObject({
        network: { id: network.id, name: network.name },
        display: 'Reception',
        gateways: { total: 0, online: 0 },
      });
      expect(snapshot.zones.map((z) => z.name)).toEqual(['Lobby']);
      expect(snapshot.devices).toHaveLength(2);
      const [row] = await t.db.select().from(displayTokens).where(eq(displayTokens.nid, network.id));
      expect(row!.lastUsedAt).not.toBeNull();

      const member = await call(t.app, 'screenView', { nid: network.id }, sub.session);
      expect(member.body.data).toMatchObject({ display: null, network: { id: network.id } });
      expect((await call(t.app, 'screenView', { nid: network.id }, stranger.session)).body.code).toBe(
        Code.noPermission,
      );
    });

    it('grants nothing else: the key is refused as a session by every other call', async () => {
      const { owner, network } = await networkTeam(t);
      const key = ((await addKey(network.id, owner.session)).body.data as { key: string }).key;
      const asSession = { token: key, uid: owner.user.id } as typeof owner.session;
      for (const [name, payload] of [
        ['userInfo', {}],
        ['zoneList', { nid: network.id }],
        ['deviceStateList', { nid: network.id }],
        ['screenView', { nid: network.id }],
        ['displayTokenList', { nid: network.id }],
        ['controlLight', { nid: network.id, target: { kind: 'network' }, onOff: 1 }],
      ] as const) {
        const reply = await call(t.app, name, payload, asSession);
        expect(reply.body.code, name).toBe(Code.sessionInvalid);
      }
      // Nor is a member's session a display key.
      expect((await call(t.app, 'screenDisplay', { key: owner.session.token })).body.code).toBe(Code.badInput);
      const live = await openLiveStream(baseUrl, asSession, network.id);
      expect(await live.response.json()).toMatchObject({ code: Code.sessionInvalid });
    });

    it('refuses a revoked key, a key of a deleted network and a made-up key with 1012', async () => {
      const { owner, network } = await networkTeam(t);
      const made = (await addKey(network.id, owner.session)).body.data as { id: number; key: string };
      const made2 = (await addKey(network.id, owner.session, 'Second')).body.data as { key: string };
      await call(t.app, 'displayTokenRevoke', { id: made.id }, owner.session);
      const revoked = await call(t.app, 'screenDisplay', { key: made.key });
      expect(revoked.body).toMatchObject({ code: Code.sessionInvalid, data: null });
      expect(revoked.body.message).toContain('Ask the network owner');
      expect((await call(t.app, 'screenDisplay', { key: `lwd_${'A'.repeat(43)}` })).body.code).toBe(
        Code.sessionInvalid,
      );
      await t.db.update(networks).set({ deletedAt: new Date() }).where(eq(networks.id, network.id));
      expect((await call(t.app, 'screenDisplay', { key: made2.key })).body.code).toBe(Code.sessionInvalid);
      expect((await post(t.app, '/api/v1/screen/display', { key: 'short' })).body.code).toBe(Code.badInput);
    });

    it('streams the live events of its network to a display, and ends when the key is revoked', async () => {
      const { owner, network } = await networkTeam(t);
      const made = (await addKey(network.id, owner.session)).body.data as { id: number; key: string };
      const stream = await openEventStream(`${baseUrl}/api/v1/screen/live`, { key: made.key });
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await t.app.ctx.live.publish({ type: 'inventory', nid: network.id + 100_000 });
      await t.app.ctx.live.publish({ type: 'inventory', nid: network.id });
      await until(() => stream.events.length > 0);
      expect(stream.events).toEqual([{ type: 'inventory', nid: network.id }]);
      stream.close();

      await call(t.app, 'displayTokenRevoke', { id: made.id }, owner.session);
      const refused = await openEventStream(`${baseUrl}/api/v1/screen/live`, { key: made.key });
      expect(await refused.response.json()).toMatchObject({ code: Code.sessionInvalid });
    });
  });
});

function withoutKey<T extends { key?: unknown }>(value: T): Omit<T, 'key'> {
  const { key: _key, ...rest } = value;
  return rest;
}
