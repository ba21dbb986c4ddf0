import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, SIGNING_SECRET, type TestApp } from '../../../test/helpers.ts';

describeApi('client configuration', () => {
  let t: TestApp;
  let demo: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    demo = await buildTestApp({ DEMO: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await demo.close();
  });

  it('gives versions and the signing key, and no demo login outside demo mode', async () => {
    const reply = await call(t.app, 'appConfig', {});
    expect(reply.body).toEqual({
      code: 0,
      data: { appVersion: '1.0.0', apiVersion: '1.1.0', signingKey: SIGNING_SECRET, demo: false },
    });
  });

  it('shows the demo login in demo mode', async () => {
    const reply = await call(demo.app, 'appConfig', {});
    expect(reply.body.data).toMatchObject({
      demo: true,
      demoEmail: 'demo@lightwell.test',
      demoPassword: 'Lightwell-Demo-1',
    });
  });
});
