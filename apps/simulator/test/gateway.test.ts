import {
  AckMessageSchema,
  InventoryMessageSchema,
  PresenceMessageSchema,
  ReportMessageSchema,
  StateMessageSchema,
  scaleD4iBank,
} from '@lightwell/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimGateway } from '../src/gateway.ts';
import {
  ConsoleProbe,
  MESH,
  MOSQUITTO_REQUIRED,
  mosquittoAvailable,
  startTestBroker,
  type TestBroker,
  targets,
  uniqueSn,
} from './support.ts';

const mosquitto = await mosquittoAvailable();
if (!mosquitto && !MOSQUITTO_REQUIRED)
  console.warn('Mosquitto is not listening on 127.0.0.1:1883: its half of the simulator tests is skipped');

let taskIds = Math.floor(Date.now() / 1000);

describe.each([
  { broker: 'aedes (in-process)', skip: false },
  { broker: 'Mosquitto 127.0.0.1:1883', skip: !mosquitto },
])('simulated gateway on $broker', ({ broker: label, skip }) => {
  let broker: TestBroker | null = null;
  let url = 'mqtt://127.0.0.1:1883';
  const open: { gateway?: SimGateway; probe?: ConsoleProbe }[] = [];

  beforeAll(async () => {
    if (skip) return;
    if (label.startsWith('aedes')) {
      broker = await startTestBroker();
      url = broker.url;
    }
  });
  afterEach(async () => {
    for (const item of open.splice(0)) {
      await item.gateway?.stop();
      await item.probe?.close();
    }
  });
  afterAll(async () => {
    await broker?.close();
  });

  it.runIf(skip && MOSQUITTO_REQUIRED)('has the broker it needs (CI is set, so these tests may not be skipped)', () => {
    throw new Error(`${label} does not answer: CI must run the Mosquitto tests`);
  });

  async function setUp(label: string, options: Partial<ConstructorParameters<typeof SimGateway>[0]> = {}) {
    const sn = uniqueSn(label);
    const secret = `secret-${sn}`;
    broker?.secrets.set(sn, secret);
    const probe = await ConsoleProbe.connect(url, sn);
    const gateway = new SimGateway({
      sn,
      secret,
      devices: MESH,
      brokerUrl: url,
      latencyMs: [5, 30],
      reportPeriodMs: 0,
      sensorMeanMs: 0,
      ...options,
    });
    open.push({ gateway, probe });
    gateway.start();
    await gateway.whenConnected();
    return { sn, gateway, probe };
  }

  it.skipIf(skip)('announces retained presence and its inventory, and its last will says offline', async () => {
    const { sn, gateway, probe } = await setUp('presence', { firmware: '3.1.0' });
    const online = PresenceMessageSchema.parse(await probe.next('status', (body) => body.online === true));
    expect(online).toMatchObject({ online: true, meshReady: true, firmware: '3.1.0' });

    const inventory = InventoryMessageSchema.parse(await probe.next('inventory'));
    expect(inventory.devices).toHaveLength(MESH.length);
    expect(inventory.devices.map((d) => d.mac)).toContain('AA0000000001');
    const d4i = inventory.devices.find((d) => d.model === 'T-D4I')!.elements[0]!;
    expect(d4i.d4i).toBeDefined();
    const bank = scaleD4iBank(d4i.d4i!);
    expect(bank.gearExternalVoltage).toBe(230);
    expect(bank.gearPowerFactor).toBeCloseTo(0.95);
    expect(bank.lightSourceCurrent).toBeCloseTo(0.56); // 80 % of 0.7 A
    expect(bank.ratedLifeOfLuminaire).toBe(50_000);
    const types = inventory.devices.flatMap((d) => d.elements.map((e) => e.type));
    expect(new Set(types)).toEqual(new Set([1, 8, 20, 21, 22, 23, 6, 11]));

    // A late subscriber still learns the presence from the retained message.
    const late = await ConsoleProbe.connect(url, sn);
    open.push({ probe: late });
    expect(await late.next('status')).toMatchObject({ online: true });

    gateway.goOffline();
    expect(await probe.next('status', (body) => body.online === false)).toEqual({ online: false });
    expect(gateway.snapshot().connection).toBe('offline');
    gateway.goOnline();
    await gateway.whenConnected();
    await probe.next('status', (body) => body.online === true && probe.all('status').length >= 3);
  });

  it.skipIf(skip)(
    'answers a command with received, executing, per-device results and done; state follows',
    async () => {
      const { sn, gateway, probe } = await setUp('command');
      const taskId = ++taskIds;
      await probe.command(sn, {
        taskId,
        targets: targets(0, 1, 3),
        action: { op: 'light', onOff: 1, lightness: 40, cct: 5000 },
        timeoutMs: 5000,
      });
      await probe.next('ack', (body) => body.taskId === taskId && body.state === 'done');
      const acks = probe.all('ack', (body) => body.taskId === taskId).map((body) => AckMessageSchema.parse(body));
      expect(acks[0]!.state).toBe('received');
      expect(acks[1]!.state).toBe('executing');
      expect(acks.at(-1)!.state).toBe('done');
      // `done` holds every outcome, so it can be applied alone (acks may be applied out of order); earlier
      // acks may have carried some of them already.
      const results = acks.at(-1)!.results;
      expect(results).toHaveLength(3);
      expect(results).toEqual(expect.arrayContaining(acks.slice(0, -1).flatMap((ack) => ack.results)));
      expect(results.find((r) => r.mac === 'AA0000000001')).toEqual({ mac: 'AA0000000001', ok: true });
      expect(results.find((r) => r.mac === 'AA0000000004')).toMatchObject({ ok: false, reason: 'unsupported' });

      const states = probe.all('state').map((body) => StateMessageSchema.parse(body));
      const reported = states.flatMap((s) => s.devices);
      expect(reported.find((d) => d.mac === 'AA0000000001')!.elements[0]).toMatchObject({ onOff: 1, lightness: 40 });
      expect(reported.find((d) => d.mac === 'AA0000000002')!.elements[0]).toMatchObject({
        onOff: 1,
        lightness: 40,
        cct: 5000,
      });
      const seqs = states.map((s) => s.seq);
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
      // What the simulator holds is what it reported.
      const dt8 = gateway.snapshot().devices.find((d) => d.mac === 'AA0000000002')!;
      expect(dt8.elements[0]).toMatchObject({ onOff: 1, lightness: 40, cct: 5000 });
    },
  );

  it.skipIf(skip)('answers an inventory request with its whole mesh at the next sequence number', async () => {
    const { sn, gateway, probe } = await setUp('inventory-request');
    const first = InventoryMessageSchema.parse(await probe.next('inventory'));
    gateway.setDeviceOffline('AA0000000001');
    const offline = StateMessageSchema.parse(
      await probe.next('state', (body) =>
        (body.devices as { mac: string; online?: boolean }[]).some((d) => d.mac === 'AA0000000001' && !d.online),
      ),
    );
    await probe.command(sn, { sendInventory: true });
    const again = InventoryMessageSchema.parse(
      await probe.next('inventory', (body) => (body.seq as number) > offline.seq),
    );
    expect(again.seq).toBe(offline.seq + 1);
    expect(again.seq).toBeGreaterThan(first.seq);
    expect(again.devices).toHaveLength(MESH.length);
    expect(again.devices.find((d) => d.mac === 'AA0000000001')).toMatchObject({ online: false });
    expect(again.devices.find((d) => d.mac === 'AA0000000001')!.elements[0]).toMatchObject({ lightness: 60 });
  });

  it.skipIf(skip)('answers offline for an offline device and nothing for a lost one', async () => {
    const { sn, gateway, probe } = await setUp('offline');
    gateway.setDeviceOffline('AA0000000001');
    const offlineState = await probe.next('state', (body) =>
      (body.devices as { mac: string; online?: boolean }[]).some((d) => d.mac === 'AA0000000001' && d.online === false),
    );
    expect(offlineState).toBeDefined();
    gateway.loseDevice('AA0000000002');
    const taskId = ++taskIds;
    const started = Date.now();
    await probe.command(sn, { taskId, targets: targets(0, 1, 2), action: { op: 'light', onOff: 0 }, timeoutMs: 800 });
    await probe.next('ack', (body) => body.taskId === taskId && body.state === 'done', 5000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    const results = probe
      .all('ack', (body) => body.taskId === taskId)
      .flatMap((body) => AckMessageSchema.parse(body).results);
    expect(results).toEqual(
      expect.arrayContaining([
        { mac: 'AA0000000001', ok: false, reason: 'offline' },
        { mac: 'AA0000000003', ok: true },
      ]),
    );
    expect(results.some((r) => r.mac === 'AA0000000002')).toBe(false);
    expect(gateway.snapshot().devices.find((d) => d.mac === 'AA0000000002')!.elements[0]).toMatchObject({ onOff: 0 });

    gateway.restoreDevice('AA0000000002');
    const second = ++taskIds;
    await probe.command(sn, { taskId: second, targets: targets(1), action: { op: 'light', onOff: 1 }, timeoutMs: 800 });
    await probe.next('ack', (body) => body.taskId === second && body.state === 'done');
    const again = probe.all('ack', (body) => body.taskId === second && body.state === 'done');
    expect(again.map((body) => AckMessageSchema.parse(body).results)).toEqual([[{ mac: 'AA0000000002', ok: true }]]);
  });

  it.skipIf(skip)('reports faults in the state, as a diagnosis, and on emergency elements', async () => {
    const { gateway, probe } = await setUp('fault');
    gateway.reportFault('AA0000000003', 'lamp');
    const state = StateMessageSchema.parse(
      await probe.next('state', (body) => (body.devices as { mac: string }[]).some((d) => d.mac === 'AA0000000003')),
    );
    const element = state.devices[0]!.elements[0]!;
    expect(element.status).toBe(1);
    expect(element.flags! & 2).toBe(2);
    expect(element.bankAt).toBeGreaterThan(Date.now() / 1000 - 60);
    const diagnosis = ReportMessageSchema.parse(await probe.next('report', (body) => body.kind === 'diagnosis'));
    expect(diagnosis).toMatchObject({ kind: 'diagnosis', level: 'warning', code: 'fault.lamp' });

    gateway.reportFault('AA0000000009', 'emergency');
    const emergency = StateMessageSchema.parse(
      await probe.next('state', (body) => (body.devices as { mac: string }[]).some((d) => d.mac === 'AA0000000009')),
    );
    expect(emergency.devices[0]!.elements[0]).toMatchObject({ type: 11, mode: 0, faultBits: 1 });
    expect(() => gateway.reportFault('AA0000000004', 'emergency')).toThrow();
  });

  it.skipIf(skip)('fades through intermediate levels, stores and recalls scenes, keeps settings', async () => {
    const { sn, gateway, probe } = await setUp('fade', { latencyMs: 0 });
    const fade = ++taskIds;
    await probe.command(sn, {
      taskId: fade,
      targets: targets(0),
      action: { op: 'light', lightness: 100, fadeMs: 1000 },
      timeoutMs: 5000,
    });
    await probe.next('state', (body) =>
      (body.devices as { elements: { lightness?: number }[] }[]).some((d) => d.elements[0]?.lightness === 100),
    );
    const levels = probe
      .all('state')
      .flatMap((body) => StateMessageSchema.parse(body).devices)
      .filter((d) => d.mac === 'AA0000000001')
      .map((d) => d.elements[0]!.lightness!);
    expect(levels.some((level) => level > 60 && level < 100)).toBe(true);

    const store = ++taskIds;
    await probe.command(sn, {
      taskId: store,
      targets: targets(0, 1),
      action: { op: 'storeScene', sceneNumber: 7, onOff: 1, lightness: 25, cct: 2700 },
      timeoutMs: 5000,
    });
    await probe.next('ack', (body) => body.taskId === store && body.state === 'done');
    const recall = ++taskIds;
    await probe.command(sn, {
      taskId: recall,
      targets: targets(0, 1),
      action: { op: 'scene', sceneNumber: 7 },
      timeoutMs: 5000,
    });
    await probe.next('ack', (body) => body.taskId === recall && body.state === 'done');
    const snapshot = gateway.snapshot();
    expect(snapshot.devices[0]!.elements[0]).toMatchObject({ onOff: 1, lightness: 25 });
    expect(snapshot.devices[1]!.elements[0]).toMatchObject({ onOff: 1, lightness: 25, cct: 2700 });

    // A recall that carries the stored states writes them first on a device that missed the store.
    const fresh = ++taskIds;
    const mac = snapshot.devices[0]!.mac;
    await probe.command(sn, {
      taskId: fresh,
      targets: targets(0),
      action: { op: 'scene', sceneNumber: 9, states: [{ mac, onOff: 1, lightness: 60 }] },
      timeoutMs: 5000,
    });
    await probe.next('ack', (body) => body.taskId === fresh && body.state === 'done');
    expect(gateway.snapshot().devices[0]!.elements[0]).toMatchObject({ onOff: 1, lightness: 60 });

    const config = ++taskIds;
    await probe.command(sn, {
      taskId: config,
      targets: targets(3),
      action: { op: 'config', profileId: 4, settings: { holdTime: 120 } },
      timeoutMs: 5000,
    });
    await probe.next('ack', (body) => body.taskId === config && body.state === 'done');
    expect(gateway.snapshot().devices[3]!.settings).toEqual({ holdTime: 120, profileId: 4 });
  });

  it.skipIf(skip)('cancels a running task: devices not yet done are reported canceled', async () => {
    const { sn, probe } = await setUp('cancel', { latencyMs: 2000 });
    const taskId = ++taskIds;
    await probe.command(sn, { taskId, targets: targets(0, 1), action: { op: 'light', onOff: 0 }, timeoutMs: 10_000 });
    await probe.next('ack', (body) => body.taskId === taskId && body.state === 'executing');
    await probe.command(sn, { cancelTaskId: taskId });
    const canceled = AckMessageSchema.parse(
      await probe.next('ack', (body) => body.taskId === taskId && body.state === 'canceled'),
    );
    expect(canceled.results).toEqual([
      { mac: 'AA0000000001', ok: false, reason: 'canceled' },
      { mac: 'AA0000000002', ok: false, reason: 'canceled' },
    ]);
  });

  it.skipIf(skip)(
    'answers sync with the whole mesh state and reports on-time and sensor triggers in its readings',
    async () => {
      const { sn, probe } = await setUp('reports', { reportPeriodMs: 1000, sensorMeanMs: 500, latencyMs: 0 });
      const taskId = ++taskIds;
      await probe.command(sn, { taskId, targets: [], action: { op: 'sync' }, timeoutMs: 5000 });
      const synced = StateMessageSchema.parse(
        await probe.next('state', (body) => (body.devices as unknown[]).length === MESH.length),
      );
      expect(synced.devices.every((d) => d.online === true)).toBe(true);
      // Over MQTT, a luminaire's on-time and a motion sensor's triggers travel in the readings reports.
      type Reading = { mac: string; elements: { onSeconds?: number; triggers?: number }[] };
      const lit = ReportMessageSchema.parse(
        await probe.next(
          'report',
          (body) =>
            body.kind === 'readings' &&
            (body.devices as Reading[]).some((d) => d.mac.startsWith('AA') && (d.elements[0]?.onSeconds ?? 0) > 0),
          5000,
        ),
      );
      expect(lit).toMatchObject({ kind: 'readings' });
      await probe.next(
        'report',
        (body) =>
          body.kind === 'readings' &&
          (body.devices as Reading[]).some((d) => d.mac === 'AA0000000004' && (d.elements[0]?.triggers ?? 0) > 0),
        8000,
      );
      // Each is reported one way: no `consume` or `sensorTrigger` reports beside the readings.
      const kinds = new Set(probe.all('report').map((body) => body.kind));
      expect(kinds.has('readings')).toBe(true);
      expect(kinds.has('consume') || kinds.has('sensorTrigger')).toBe(false);
    },
    15_000,
  );

  it.skipIf(skip)('triggers a motion sensor on request: its state says when, and only motion sensors can', async () => {
    const { gateway, probe } = await setUp('trigger');
    const before = Math.floor(Date.now() / 1000);
    expect(gateway.triggerSensor('AA0000000004', 10)).toBe(true);
    const state = StateMessageSchema.parse(
      await probe.next('state', (body) => (body.devices as { mac: string }[]).some((d) => d.mac === 'AA0000000004')),
    );
    const sensor = state.devices.find((d) => d.mac === 'AA0000000004')!;
    expect(sensor.elements[0]!.triggeredAt).toBeGreaterThanOrEqual(before);
    expect(() => gateway.triggerSensor('AA0000000001', 1)).toThrow('not a motion sensor');
    gateway.setDeviceOffline('AA0000000004');
    expect(gateway.triggerSensor('AA0000000004', 1)).toBe(false);
  });
});
