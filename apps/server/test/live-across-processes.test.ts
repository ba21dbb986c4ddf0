import { randomBytes } from 'node:crypto';
import { Code, gatewayTopic, isTaskEnded, type LiveEvent, TaskStatus, type TaskSummary } from '@lightwell/domain';
import { SimGateway } from '@lightwell/simulator';
import { and, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { devices, gateways } from '../src/db/schema.ts';
import { hashGatewaySecret } from '../src/gateway-link/credentials.ts';
import { buildTestApp, call, createPgDatabase, networkTeam, type TestApp } from './helpers.ts';
import { listen, openLiveStream } from './live-stream.ts';
import { waitFor } from './mqtt/fake-gateway.ts';
import { DEPLOYMENT_BROKER, describeDeployment } from './mqtt/mosquitto.ts';

const BROKER = DEPLOYMENT_BROKER;
/** Two processes of one deployment need one PostgreSQL database: this runs in the server-pg project only. */
const describeTwoProcesses = await describeDeployment();

describeTwoProcesses('two server processes on one PostgreSQL database and one Mosquitto', () => {
  let drop: () => Promise<void>;
  let a: TestApp;
  let b: TestApp;
  let baseUrlB: string;
  const sn = `gw-xproc-${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(12).toString('hex');
  let gateway: SimGateway | null = null;

  beforeAll(async () => {
    const database = await createPgDatabase();
    drop = database.drop;
    // One deployment: the same database, broker, signing secret and share group in both processes.
    const env = { MQTT_URL: BROKER, MQTT_SHARE_GROUP: `xproc-${randomBytes(4).toString('hex')}` };
    a = await buildTestApp(env, { databaseUrl: database.url });
    b = await buildTestApp(env, { databaseUrl: database.url });
    baseUrlB = await listen(b.app);
  });
  afterAll(async () => {
    await gateway?.stop();
    // Leave no retained presence behind on the machine's broker.
    const cleaner = await mqtt.connectAsync(BROKER, { reconnectPeriod: 0 });
    await cleaner.publishAsync(gatewayTopic(sn, 'presence'), '', { qos: 1, retain: true });
    await cleaner.endAsync();
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it("a command sent through A reaches the simulated gateway; its task and the lights' new state arrive on B's live stream", async () => {
    const { owner, sub, network } = await networkTeam(a);
    const [row] = await a.db
      .insert(gateways)
      .values({ nid: network.id, sn, name: 'Cross-process gateway', secretHash: hashGatewaySecret(secret) })
      .returning();
    gateway = new SimGateway({
      sn,
      secret,
      brokerUrl: BROKER,
      latencyMs: [5, 20],
      reportPeriodMs: 0,
      sensorMeanMs: 0,
      devices: [1, 2, 3].map((i) => ({
        mac: `CC00000000${i.toString().padStart(2, '0')}`,
        address: i + 1,
        kind: 'dt6' as const,
        model: 'X-DT6',
        onOff: 0 as const,
        lightness: 0,
      })),
    });
    gateway.start();
    await gateway.whenConnected();
    const lights = await waitFor(
      async () => {
        const [stored] = await b.db.select().from(gateways).where(eq(gateways.id, row!.id));
        const found = await b.db
          .select()
          .from(devices)
          .where(and(eq(devices.gatewayId, row!.id), eq(devices.online, true)));
        return stored!.status === 2 && found.length === 3 ? found : null;
      },
      10_000,
      'the gateway online with its three lights',
    );

    const stream = await openLiveStream(baseUrlB, owner.session, network.id);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    try {
      const reply = await call(
        a.app,
        'controlLight',
        { nid: network.id, target: { kind: 'network' }, onOff: 1, lightness: 40 },
        sub.session,
      );
      expect(reply.body.code).toBe(Code.ok);
      const task = reply.body.data as TaskSummary;
      expect(task.total).toBe(3);

      // Process A served the call, so only A published the task as waiting: B's stream has it through the broker.
      await waitFor(
        () =>
          stream.events.some((e) => e.type === 'task' && e.task.id === task.id && e.task.status === TaskStatus.waiting),
        5000,
        "the waiting task, published by A, on B's stream",
      );
      // Acks are shared round-robin between the processes, so `done` may be applied before the last
      // `executing` results; it repeats every outcome, so the task still ends executed.
      const ended = await waitFor(
        () =>
          stream.events.find(
            (e): e is Extract<LiveEvent, { type: 'task' }> =>
              e.type === 'task' && e.task.id === task.id && isTaskEnded(e.task.status),
          ),
        10_000,
        "the ended task on B's stream",
      );
      expect(ended).toMatchObject({
        nid: network.id,
        task: { total: 3, executed: 3, status: TaskStatus.executed, endTime: expect.any(Number) },
      });
      const lit = new Set<number>();
      await waitFor(
        () => {
          for (const event of stream.events) {
            if (event.type !== 'devices' || event.nid !== network.id) continue;
            for (const device of event.devices) {
              if (device.elements.some((el) => el.onOff === 1 && el.lightness === 40)) lit.add(device.id);
            }
          }
          return lit.size === 3;
        },
        10_000,
        "the three lights at 40 % on B's stream",
      );
      expect([...lit].sort()).toEqual(lights.map((d) => d.id).sort());
    } finally {
      stream.close();
    }
  });
});
