import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControlServer } from '../src/control-server.ts';
import { generateFleet, startSimulator } from '../src/fleet.ts';
import { ConsoleProbe, MESH, startTestBroker, type TestBroker, targets, uniqueSn } from './support.ts';

describe('fleet and control endpoint', () => {
  let broker: TestBroker;
  beforeAll(async () => {
    broker = await startTestBroker();
  });
  afterAll(async () => {
    await broker.close();
  });

  it('lets two gateways share one mesh: a command through either changes the same device', async () => {
    const a = { sn: uniqueSn('mesh-a'), secret: 'mesh-a-secret', devices: MESH.slice(0, 2), mesh: 'one' };
    const b = { sn: uniqueSn('mesh-b'), secret: 'mesh-b-secret', devices: MESH.slice(0, 2), mesh: 'one' };
    broker.secrets.set(a.sn, a.secret);
    broker.secrets.set(b.sn, b.secret);
    const simulator = await startSimulator({
      brokerUrl: broker.url,
      gateways: [a, b],
      latencyMs: 0,
      reportPeriodMs: 0,
    });
    const probe = await ConsoleProbe.connect(broker.url, b.sn);
    try {
      await probe.command(b.sn, {
        taskId: 77,
        targets: targets(0),
        action: { op: 'light', lightness: 12 },
        timeoutMs: 5000,
      });
      await probe.next('ack', (body) => body.taskId === 77 && body.state === 'done');
      expect(simulator.gateway(a.sn).device('AA0000000001')!.elementStates()[0]).toMatchObject({ lightness: 12 });
      simulator.gateway(a.sn).goOffline();
      simulator.gatewayOf('AA0000000001').reportFault('AA0000000001', 'lamp');
      await probe.next(
        'state',
        (body) => (body.devices as { elements: { status?: number }[] }[])[0]?.elements[0]?.status === 1,
      );
    } finally {
      await probe.close();
      await simulator.stop();
    }
  });

  it('runs a generated fleet and is controlled over HTTP', async () => {
    const fleet = generateFleet(20, 50, `t-fleet-${Date.now().toString(36)}`);
    for (const gateway of fleet) broker.secrets.set(gateway.sn, gateway.secret);
    expect(new Set(fleet.flatMap((g) => g.devices.map((d) => d.mac))).size).toBe(1000);
    const simulator = await startSimulator({ brokerUrl: broker.url, gateways: fleet, latencyMs: 0, reportPeriodMs: 0 });
    const control = await startControlServer(simulator, 0);
    try {
      const state = (await (await fetch(`${control.url}/state`)).json()) as {
        gateways: { sn: string; connection: string; devices: { mac: string; elements: unknown[] }[] }[];
      };
      expect(state.gateways).toHaveLength(20);
      expect(state.gateways.every((g) => g.connection === 'online' && g.devices.length === 50)).toBe(true);

      const sn = fleet[3]!.sn;
      const probe = await ConsoleProbe.connect(broker.url, sn);
      const offline = await fetch(`${control.url}/gateways/${sn}/offline`, { method: 'POST' });
      expect(await offline.json()).toEqual({ ok: true, connection: 'offline' });
      expect(await probe.next('status', (body) => body.online === false)).toEqual({ online: false });
      await fetch(`${control.url}/gateways/${sn}/online`, { method: 'POST' });
      await simulator.gateway(sn).whenConnected();

      const mac = fleet[3]!.devices[0]!.mac;
      expect((await fetch(`${control.url}/devices/${mac}/fault?kind=driver`, { method: 'POST' })).status).toBe(200);
      const device = (await (await fetch(`${control.url}/devices/${mac}`)).json()) as {
        gateway: { sn: string };
        device: { elements: { status: number }[] };
      };
      expect(device.gateway.sn).toBe(sn);
      expect(device.device.elements[0]!.status).toBe(2);
      expect((await fetch(`${control.url}/devices/${mac}/lose`, { method: 'POST' })).status).toBe(200);
      expect(simulator.gateway(sn).device(mac)!.presence).toBe('lost');
      expect((await fetch(`${control.url}/devices/000000000000/lose`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`${control.url}/gateways/${sn}/explode`, { method: 'POST' })).status).toBe(404);
      const burst = await fetch(`${control.url}/scenarios/morning-burst`, { method: 'POST' });
      expect([burst.status, await burst.json()]).toEqual([202, { ok: true, scenario: 'morning-burst' }]);
      const lit = simulator.gateway(fleet[5]!.sn).device(fleet[5]!.devices[0]!.mac)!;
      expect(lit.elementStates()[0]).toMatchObject({ onOff: 1, lightness: 100 });
      expect((await fetch(`${control.url}/scenarios/explode`, { method: 'POST' })).status).toBe(404);
      await probe.close();
    } finally {
      await control.close();
      await simulator.stop();
    }
  });
});
