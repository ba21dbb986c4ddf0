import { Code, fileUpload, ImageUpload, type UploadedFile, type Zone } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { call, describeApi, networkTeam } from '../../../test/helpers.ts';
import { buildBmp, buildJpeg, buildPng } from '../../../test/support/images.ts';
import { auditEvents, files, networks, users } from '../../db/schema.ts';
import { multipart, png, signed, useUploadApp } from './test-upload.ts';

describeApi('floor-plan images: upload, download, delete', () => {
  const fixture = useUploadApp();
  const { upload, linkFor, open } = fixture;

  it('stores a PNG in the database and makes it the network’s floor plan with its size', async () => {
    const { t } = fixture;
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
    const { t } = fixture;
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
    const { t } = fixture;
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
    const { t } = fixture;
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
    const { t } = fixture;
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
});
