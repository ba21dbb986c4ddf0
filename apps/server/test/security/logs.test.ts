import { Writable } from 'node:stream';
import { Code, type FileDownloadLink, fileUpload } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { multipart, png, signed } from '../../src/routes/file/test-upload.ts';
import {
  buildTestApp,
  call,
  describeApi,
  lastCodeFor,
  lastLinkFor,
  loginAs,
  memberWithProject,
  networkTeam,
  PASSWORD,
  type TestApp,
  uniqueIdentity,
} from '../helpers.ts';
import { connectGateway } from '../mqtt/fake-gateway.ts';

const SERVER_SECRET = `server-secret-${'s'.repeat(40)}`;

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((line) => line !== ''),
      );
      done();
    },
  });
  t = await buildTestApp({ LOG_LEVEL: 'trace', LOG_FORMAT: 'json', SERVER_SECRET }, { logStream: sink });
});
afterAll(() => t.close());

/** Walks sign-up, sign-in, a few calls, a share, a download and a password reset; answers every secret met. */
async function walk(): Promise<string[]> {
  const secrets: string[] = [SERVER_SECRET, PASSWORD];
  const identity = uniqueIdentity('logwalk');
  expect((await call(t.app, 'registerCode', { email: identity.email, language: 0 })).body.code).toBe(Code.ok);
  const registerCode = await lastCodeFor(t.db, identity.email, 'registerCode');
  const firstPassword = 'Log-Walk-Password-1';
  const registered = await call(t.app, 'register', {
    ...identity,
    password: firstPassword,
    code: registerCode,
    language: 0,
  });
  expect(registered.body.code, JSON.stringify(registered.body)).toBe(Code.ok);
  const session = await loginAs(t.app, identity.email, firstPassword);
  expect((await call(t.app, 'login', { email: identity.email, password: 'Wrong-Password-9' })).body.code).not.toBe(0);
  expect((await call(t.app, 'userInfo', {}, session)).body.code).toBe(Code.ok);
  secrets.push(registerCode, firstPassword, 'Wrong-Password-9', session.token);

  const { owner, network } = await networkTeam(t);
  secrets.push(owner.session.token);
  const gateway = await call(t.app, 'gatewayAdd', { nid: network.id, name: 'Roof' }, owner.session);
  const { sn, secret } = gateway.body.data as { sn: string; secret: string };
  secrets.push(secret);
  (await connectGateway(t.brokerUrl, sn, secret)).end(true);

  const guest = await memberWithProject(t);
  secrets.push(guest.session.token);
  await call(t.app, 'shareNetwork', { nid: network.id, emails: [guest.user.email], userType: 1 }, owner.session);
  const { link } = await lastLinkFor(t.db, guest.user.email, 'share');
  secrets.push(link);
  expect((await call(t.app, 'shareInfo', { link })).body.code).toBe(Code.ok);
  expect((await call(t.app, 'shareAccept', { link }, guest.session)).body.code).toBe(Code.ok);

  const upload = multipart(signed(owner.session, { nid: network.id }), [png(64, 48)]);
  const uploaded = await t.app.inject({ method: 'POST', url: fileUpload.path, ...upload });
  const { fileName } = (JSON.parse(uploaded.body) as { data: { fileName: string } }).data;
  const download = (await call(t.app, 'fileDownloadUrl', { fileName }, owner.session)).body.data as FileDownloadLink;
  const downloadToken = new URL(download.url, 'http://console').searchParams.get('token') ?? download.url;
  secrets.push(downloadToken);
  expect((await t.app.inject({ method: 'GET', url: download.url })).statusCode).toBe(200);
  // A refused link and an unknown path with a token in the query are logged too.
  await t.app.inject({
    method: 'GET',
    url: `${new URL(download.url, 'http://console').pathname}?token=${session.token}`,
  });
  await t.app.inject({ method: 'GET', url: `/api/v1/no-such-call?token=${session.token}&link=${link}` });

  expect((await call(t.app, 'passwordCode', { email: identity.email })).body.code).toBe(Code.ok);
  const resetCode = await lastCodeFor(t.db, identity.email, 'passwordCode');
  const newPassword = 'Log-Walk-Password-2';
  const reset = await call(t.app, 'passwordReset', { email: identity.email, code: resetCode, password: newPassword });
  expect(reset.body.code, JSON.stringify(reset.body)).toBe(Code.ok);
  secrets.push(resetCode, newPassword);
  expect((await call(t.app, 'logout', {}, owner.session)).body.code).toBe(Code.ok);
  return secrets;
}

describeApi('no credential reaches the log', () => {
  it('logs no token, password, code, link or gateway secret, and no query string, during a walk', async () => {
    const secrets = await walk();
    const requests = lines.map((line) => JSON.parse(line) as { req?: { url?: string } });
    // The walk was logged, request by request: the checks below read real lines.
    expect(requests.filter((entry) => entry.req?.url).length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      const leaks = lines.filter((line) => line.includes(secret));
      expect(leaks, `a log line holds ${secret.slice(0, 4)}…`).toEqual([]);
    }
    const urls = requests.flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
    expect(urls.filter((url) => url.includes('?') || /token=|link=/.test(url))).toEqual([]);
    expect(lines.filter((line) => /[?&](token|link|key|code)=/.test(line))).toEqual([]);
  });
});
