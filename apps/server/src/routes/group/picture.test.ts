import { Code, type Group } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { buildPng } from '../../../test/support/images.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describeApi('group and scene pictures', () => {
  it('stores a picture, shows it to every member once a group uses it, and to no one else', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    const image = buildPng(40, 30).toString('base64');
    expect((await call(t.app, 'pictureUpload', { nid: network.id, image }, sub.session)).body.code).toBe(
      Code.noPermission,
    );
    const notImage = Buffer.from('not an image at all').toString('base64');
    expect((await call(t.app, 'pictureUpload', { nid: network.id, image: notImage }, owner.session)).body.code).toBe(
      Code.imageRefused,
    );
    const uploaded = await call(t.app, 'pictureUpload', { nid: network.id, image }, owner.session);
    const { fileName } = uploaded.body.data as { fileName: string };
    expect(fileName).toMatch(/^pic-[0-9a-f]+\.png$/);

    // Before a group uses it, only the uploader sees it.
    expect((await call(t.app, 'picture', { nid: network.id, fileName }, sub.session)).body.code).toBe(
      Code.noPermission,
    );
    const group = (await call(t.app, 'groupAdd', { nid: network.id, name: 'Lobby', image: fileName }, owner.session))
      .body.data as Group;
    expect(group.image).toBe(fileName);
    const seen = await call(t.app, 'picture', { nid: network.id, fileName }, sub.session);
    expect(seen.body.data).toEqual({ fileName, mime: 'image/png', data: image });
    expect((await call(t.app, 'picture', { nid: network.id, fileName }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
  });

  it("refuses another network's picture for a group or scene", async () => {
    const { owner, network } = await networkTeam(t);
    const other = await networkTeam(t);
    const image = buildPng(8, 8).toString('base64');
    const { fileName } = (await call(t.app, 'pictureUpload', { nid: other.network.id, image }, other.owner.session))
      .body.data as { fileName: string };
    expect(
      (await call(t.app, 'groupAdd', { nid: network.id, name: 'G', image: fileName }, owner.session)).body.code,
    ).toBe(Code.noPermission);
    const scene = { nid: network.id, name: 'S', type: 'generic', image: fileName };
    expect((await call(t.app, 'sceneAdd', scene, owner.session)).body.code).toBe(Code.noPermission);
  });
});
