import { randomBytes } from 'node:crypto';
import {
  Code,
  type FileDownloadLink,
  fileDownload,
  fileUpload,
  ImageUpload,
  signParams,
  type UploadedFile,
  type Zone,
} from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildNetwork,
  buildTestApp,
  call,
  describeApi,
  networkTeam,
  type Session,
  SIGNING_SECRET,
  type TestApp,
} from '../../../test/helpers.ts';
import { buildBmp, buildJpeg, buildPng } from '../../../test/support/images.ts';
import { auditEvents, files, networks, users } from '../../db/schema.ts';

interface FilePart {
  field?: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body of text fields followed by file parts. */
function multipart(fields: Record<string, string | number>, fileParts: FilePart[]) {
  const boundary = `----lightwell${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const part of fileParts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.name}"\r\n` +
          `Content-Type: ${part.type}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The envelope fields of a session, signed over the given fields as the web client does. */
function signed(session: Session, fields: Record<string, string | number>) {
  const all: Record<string, string | number> = { ...fields, token: session.token, uid: session.uid, platform: 3 };
  return { ...all, sign: signParams(all, SIGNING_SECRET) };
}

describeApi('floor-plan images: upload, download, delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const upload = async (fields: Record<string, string | number>, parts: FilePart[]) => {
    const body = multipart(fields, parts);
    const response = await t.app.inject({ method: 'POST', url: fileUpload.path, ...body });
    return { status: response.statusCode, body: JSON.parse(response.body) as { code: number; data: unknown } };
  };
  const png = (width: number, height: number): FilePart => ({
    name: 'plan.png',
    type: 'image/png',
    data: buildPng(width, height),
  });
  /** A download link of `fileName` handed out to `session`; the test fails when the call refuses. */
  const linkFor = async (session: Session, fileName: string) => {
    const reply = await call(t.app, 'fileDownloadUrl', { fileName }, session);
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(0);
    return reply.body.data as FileDownloadLink;
  };
  /** Opens a download address as a browser does: a plain GET, no session. */
  const open = (url: string) => t.app.inject({ method: 'GET', url });
  const answerOf = (response: { body: string }) => JSON.parse(response.body) as { code: number };
  /** `url` with query field `name` set to `value`. */
  const withField = (url: string, name: string, value: string) => {
    const parsed = new URL(url, 'http://console');
    parsed.searchParams.set(name, value);
    return `${parsed.pathname}${parsed.search}`;
  };

  it('stores a PNG in the database and makes it the network’s floor plan with its size', async () => {
    const { owner, installer, sub, network } = await networkTeam(t);
    const image = png(640, 480);
    const reply = await upload(signed(installer.session, { nid: network.id }), [image]);
    expect(reply).toMatchObject({
      status: 200,
      body: { code: 0, data: { mime: 'image/png', width: 640, height: 480, size: image.data.length } },
    });
    const { fileName } = reply.body.data as UploadedFile;
    expect(fileName).toMatch(/^plan-[0-9a-f]{32}\.png$/);
    const detail = await call(t.app, 'networkVoByNid', { nid: network.id }, sub.session);
    expect(detail.body.data).toMatchObject({ image: fileName, imageSize: { width: 640, height: 480 } });
    const [row] = await t.db.select().from(files).where(eq(files.name, fileName));
    expect(Buffer.from(row!.data).equals(image.data)).toBe(true);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.nid, network.id));
    expect(audit.map((a) => a.action)).toContain('network.image');

    for (const who of [owner, installer, sub]) {
      const got = await open((await linkFor(who.session, fileName)).url);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.rawPayload.equals(image.data)).toBe(true);
    }
  });

  it('reads BMP and JPEG by content, whatever the name says; refuses text named .png (1066)', async () => {
    const { owner, network } = await networkTeam(t);
    const bmp = await upload(signed(owner.session, { nid: network.id }), [
      { name: 'plan.bmp', type: 'image/bmp', data: buildBmp(30, 20) },
    ]);
    expect(bmp.body).toMatchObject({ code: 0, data: { mime: 'image/bmp', width: 30, height: 20 } });
    const jpeg = await upload(signed(owner.session, { nid: network.id }), [
      { name: 'plan.png', type: 'image/png', data: buildJpeg(1024, 768) },
    ]);
    expect(jpeg.body).toMatchObject({ code: 0, data: { mime: 'image/jpeg', width: 1024, height: 768 } });
    expect((jpeg.body.data as UploadedFile).fileName).toMatch(/\.jpg$/);
    const got = await open((await linkFor(owner.session, (jpeg.body.data as UploadedFile).fileName)).url);
    expect(got.headers['content-type']).toBe('image/jpeg');

    const before = await t.db.select().from(networks).where(eq(networks.id, network.id));
    for (const data of [
      Buffer.from('this is a text file, not a picture'),
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      buildPng(10, 10).subarray(0, 20),
      Buffer.alloc(0),
    ]) {
      const fake = await upload(signed(owner.session, { nid: network.id }), [
        { name: 'plan.png', type: 'image/png', data },
      ]);
      expect(fake).toMatchObject({ status: 415, body: { code: Code.imageRefused } });
    }
    expect(await t.db.select().from(networks).where(eq(networks.id, network.id))).toEqual(before);

    // The refusal speaks the uploader's language; a missing image names the field.
    await t.db.update(users).set({ language: 2 }).where(eq(users.id, owner.user.id));
    const german = await upload(signed(owner.session, { nid: network.id }), [
      { name: 'plan.png', type: 'image/png', data: Buffer.from('kein Bild') },
    ]);
    expect((german.body as { message?: string }).message).toBe(
      'Hochladen fehlgeschlagen: Die Datei ist kein JPG-, PNG- oder BMP-Bild.',
    );
    const missing = await upload(signed(owner.session, { nid: network.id }), []);
    expect(missing).toMatchObject({
      status: 400,
      body: { code: Code.badInput, data: { problems: [{ field: 'file', rule: 'required' }] } },
    });
  });

  it('refuses more than 3 MB with 1067 and broken uploads with 1001, never a 5xx', async () => {
    const { owner, network } = await networkTeam(t);
    const fields = () => signed(owner.session, { nid: network.id });
    const big = Buffer.concat([buildPng(100, 100), Buffer.alloc(ImageUpload.maxBytes)]);
    const tooBig = await upload(fields(), [{ name: 'big.png', type: 'image/png', data: big }]);
    expect(tooBig).toMatchObject({ status: 413, body: { code: Code.imageTooLarge } });
    const exactly = Buffer.concat([buildPng(10, 10), Buffer.alloc(ImageUpload.maxBytes - buildPng(10, 10).length)]);
    expect((await upload(fields(), [{ name: 'max.png', type: 'image/png', data: exactly }])).body.code).toBe(0);

    const twoFiles = await upload(fields(), [png(10, 10), png(10, 10)]);
    expect(twoFiles).toMatchObject({ status: 413, body: { code: Code.badInput } });
    const wrongField = await upload(fields(), [{ ...png(10, 10), field: 'picture' }]);
    expect(wrongField).toMatchObject({ status: 400, body: { code: Code.badInput } });
    const noFile = await upload(fields(), []);
    expect(noFile).toMatchObject({ status: 400, body: { code: Code.badInput } });
    const manyFields = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, 'x']));
    expect((await upload(manyFields, [png(10, 10)])).status).toBe(413);
    const unknownField = await upload(signed(owner.session, { nid: network.id, colour: 'red' }), [png(10, 10)]);
    expect(unknownField).toMatchObject({ status: 400, body: { code: Code.badInput } });
    const noNid = await upload(signed(owner.session, {}), [png(10, 10)]);
    expect(noNid).toMatchObject({ status: 400, body: { code: Code.badInput } });
    const json = await t.app.inject({ method: 'POST', url: fileUpload.path, payload: { nid: network.id } });
    expect(json.statusCode).toBe(415);
    expect(JSON.parse(json.body).code).toBe(Code.badInput);
    const truncated = multipart(fields(), [png(10, 10)]);
    const cut = await t.app.inject({
      method: 'POST',
      url: fileUpload.path,
      headers: truncated.headers,
      payload: truncated.payload.subarray(0, truncated.payload.length - 40),
    });
    expect(cut.statusCode).toBeLessThan(500);
  });

  it('checks the signature over the text fields (1011), the session (1012) and the role (1013)', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    const stored = () => t.db.select({ name: files.name }).from(files);
    const before = await stored();
    const good = signed(owner.session, { nid: network.id });
    const { sign: _sign, ...unsigned } = good;
    for (const [fields, code] of [
      [unsigned, Code.badSignature],
      [{ ...good, sign: 'f'.repeat(64) }, Code.badSignature],
      [{ ...good, nid: 999_999 }, Code.badSignature],
      [{ nid: network.id }, Code.sessionInvalid],
      [signed({ ...owner.session, token: 'not-a-token' }, { nid: network.id }), Code.sessionInvalid],
      [signed(sub.session, { nid: network.id }), Code.noPermission],
      [signed(stranger.session, { nid: network.id }), Code.noPermission],
      [signed(stranger.session, { nid: 999_999 }), Code.noPermission],
    ] as const) {
      const reply = await upload(fields as Record<string, string | number>, [png(10, 10)]);
      expect(reply, JSON.stringify(fields)).toMatchObject({ status: 200, body: { code } });
    }
    expect(await stored()).toEqual(before);
  });

  it('moves zones and nodes with the picture when the new image has another size', async () => {
    const { owner, network } = await networkTeam(t);
    const zone = (
      await call(
        t.app,
        'zoneAdd',
        {
          nid: network.id,
          name: 'Z',
          points: [
            { x: 100, y: 100 },
            { x: 200, y: 300 },
          ],
          zoneNamePositionX: 150,
          zoneNamePositionY: 200,
        },
        owner.session,
      )
    ).body.data as Zone;
    await call(
      t.app,
      'nodeAdd',
      { nid: network.id, name: 'N', positionX: 50, positionY: 400, namePositionX: 10, namePositionY: 20 },
      owner.session,
    );
    await upload(signed(owner.session, { nid: network.id }), [png(1000, 250)]);
    const map = (await call(t.app, 'zoneList', { nid: network.id }, owner.session)).body.data as {
      zones: Zone[];
      nodes: { positionX: number; positionY: number; namePositionX: number; namePositionY: number }[];
    };
    expect(map.zones[0]).toMatchObject({
      id: zone.id,
      points: [
        { x: 200, y: 50 },
        { x: 400, y: 50 },
        { x: 400, y: 150 },
        { x: 200, y: 150 },
      ],
      zoneNamePositionX: 300,
      zoneNamePositionY: 100,
    });
    expect(map.nodes[0]).toMatchObject({ positionX: 100, positionY: 200, namePositionX: 20, namePositionY: 10 });
  });

  it('hands out download links only to the uploader and members: 1012, 1001, then 1013 for anyone else', async () => {
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
