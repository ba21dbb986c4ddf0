import { randomBytes } from 'node:crypto';
import { seededRandom } from '@lightwell/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateFleet, type Simulator, startSimulator } from '../src/fleet.ts';
import { dropMidStream, morningBurst, reconnectStorm } from '../src/scenarios.ts';
import { ConsoleProbe, MOSQUITTO_REQUIRED, mosquittoAvailable, startTestBroker, type TestBroker } from './support.ts';

const mosquitto = await mosquittoAvailable();
if (!mosquitto && !MOSQUITTO_REQUIRED)
  console.warn('Mosquitto is not listening on 127.0.0.1:1883: its half of the scenario tests is skipped');

type Body = Record<string, unknown>;
const snOf = (topic: string) => topic.split('/')[2]!;

/** Waits (within the test's timeout) until `done` holds; checked again on every message the probe gets. */
function until(probe: ConsoleProbe, done: () => boolean): Promise<void> {
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (!done()) return;
      probe.client.off('message', check);
      resolve();
    };
    probe.client.on('message', check);
  });
}

/** The console's side of durable reports: stores each gateway's reports in order and confirms them. */
function confirmReports(probe: ConsoleProbe, stored: Map<string, number>): void {
  probe.client.on('message', (topic, payload) => {
    if (!topic.endsWith('/report')) return;
    const sn = snOf(topic);
    const { seq } = JSON.parse(payload.toString('utf8')) as { seq: number };
    const upTo = stored.get(sn);
    if (upTo !== undefined && seq !== upTo + 1) return;
    stored.set(sn, seq);
    void probe.command(sn, { storedUpTo: seq });
  });
}

describe.each([
  { broker: 'aedes (in-process)', skip: false },
  { broker: 'Mosquitto 127.0.0.1:1883', skip: !mosquitto },
])('scenarios on $broker', ({ broker: label, skip }) => {
  let broker: TestBroker | null = null;
  let url = 'mqtt://127.0.0.1:1883';
  let simulator: Simulator | null = null;
  let probe: ConsoleProbe | null = null;

  beforeAll(async () => {
    if (skip) return;
    if (label.startsWith('aedes')) {
      broker = await startTestBroker(0, new Map(), true);
      url = broker.url;
    }
  });
  afterEach(async () => {
    await simulator?.stop();
    await probe?.close();
    simulator = null;
    probe = null;
  });
  afterAll(async () => {
    await broker?.close();
  });

  /** A fleet of `count` gateways with 16 devices each, and a console probe listening to all of them. */
  async function setUp(count: number) {
    const prefix = `t-scn-${randomBytes(3).toString('hex')}`;
    probe = await ConsoleProbe.connect(url, '+');
    const fleet = generateFleet(count, 16, prefix);
    simulator = await startSimulator({
      brokerUrl: url,
      gateways: fleet,
      latencyMs: 0,
      reportPeriodMs: 0,
      sensorMeanMs: 0,
      random: seededRandom(5),
    });
    const ours = (topic: string) => fleet.some((gateway) => gateway.sn === snOf(topic));
    return { fleet, simulator, probe, ours };
  }

  it.skipIf(skip)('morning-burst: every luminaire of every gateway reports itself on at once', async () => {
    const { fleet, simulator, probe, ours } = await setUp(3);
    const mark = probe.messages.length;
    const result = morningBurst(simulator);
    const luminaires = fleet.flatMap((gateway) =>
      [...simulator.gateway(gateway.sn).devices.values()].filter((d) => d.isLuminaire).map((d) => d.mac),
    );
    expect(result).toEqual({ meshes: 3, devices: luminaires.length });
    type State = { devices: { mac: string; elements: Body[] }[] };
    const lit = (element: Body) => element.onOff === 1 && element.lightness === 100;
    // The burst's messages: states after the mark that show a luminaire at the scene's full light (an
    // emergency fitting's own report may add a state message of its own meanwhile).
    const burst = () =>
      probe.messages
        .slice(mark)
        .filter((message) => message.topic.endsWith('/state') && ours(message.topic))
        .map((message) => message.body as State)
        .filter((state) => state.devices.some((device) => device.elements.some(lit)));
    const litMacs = () => new Set(burst().flatMap((state) => state.devices.map((device) => device.mac)));
    await until(probe, () => litMacs().size >= luminaires.length);
    expect([...litMacs()].sort()).toEqual([...luminaires].sort());
    expect(burst().every((state) => state.devices.length === 1)).toBe(true);
  });

  it.skipIf(skip)('reconnect-storm: every gateway drops (its will fires) and is back within the window', async () => {
    const { fleet, simulator, probe } = await setUp(5);
    const mark = probe.messages.length;
    const result = await reconnectStorm(simulator, { withinMs: 1000, random: seededRandom(9) });
    expect(result.gateways).toBe(5);
    const after = () => probe.messages.slice(mark).filter((message) => message.topic.endsWith('/status'));
    const wentAndCame = (sn: string) => {
      const mine = after().filter((message) => snOf(message.topic) === sn);
      const will = mine.findIndex((message) => message.body.online === false);
      return will >= 0 && mine.slice(will).some((message) => message.body.online === true);
    };
    await until(probe, () => fleet.every((gateway) => wentAndCame(gateway.sn)));
    expect(simulator.snapshot().map((gateway) => gateway.connection)).toEqual(fleet.map(() => 'online'));
  });

  it.skipIf(skip)('drop-mid-stream: the dropped gateways resend what was not confirmed, no number lost', async () => {
    const { fleet, simulator, probe } = await setUp(4);
    const stored = new Map<string, number>();
    confirmReports(probe, stored);
    const reported = () =>
      fleet.every((gateway) => stored.get(gateway.sn) === simulator.gateway(gateway.sn).reports.nextSeq - 1);
    await until(probe, reported);
    const streams = await dropMidStream(simulator, {
      share: 0.5,
      reports: 10,
      offlineMs: 300,
      random: seededRandom(3),
    });
    expect(streams).toHaveLength(2);
    await until(probe, reported);
    for (const stream of streams) {
      expect(stream.last - stream.first).toBe(9);
      expect(stream.droppedAfter - stream.first).toBe(4);
      const mine = probe.messages
        .filter((message) => message.topic === `lw/gw/${stream.sn}/report`)
        .map((message) => message.body.seq as number);
      for (let seq = stream.first; seq <= stream.last; seq += 1) expect(mine).toContain(seq);
      const will = probe.messages.findIndex(
        (message) => message.topic === `lw/gw/${stream.sn}/status` && message.body.online === false,
      );
      expect(will).toBeGreaterThanOrEqual(0);
      const afterWill = probe.messages.slice(will).filter((message) => message.topic === `lw/gw/${stream.sn}/report`);
      expect(afterWill.map((message) => message.body.seq)).toContain(stream.last);
      // Stored in order without a gap up to the stream's end: no number was lost.
      expect(stored.get(stream.sn)).toBeGreaterThanOrEqual(stream.last);
    }
  });
});
