import { Code, type Product, type ProductIcon, type ProductSubVersion } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, signedInUser, type TestApp } from '../../../test/helpers.ts';
import { buildBmp, buildPng } from '../../../test/support/images.ts';
import { files, products } from '../../db/schema.ts';

describeApi('product catalogue: list, sub-versions, add and 32×32 icons', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 1050 for an empty catalogue, then lists products to every signed-in user', async () => {
    const { session } = await signedInUser(t);
    expect((await call(t.app, 'productList', {}, session)).body).toEqual({ code: Code.emptyList, data: [] });
    const [system] = await t.db
      .insert(products)
      .values({ model: 'SYS-D6', name: 'Downlight', kind: 'luminaire', icon: 'icon-seeded.png' })
      .returning();
    const other = await signedInUser(t);
    const list = (await call(t.app, 'productList', {}, other.session)).body.data as Product[];
    expect(list).toMatchObject([
      { id: system!.id, model: 'SYS-D6', icon: 'icon-seeded.png', isSystem: true, editable: false },
    ]);
    expect((await call(t.app, 'productList', {}, undefined)).body.code).toBe(Code.sessionInvalid);
  });

  it('adds a product with sub-versions; the model is unique (1016); filters by kind', async () => {
    const { session } = await signedInUser(t);
    const added = await call(
      t.app,
      'productAdd',
      {
        model: 'MY-PIR-1',
        name: 'Ceiling PIR',
        kind: 'motionSensor',
        manufacturer: 'Acme',
        subVersions: [
          { hardwareVersion: 'B', elements: [{ type: 20 }] },
          { hardwareVersion: 'A', elements: [{ type: 20 }, { type: 21 }] },
        ],
      },
      session,
    );
    expect(added.body).toMatchObject({
      code: 0,
      data: { model: 'MY-PIR-1', isSystem: false, editable: true, subVersionCount: 2 },
    });
    const product = added.body.data as Product;
    expect(
      (await call(t.app, 'productAdd', { model: 'MY-PIR-1', name: 'Again', kind: 'motionSensor' }, session)).body.code,
    ).toBe(Code.nameTaken);
    const twice = await call(
      t.app,
      'productAdd',
      {
        model: 'MY-PIR-2',
        name: 'Twice',
        kind: 'motionSensor',
        subVersions: [
          { hardwareVersion: 'A', elements: [{ type: 20 }] },
          { hardwareVersion: 'A', elements: [{ type: 20 }] },
        ],
      },
      session,
    );
    expect(twice.body.code).toBe(Code.badInput);
    const sensors = (await call(t.app, 'productList', { kind: 'motionSensor' }, session)).body.data as Product[];
    expect(sensors.map((p) => p.model)).toContain('MY-PIR-1');
    expect(sensors.every((p) => p.kind === 'motionSensor')).toBe(true);

    const other = await signedInUser(t);
    const subs = (await call(t.app, 'productSubVersionList', { productId: product.id }, other.session)).body
      .data as ProductSubVersion[];
    expect(subs).toMatchObject([
      { hardwareVersion: 'A', config: { elements: [{ type: 20 }, { type: 21 }] } },
      { hardwareVersion: 'B', config: { elements: [{ type: 20 }] } },
    ]);
    const [bare] = await t.db.insert(products).values({ model: 'BARE-1', name: 'Bare', kind: 'panel' }).returning();
    expect((await call(t.app, 'productSubVersionList', { productId: bare!.id }, session)).body.code).toBe(
      Code.emptyList,
    );
    expect((await call(t.app, 'productSubVersionList', { productId: 999_999 }, session)).body.code).toBe(
      Code.noPermission,
    );
  });

  it('takes a 32×32 icon from the user who added the product; others and system products 1013', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const product = (
      await call(t.app, 'productAdd', { model: 'ICON-1', name: 'Icon lamp', kind: 'luminaire' }, owner.session)
    ).body.data as Product;
    const upload = (session: typeof owner.session, productId: number, image: Buffer) =>
      call(t.app, 'productIconUpload', { productId, image: image.toString('base64') }, session);

    expect((await call(t.app, 'productIcon', { productId: product.id }, other.session)).body).toEqual({
      code: 0,
      data: null,
    });
    expect((await upload(owner.session, product.id, buildPng(64, 64))).body).toMatchObject({
      code: Code.imageRefused,
      data: { width: 64, height: 64 },
    });
    expect((await upload(owner.session, product.id, Buffer.from('not an image'))).body.code).toBe(Code.imageRefused);
    expect((await upload(other.session, product.id, buildPng(32, 32))).body.code).toBe(Code.noPermission);
    const [system] = await t.db
      .insert(products)
      .values({ model: 'SYS-ICON', name: 'System', kind: 'luminaire' })
      .returning();
    expect((await upload(owner.session, system!.id, buildPng(32, 32))).body.code).toBe(Code.noPermission);
    expect((await upload(owner.session, 999_999, buildPng(32, 32))).body.code).toBe(Code.noPermission);

    const first = await upload(owner.session, product.id, buildPng(32, 32));
    expect(first.body.code).toBe(0);
    const firstName = (first.body.data as Product).icon!;
    expect(firstName).toMatch(/^icon-[0-9a-f]+\.png$/);
    const icon = (await call(t.app, 'productIcon', { productId: product.id }, other.session)).body.data as ProductIcon;
    expect(icon).toMatchObject({ productId: product.id, fileName: firstName, mime: 'image/png' });
    expect(Buffer.from(icon.data, 'base64').equals(buildPng(32, 32))).toBe(true);

    // Replacing the icon removes the file it replaced.
    const second = await upload(owner.session, product.id, buildBmp(32, 32));
    expect((second.body.data as Product).icon).toMatch(/\.bmp$/);
    expect(await t.db.select().from(files).where(eq(files.name, firstName))).toEqual([]);
    expect((await call(t.app, 'productIcon', { productId: 999_999 }, other.session)).body.code).toBe(Code.noPermission);
  });
});
