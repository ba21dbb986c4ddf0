import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi, networkTeam } from '../../test/helpers.ts';
import { buildGateway, send, waitFor } from '../../test/mqtt/fake-gateway.ts';
import { deviceElements } from '../db/schema.ts';
import { lamp, MAC_A, MAC_B, useLinkSite } from './test-link.ts';

const site = useLinkSite();
const { connect, deviceByMac, elementOf, gatewayRow, openStream, settle } = site;

describeApi('gateway link over the embedded broker: state', () => {
  it('state: applied once per sequence; a redelivered or older message changes nothing', async () => {
    const { network } = await networkTeam(site.t);
    const { gateway, sn, secret } = await buildGateway(site.t.db, network.id);
    const client = await connect(sn, secret);
    await send(client, sn, 'inventory', { seq: 1, devices: [lamp(MAC_A, 1)] });
    const a = await waitFor(() => deviceByMac(network.id, MAC_A), 5000, 'device A');
    const state = (seq: number, lightness: number) => ({
      seq,
      at: 1_700_000_000,
      devices: [{ mac: MAC_A, elements: [{ index: 0, type: 1, onOff: 1, lightness, cct: 3000 }] }],
    });
    await send(client, sn, 'state', state(11, 30));
    await waitFor(async () => (await elementOf(a.id)).lightness === 30, 5000, 'lightness 30');
    expect(await elementOf(a.id)).toMatchObject({ onOff: 1, lightness: 30, cct: 3000 });
    expect((await gatewayRow(gateway.id)).stateSeq).toBe(11);

    // Someone else's write after the message: a redelivery of seq 11 and an older seq 10 must not undo it.
    await site.t.db.update(deviceElements).set({ lightness: 55 }).where(eq(deviceElements.deviceId, a.id));
    await send(client, sn, 'state', state(11, 30));
    await send(client, sn, 'state', state(10, 80));
    await settle(client, sn, gateway.id);
    expect((await elementOf(a.id)).lightness).toBe(55);
    expect((await gatewayRow(gateway.id)).stateSeq).toBe(11);

    // A message the schema refuses changes nothing either.
    await send(client, sn, 'state', { seq: 12, at: 1, devices: [{ mac: 'not-a-mac', elements: [] }] });
    await settle(client, sn, gateway.id);
    expect((await gatewayRow(gateway.id)).stateSeq).toBe(11);

    // A gateway that restarted its counter (seq 0) is applied again.
    await send(client, sn, 'state', { ...state(0, 20), devices: [{ mac: MAC_A, online: false, elements: [] }] });
    await waitFor(async () => (await deviceByMac(network.id, MAC_A))?.online === false, 5000, 'A offline');
    expect((await gatewayRow(gateway.id)).stateSeq).toBe(0);
  });

  it('state: one message for many devices writes each as reported; fields left out stay; a device named twice ends as its last mention', async () => {
    const { network } = await networkTeam(site.t);
    const { gateway, sn, secret } = await buildGateway(site.t.db, network.id);
    const client = await connect(sn, secret);
    await send(client, sn, 'inventory', { seq: 1, devices: [lamp(MAC_A, 1, 40), lamp(MAC_B, 2, 60)] });
    const a = await waitFor(() => deviceByMac(network.id, MAC_A), 5000, 'device A');
    const b = (await waitFor(() => deviceByMac(network.id, MAC_B), 5000, 'device B'))!;
    await send(client, sn, 'state', {
      seq: 2,
      at: 1_700_000_000,
      devices: [
        { mac: MAC_A, elements: [{ index: 0, type: 1, onOff: 0, lightness: 80 }] },
        { mac: MAC_B, online: false, elements: [{ index: 0, type: 1, lightness: 10, cct: 4000 }] },
        { mac: MAC_A, elements: [{ index: 0, type: 1, onOff: 0, lightness: 25 }] },
      ],
    });
    await waitFor(async () => (await gatewayRow(gateway.id)).stateSeq === 2, 5000, 'seq 2');
    expect(await elementOf(a!.id)).toMatchObject({ onOff: 0, lightness: 25 });
    expect(await elementOf(b.id)).toMatchObject({ onOff: 1, lightness: 10, cct: 4000 });
    expect(await deviceByMac(network.id, MAC_A)).toMatchObject({
      online: true,
      lastSeenAt: new Date(1_700_000_000_000),
    });
    expect(await deviceByMac(network.id, MAC_B)).toMatchObject({ online: false });
  });
});

describeApi('gateway link over the embedded broker: live stream', () => {
  it('live: device changes arrive over the stream; a stranger gets 1013 JSON instead of a stream', async () => {
    const { owner, sub, stranger, network } = await networkTeam(site.t);
    const { sn, secret } = await buildGateway(site.t.db, network.id);
    const client = await connect(sn, secret);
    const refused = await openStream(stranger.session, network.id);
    expect(refused.response.headers.get('content-type')).toContain('application/json');
    expect(await refused.response.json()).toMatchObject({ code: Code.noPermission });
    const ownerStream = await openStream(owner.session, network.id);
    const subStream = await openStream(sub.session, network.id);
    await send(client, sn, 'inventory', { seq: 1, devices: [lamp(MAC_A, 1)] });
    await send(client, sn, 'state', {
      seq: 2,
      at: 1_700_000_000,
      devices: [{ mac: MAC_A, elements: [{ index: 0, type: 1, onOff: 1, lightness: 75 }] }],
    });
    for (const stream of [ownerStream, subStream]) {
      const lit = await waitFor(
        () =>
          stream.events.find(
            (e) => e.type === 'devices' && e.devices.some((d) => d.elements.some((el) => el.lightness === 75)),
          ),
        5000,
        'devices event',
      );
      expect(lit).toMatchObject({ type: 'devices', nid: network.id });
      expect(stream.events.some((e) => e.type === 'inventory' && e.nid === network.id)).toBe(true);
    }
    ownerStream.close();
    subStream.close();
  });
});
