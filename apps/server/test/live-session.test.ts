import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { sessions } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { LIVE_PING_MS } from '../src/routes/live/live.routes.ts';
import { buildTestApp, call, describeApi, loginAs, networkTeam, PASSWORD, type TestApp } from './helpers.ts';
import { type LiveStreamClient, listen, openLiveStream } from './live-stream.ts';

/** Resolves once the stream's body has ended (the server closed it); rejects when it is still open after `ms`. */
function ended(stream: LiveStreamClient, ms = 5000): Promise<void> {
  return Promise.race([
    stream.ended,
    new Promise<void>((_, reject) => setTimeout(() => reject(new Error('the stream is still open')), ms)),
  ]);
}

describeApi('a live stream ends with the session that opened it', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await buildTestApp();
    baseUrl = await listen(t.app);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends at logout', async () => {
    const { owner, network } = await networkTeam(t);
    const stream = await openLiveStream(baseUrl, owner.session, network.id);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect((await call(t.app, 'logout', {}, owner.session)).body.code).toBe(0);
    await ended(stream);
  });

  it('ends when the password is changed, for every session of the account', async () => {
    const { owner, network } = await networkTeam(t);
    const other = await loginAs(t.app, owner.user.email);
    const mine = await openLiveStream(baseUrl, owner.session, network.id);
    const theirs = await openLiveStream(baseUrl, other, network.id);
    const changed = await call(
      t.app,
      'updatePassword',
      { oldPassword: PASSWORD, newPassword: 'New-Password-7' },
      owner.session,
    );
    expect(changed.body.code).toBe(0);
    await ended(mine);
    await ended(theirs);
  });

  it('ends at the next ping when the session was ended elsewhere (another process) or expired', async () => {
    const { owner, installer, network } = await networkTeam(t);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const elsewhere = await openLiveStream(baseUrl, owner.session, network.id);
    const idle = await openLiveStream(baseUrl, installer.session, network.id);
    // Another server process ended the owner's session: only the database knows.
    await t.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(owner.session.token)));
    // The installer's session passes its idle limit without a use.
    t.clock.advance(31 * 86400);
    vi.advanceTimersByTime(LIVE_PING_MS);
    await ended(elsewhere);
    await ended(idle);
  });

  it('stays open while the session lives', async () => {
    const { sub, network } = await networkTeam(t);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stream = await openLiveStream(baseUrl, sub.session, network.id);
    vi.advanceTimersByTime(LIVE_PING_MS);
    await expect(ended(stream, 1000)).rejects.toThrow(/still open/);
    stream.close();
  });
});
