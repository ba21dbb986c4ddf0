import { randomBytes } from 'node:crypto';
import { gatewayTopic } from '@lightwell/domain';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { serverMqttPassword } from '../../src/gateway-link/credentials.ts';
import { buildTestApp, describeApi, type TestApp } from '../helpers.ts';
import { closeAfterTest, closeOpen, connect, gatewayOfItsOwn, nextMessage, within } from './broker-clients.ts';

afterEach(closeOpen);

describeApi('embedded broker: client ids belong to their user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it("refuses a gateway that connects with another gateway's sn as client id; the other stays connected", async () => {
    const victim = await gatewayOfItsOwn(t);
    const intruder = await gatewayOfItsOwn(t);
    const client = await connect(t.brokerUrl, victim.sn, victim.secret);
    let cutOff = false;
    client.on('close', () => {
      cutOff = true;
    });
    await client.subscribeAsync(gatewayTopic(victim.sn, 'command'), { qos: 1 });

    await expect(connect(t.brokerUrl, intruder.sn, intruder.secret, { clientId: victim.sn })).rejects.toMatchObject({
      code: 2,
    });
    await expect(
      connect(t.brokerUrl, intruder.sn, intruder.secret, {
        clientId: `lightwell-server-${randomBytes(6).toString('hex')}`,
      }),
    ).rejects.toMatchObject({ code: 2 });
    await expect(connect(t.brokerUrl, intruder.sn, intruder.secret, { clientId: '' })).rejects.toMatchObject({
      code: 2,
    });

    // The victim still holds its connection: the console's next command reaches it.
    const command = nextMessage(client);
    await t.app.ctx.link.publish(victim.sn, 'command', { sendInventory: true });
    expect(await within(command, 5000, 'command')).toEqual({
      topic: gatewayTopic(victim.sn, 'command'),
      body: { sendInventory: true },
    });
    expect(cutOff).toBe(false);
    expect(client.connected).toBe(true);
    // With its own sn the other gateway connects.
    expect((await connect(t.brokerUrl, intruder.sn, intruder.secret)).connected).toBe(true);
  });

  it("keeps a gateway's persistent session and its queued commands from any other user", async () => {
    const owner = await gatewayOfItsOwn(t);
    const intruder = await gatewayOfItsOwn(t);
    const first = await connect(t.brokerUrl, owner.sn, owner.secret, { clean: false });
    await first.subscribeAsync(gatewayTopic(owner.sn, 'command'), { qos: 1 });
    await first.endAsync();
    // Queued in the owner's session while it is away.
    await t.app.ctx.link.publish(owner.sn, 'command', { sendInventory: true });

    await expect(
      connect(t.brokerUrl, intruder.sn, intruder.secret, { clientId: owner.sn, clean: false }),
    ).rejects.toMatchObject({ code: 2 });

    const back = mqtt.connect(t.brokerUrl, {
      clientId: owner.sn,
      username: owner.sn,
      password: owner.secret,
      clean: false,
      reconnectPeriod: 0,
    });
    closeAfterTest({ end: () => back.endAsync(true) });
    expect(await within(nextMessage(back), 5000, 'queued command')).toEqual({
      topic: gatewayTopic(owner.sn, 'command'),
      body: { sendInventory: true },
    });
  });

  it('lets the console user in only with a lightwell-server- client id', async () => {
    const as = (clientId: string) =>
      mqtt.connectAsync(t.brokerUrl, {
        clientId,
        username: 'lightwell-server',
        password: serverMqttPassword(t.app.ctx.keys),
        reconnectPeriod: 0,
      });
    await expect(as('observer-1')).rejects.toMatchObject({ code: 2 });
    await expect(as('lightwell-server-')).rejects.toMatchObject({ code: 2 });
    const client = await as(`lightwell-server-${randomBytes(4).toString('hex')}`);
    closeAfterTest({ end: () => client.endAsync(true) });
    expect(client.connected).toBe(true);
  });
});
