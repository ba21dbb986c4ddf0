import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, networks } from '../src/db/schema.ts';
import { DEMO_GATEWAYS } from '../src/demo/demo-installation.ts';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { demoGatewaySecret, SERVER_MQTT_USER, serverMqttPassword } from '../src/gateway-link/credentials.ts';
import { deriveServerKeys, KEY_PURPOSES } from '../src/lib/server-keys.ts';
import { buildTestApp, call, describeApi, SIGNING_SECRET, type TestApp } from './helpers.ts';

/** Whether the broker lets `username` in with `password` (a refusal or a closed socket is `false`). */
async function brokerAccepts(brokerUrl: string, username: string, password: string, clientId: string) {
  try {
    const client = await mqtt.connectAsync(brokerUrl, {
      username,
      password,
      clientId,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    await client.endAsync();
    return true;
  } catch {
    return false;
  }
}

describe('keys derived from the server-only secret', () => {
  it('gives each purpose its own 256-bit key, the same for the same secret and another for another', () => {
    const keys = deriveServerKeys('a'.repeat(64));
    const values = KEY_PURPOSES.map((purpose) => keys.key(purpose).toString('hex'));
    expect(new Set(values).size).toBe(KEY_PURPOSES.length);
    for (const value of values) expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(deriveServerKeys('a'.repeat(64)).key('mqtt-server')).toEqual(keys.key('mqtt-server'));
    expect(deriveServerKeys('b'.repeat(64)).key('mqtt-server')).not.toEqual(keys.key('mqtt-server'));
    expect(() => deriveServerKeys('short')).toThrow(/32 characters/);
  });
});

describeApi('what a browser is served opens nothing', () => {
  let t: TestApp;
  /** Everything a visitor without a session is served by `appConfig`. */
  let served: Record<string, unknown>;
  beforeAll(async () => {
    t = await buildTestApp({ DEMO: 'true' });
    await seedDemo(t.app.ctx);
    served = (await call(t.app, 'appConfig', {})).body.data as Record<string, unknown>;
  });
  afterAll(() => t.close());

  it('serves the public client key, and neither the server secret nor any key derived from it', async () => {
    expect(served.signingKey).toBe(SIGNING_SECRET);
    const [stored] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'server_secret'));
    expect(stored!.value).toMatch(/^[0-9a-f]{64}$/);
    const text = JSON.stringify(served);
    expect(text).not.toContain(stored!.value);
    for (const purpose of KEY_PURPOSES) {
      const key = t.app.ctx.keys.key(purpose);
      expect(text).not.toContain(key.toString('hex'));
      expect(text).not.toContain(key.toString('base64url'));
    }
  });

  it('the client key is no broker password of the console or of a demo gateway', async () => {
    const key = String(served.signingKey);
    const guesses = [key, createHmac('sha256', key).update('mqtt-server').digest('hex')];
    for (const password of guesses) {
      expect(await brokerAccepts(t.brokerUrl, SERVER_MQTT_USER, password, `${SERVER_MQTT_USER}-probe`)).toBe(false);
    }
    const sn = DEMO_GATEWAYS[0]!.sn;
    const gatewayGuess = createHmac('sha256', key).update(`demo-gateway:${sn}`).digest('hex');
    expect(await brokerAccepts(t.brokerUrl, sn, gatewayGuess, sn)).toBe(false);
    // The real credentials, derived from the server-only secret, are let in: the refusals above are about the key.
    expect(await brokerAccepts(t.brokerUrl, sn, demoGatewaySecret(t.app.ctx.keys, sn), sn)).toBe(true);
    expect(
      await brokerAccepts(
        t.brokerUrl,
        SERVER_MQTT_USER,
        serverMqttPassword(t.app.ctx.keys),
        `${SERVER_MQTT_USER}-probe`,
      ),
    ).toBe(true);
  });

  it('the client key signs no e-mailed link', async () => {
    const key = String(served.signingKey);
    const forge = (link: object) => {
      const body = Buffer.from(JSON.stringify(link)).toString('base64url');
      return `${body}.${createHmac('sha256', key).update(`emergency-link\n${body}`).digest('base64url')}`;
    };
    const exp = Math.floor(Date.now() / 1000) + 86400;
    const [network] = await t.db.select({ id: networks.id }).from(networks).limit(1);
    const report = forge({ kind: 'report', nid: network!.id, from: 0, to: exp, exp });
    expect((await call(t.app, 'emergencyPublicReport', { link: report })).body.code).toBe(Code.linkInvalid);
    const fault = forge({ kind: 'fault', faultId: 1, exp });
    expect((await call(t.app, 'emergencyPublicFault', { link: fault })).body.code).toBe(Code.linkInvalid);
  });
});

describe('every credential and link is keyed by the server-only secret', () => {
  const src = fileURLToPath(new URL('../src', import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
    });
  const sources = files(src).map((path) => ({ path: relative(src, path), text: readFileSync(path, 'utf8') }));

  it('uses the public client key only to check request signatures and to serve it', () => {
    const users = sources.filter((file) => /\bclientKey\b/.test(file.text)).map((file) => file.path);
    expect(users.sort()).toEqual([
      'app.ts',
      'config.ts',
      'context.ts',
      'http/auth.ts',
      'routes/app/app.routes.ts',
      'services/resolve-secrets.ts',
    ]);
    const auth = sources.find((file) => file.path === 'http/auth.ts')!.text;
    expect(auth.match(/ctx\.clientKey/g)).toHaveLength(1);
    expect(auth).toMatch(/signParamsNative\(body, ctx\.clientKey\)/);
  });

  it('keys every HMAC and derived credential with a key of the server-only secret', () => {
    for (const file of sources) {
      for (const match of file.text.matchAll(/createHmac\('sha256', ([^)]+)\)/g)) {
        // The request signature's native HMAC is keyed by its parameter, fed the public client key only (above).
        if (file.path === 'http/auth.ts' && match[1] === 'key') continue;
        expect([file.path, match[1]]).toEqual([file.path, expect.stringMatching(/keys\.key\(|ctx\.keys|^secret$/)]);
      }
    }
    const auth = sources.find((file) => file.path === 'http/auth.ts')!.text;
    expect(auth.match(/createHmac\(/g)).toHaveLength(1);
    expect(auth.match(/signParamsNative\(/g)).toHaveLength(2);
    // The one HMAC helper keyed by a parameter is fed the `verification-code` key.
    const codes = sources.find((file) => file.path === 'services/verification-codes.ts')!.text;
    expect(codes.match(/hashVerificationCode\(ctx\.keys\.key\('verification-code'\)/g)).toHaveLength(2);
    expect(sources.filter((file) => /signingSecret/.test(file.text)).map((file) => file.path)).toEqual([]);
  });
});
