import { Code, fileUpload } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { files } from '../../src/db/schema.ts';
import { multipart, signed } from '../../src/routes/file/test-upload.ts';
import { buildTestApp, call, describeApi, networkTeam, type Session, type TestApp } from '../helpers.ts';
import { buildJpeg, buildPng } from '../support/images.ts';

/** Files that are no image, or no whole image, each sent under an image's name and type. */
const IMPOSTORS: { name: string; data: Buffer }[] = [
  { name: 'a PDF', data: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n') },
  { name: 'HTML with a script', data: Buffer.from('<!doctype html><html><script>alert(document.cookie)</script>') },
  {
    name: 'an SVG with a script',
    data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><script>alert(1)</script></svg>'),
  },
  { name: 'a text file', data: Buffer.from('plain words, no picture at all\n') },
  { name: 'a PNG cut in its header', data: buildPng(32, 32).subarray(0, 20) },
  { name: 'a PNG cut before its end', data: buildPng(32, 32).subarray(0, buildPng(32, 32).length - 12) },
  { name: 'a JPEG cut before its end', data: buildJpeg(32, 32).subarray(0, buildJpeg(32, 32).length - 2) },
  { name: 'a PNG signature over HTML', data: Buffer.concat([buildPng(32, 32).subarray(0, 8), Buffer.from('<html>')]) },
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const storedFiles = async () => (await t.db.select({ name: files.name }).from(files)).map((row) => row.name).sort();

/** Every route that takes an image, as a function of the owner's session and the bytes sent. */
async function uploadRoutes(owner: Session, nid: number, pid: number) {
  const product = await call(t.app, 'productAdd', { model: 'SEC-ICON-1', name: 'Icon lamp', kind: 'luminaire' }, owner);
  const productId = (product.body.data as { id: number }).id;
  const base64 = (data: Buffer) => data.toString('base64');
  return {
    'floor plan (multipart)': async (data: Buffer, fileName: string) => {
      const body = multipart(signed(owner, { nid }), [{ name: fileName, type: 'image/png', data }]);
      const response = await t.app.inject({ method: 'POST', url: fileUpload.path, ...body });
      return { status: response.statusCode, code: (JSON.parse(response.body) as { code: number }).code };
    },
    'group picture': async (data: Buffer) => {
      const reply = await call(t.app, 'pictureUpload', { nid, image: base64(data) }, owner);
      return { status: reply.status, code: reply.body.code };
    },
    'product icon': async (data: Buffer) => {
      const reply = await call(t.app, 'productIconUpload', { productId, image: base64(data) }, owner);
      return { status: reply.status, code: reply.body.code };
    },
    'report header logo': async (data: Buffer) => {
      const reply = await call(t.app, 'reportSetupLogo', { pid, slot: 'logo', image: base64(data) }, owner);
      return { status: reply.status, code: reply.body.code };
    },
    'report header wide logo': async (data: Buffer) => {
      const reply = await call(t.app, 'reportSetupLogo', { pid, slot: 'wideLogo', image: base64(data) }, owner);
      return { status: reply.status, code: reply.body.code };
    },
  };
}

describeApi('uploads are judged by their content, whatever their name', () => {
  it('every image route refuses a renamed non-image or a cut image with 1066 and stores nothing', async () => {
    const { owner, network } = await networkTeam(t);
    const routes = await uploadRoutes(owner.session, network.id, owner.pid);
    const before = await storedFiles();
    for (const [route, upload] of Object.entries(routes)) {
      for (const impostor of IMPOSTORS) {
        for (const fileName of ['plan.png', 'plan.jpg']) {
          const answer = await upload(impostor.data, fileName);
          expect(answer.code, `${route}: ${impostor.name} as ${fileName}`).toBe(Code.imageRefused);
        }
      }
    }
    expect(await storedFiles()).toEqual(before);

    // The same routes take a whole image, so the refusals above are about the content.
    expect((await routes['floor plan (multipart)'](buildPng(64, 48), 'plan.png')).code).toBe(Code.ok);
    expect((await routes['group picture'](buildJpeg(16, 16))).code).toBe(Code.ok);
    expect((await routes['product icon'](buildPng(32, 32))).code).toBe(Code.ok);
    expect((await routes['report header logo'](buildPng(120, 40))).code).toBe(Code.ok);
    expect((await storedFiles()).length).toBe(before.length + 4);
  });
});
