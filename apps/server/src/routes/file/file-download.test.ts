import { Code, fileDownload, type UploadedFile } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildNetwork, call, describeApi, networkTeam } from '../../../test/helpers.ts';
import { files } from '../../db/schema.ts';
import { png, signed, useUploadApp } from './test-upload.ts';

describeApi('floor-plan images: upload, download, delete', () => {
  const fixture = useUploadApp();
  const { upload, linkFor, open } = fixture;
  const answerOf = (response: { body: string }) => JSON.parse(response.body) as { code: number };
  /** `url` with query field `name` set to `value`. */
  const withField = (url: string, name: string, value: string) => {
    const parsed = new URL(url, 'http://console');
    parsed.searchParams.set(name, value);
    return `${parsed.pathname}${parsed.search}`;
  };

  it('hands out download links only to the uploader and members: 1012, 1001, then 1013 for anyone else', async () => {
    const { t } = fixture;
    const { owner, stranger, network } = await networkTeam(t);
    const { fileName } = (await upload(signed(owner.session, { nid: network.id }), [png(20, 20)])).body
      .data as UploadedFile;
    expect((await call(t.app, 'fileDownloadUrl', { fileName })).body.code).toBe(Code.sessionInvalid);
    const malformed = await call(t.app, 'fileDownloadUrl', { fileName: '../etc/passwd' }, owner.session);
    expect(malformed).toMatchObject({
      status: 400,
      body: { code: Code.badInput, data: { problems: [{ field: 'fileName' }] } },
    });
    for (const [who, name] of [
      [stranger, fileName],
      [owner, 'plan-0.png'],
    ] as const) {
      const refused = await call(t.app, 'fileDownloadUrl', { fileName: name }, who.session);
      expect(refused.body, name).toMatchObject({ code: Code.noPermission, data: null });
    }
  });

  it('a link opens its one file until it expires, cached privately no longer than that', async () => {
    const { t } = fixture;
    const { owner, network } = await networkTeam(t);
    const image = png(30, 30);
    const { fileName } = (await upload(signed(owner.session, { nid: network.id }), [image])).body.data as UploadedFile;
    // 10 s into a 5-minute step, so the links below are handed out within one step.
    t.clock.advance(310 - (Math.floor(t.clock.now().getTime() / 1000) % 300));
    try {
      const link = await linkFor(owner.session, fileName);
      const address = new URL(link.url, 'http://console');
      expect(address.pathname).toBe(fileDownload.path);
      expect([...address.searchParams.keys()].sort()).toEqual(['exp', 'fileName', 'sig', 'uid']);
      expect(link.url).not.toContain(owner.session.token);
      // Valid 10 to 15 minutes, up to a 5-minute step, so links handed out meanwhile are the same address.
      expect(Number(address.searchParams.get('exp')) % 300).toBe(0);
      expect(link.expiresIn).toBeGreaterThanOrEqual(600);
      expect(link.expiresIn).toBeLessThanOrEqual(900);
      expect((await linkFor(owner.session, fileName)).url).toBe(link.url);

      const got = await open(link.url);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(image.data)).toBe(true);
      const cacheControl = String(got.headers['cache-control']);
      expect(cacheControl).toMatch(/^private, max-age=\d+$/);
      const maxAge = Number(cacheControl.split('=')[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(link.expiresIn);
      expect(got.headers['x-content-type-options']).toBe('nosniff');

      t.clock.advance(link.expiresIn);
      const expired = await open(link.url);
      expect(expired.statusCode).toBe(403);
      expect(answerOf(expired).code).toBe(Code.linkInvalid);
      const fresh = await linkFor(owner.session, fileName);
      expect(fresh.url).not.toBe(link.url);
      expect((await open(fresh.url)).statusCode).toBe(200);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('refuses altered links, links of another file or user, and the session in the query', async () => {
    const { t } = fixture;
    const { owner, stranger, network } = await networkTeam(t);
    const plan = (await upload(signed(owner.session, { nid: network.id }), [png(20, 20)])).body.data as UploadedFile;
    const own = await buildNetwork(t.db, stranger.pid, [{ uid: stranger.user.id, userType: 2 }]);
    const other = (await upload(signed(stranger.session, { nid: own.id }), [png(20, 20)])).body.data as UploadedFile;
    const link = await linkFor(owner.session, plan.fileName);
    const sig = new URL(link.url, 'http://console').searchParams.get('sig')!;
    const exp = Number(new URL(link.url, 'http://console').searchParams.get('exp'));
    for (const altered of [
      withField(link.url, 'sig', `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`),
      withField(link.url, 'exp', String(exp + 300)),
      withField(link.url, 'fileName', other.fileName),
      withField(link.url, 'uid', String(stranger.user.id)),
    ]) {
      const refused = await open(altered);
      expect(refused.statusCode, altered).toBe(403);
      expect(answerOf(refused).code).toBe(Code.linkInvalid);
    }
    // The former way, the session's envelope signed in the query, and a session added to a link.
    const envelope = new URLSearchParams(
      Object.entries(signed(owner.session, { fileName: plan.fileName })).map(
        ([k, v]) => [k, String(v)] as [string, string],
      ),
    );
    for (const old of [
      `${fileDownload.path}?${envelope.toString()}`,
      `${link.url}&token=${owner.session.token}`,
      `${fileDownload.path}?fileName=${plan.fileName}&uid=${owner.session.uid}&token=${owner.session.token}`,
    ]) {
      const refused = await open(old);
      expect(refused.statusCode, old).toBe(400);
      expect(answerOf(refused).code).toBe(Code.badInput);
    }
    expect((await open(link.url)).statusCode).toBe(200);
  });

  it('replacing an image releases the old one; delete removes the floor plan (editors only)', async () => {
    const { t } = fixture;
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    const first = (await upload(signed(owner.session, { nid: network.id }), [png(20, 20)])).body.data as UploadedFile;
    const second = (await upload(signed(owner.session, { nid: network.id }), [png(20, 20)])).body.data as UploadedFile;
    expect(await t.db.select().from(files).where(eq(files.name, first.fileName))).toEqual([]);
    const link = await linkFor(owner.session, second.fileName);
    for (const [who, fileName] of [
      [sub, second.fileName],
      [stranger, second.fileName],
      [owner, 'plan-missing.png'],
    ] as const) {
      expect((await call(t.app, 'fileDelete', { fileName }, who.session)).body.code).toBe(Code.noPermission);
    }
    expect((await call(t.app, 'fileDelete', { fileName: second.fileName }, installer.session)).body).toEqual({
      code: 0,
      data: null,
    });
    const detail = await call(t.app, 'networkVoByNid', { nid: network.id }, owner.session);
    expect(detail.body.data).toMatchObject({ image: null, imageSize: { width: 20, height: 20 } });
    expect(await t.db.select().from(files).where(eq(files.name, second.fileName))).toEqual([]);
    // A link handed out before no longer opens the released file.
    expect((await open(link.url)).statusCode).toBe(404);
  });
});
