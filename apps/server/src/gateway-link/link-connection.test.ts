import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi, networkTeam } from '../../test/helpers.ts';
import {
  buildGateway,
  connectGateway,
  dropConnection,
  grantedQos,
  send,
  waitFor,
} from '../../test/mqtt/fake-gateway.ts';
import { gateways } from '../db/schema.ts';
import { lamp, MAC_A, useLinkSite } from './test-link.ts';

const site = useLinkSite();
const { connect, deviceByMac, gatewayRow, openStream } = site;

describeApi('gateway link over the embedded broker: presence and credentials', () => {
  it('presence: retained online sets status 2, mesh-ready and firmware; the last will sets it and its devices offline', async () => {
    const { owner, network } = await networkTeam(site.t);
    const { gateway, sn, secret } = await buildGateway(site.t.db, network.id, { gatewayType: 1 });
    const stream = await openStream(owner.session, network.id);
    const client = await connect(sn, secret);
    await send(client, sn, 'presence', { online: true, meshReady: true, firmware: '2.1.0' });
    const online = await waitFor(async () => {
      const row = await gatewayRow(gateway.id);
      return row.status === 2 ? row : null;
    });
    expect(online).toMatchObject({ status: 2, meshStatus: 1, firmware: '2.1.0' });
    expect(online.lastSeenAt).not.toBeNull();
    await send(client, sn, 'inventory', { seq: 1, devices: [lamp(MAC_A, 1, 40)] });
    await waitFor(async () => (await deviceByMac(network.id, MAC_A))?.online === true, 5000, 'A online');
    dropConnection(client);
    const offline = await waitFor(async () => {
      const row = await gatewayRow(gateway.id);
      return row.status === 1 ? row : null;
    });
    expect(offline).toMatchObject({ status: 1, meshStatus: 0, firmware: '2.1.0' });
    // The gateway can no longer reach its mesh, so the plan must not show its devices as reachable.
    await waitFor(async () => (await deviceByMac(network.id, MAC_A))?.online === false, 5000, 'A offline');
    await waitFor(() => stream.events.filter((e) => e.type === 'gateway').length >= 2, 5000, 'gateway events');
    expect(
      stream.events.filter((e) => e.type === 'gateway').map((e) => e.type === 'gateway' && e.gateway.status),
    ).toEqual([2, 1]);
    stream.close();
  });

  it('credentials: a wrong secret is refused; a gateway stays under its own topics; delete and reset cut it off', async () => {
    const { network } = await networkTeam(site.t);
    const a = await buildGateway(site.t.db, network.id);
    const b = await buildGateway(site.t.db, network.id);
    await expect(connectGateway(site.t.brokerUrl, a.sn, 'wrong-secret')).rejects.toThrow();
    await expect(connectGateway(site.t.brokerUrl, 'lightwell-server', 'guess')).rejects.toThrow();
    const client = await connect(a.sn, a.secret);
    const granted: number[] = [];
    for (const topic of [`lw/gw/${b.sn}/cmd`, 'lw/srv/#', 'lw/gw/+/cmd', '#', `lw/gw/${a.sn}/cmd`]) {
      granted.push(await grantedQos(client, topic));
    }
    expect(granted).toEqual([128, 128, 128, 128, 1]);
    // Publishing as another gateway is refused (the broker closes the connection) and applies nothing.
    const cut = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(`lw/gw/${b.sn}/status`, JSON.stringify({ online: true }), { qos: 1 }, () => undefined);
    await cut;
    expect((await gatewayRow(b.gateway.id)).status).toBe(1);

    const other = await connect(b.sn, b.secret);
    const closed = new Promise<void>((resolve) => other.once('close', () => resolve()));
    await site.t.app.ctx.link.revokeGateway(b.sn);
    await closed;
    await site.t.db.delete(gateways).where(eq(gateways.id, b.gateway.id));
    await expect(connectGateway(site.t.brokerUrl, b.sn, b.secret)).rejects.toThrow();
  });
});
