import { Code, type LiveEvent, TaskStatus, type TaskSummary } from '@lightwell/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { buildGateway, connectGateway, send, waitFor } from '../../../test/mqtt/fake-gateway.ts';
import { gatewayDiagnoses, taskDevices, tasks } from '../../db/schema.ts';
import { buildLuminaires, TestGateway } from '../control/test-gateway.ts';

let t: TestApp;
const gateways: TestGateway[] = [];
const clients: MqttClient[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  for (const client of clients) client.end(true);
  await Promise.all(gateways.map((g) => g.close()));
  await t.close();
});

/** A gateway that logs in with its own credentials and can send any message on its own topics. */
async function impostor(nid: number) {
  const { gateway, sn, secret } = await buildGateway(t.db, nid, { status: 2, meshStatus: 1 });
  const client = await connectGateway(t.brokerUrl, sn, secret);
  clients.push(client);
  /** Sends a diagnosis after everything else and waits until it is stored: all sent before it was applied. */
  const settle = async () => {
    const code = `mark-${Math.random().toString(36).slice(2)}`;
    await send(client, sn, 'report', { kind: 'diagnosis', seq: 0, at: 1, level: 'info', code, message: 'm' });
    await waitFor(
      async () =>
        (
          await t.db
            .select()
            .from(gatewayDiagnoses)
            .where(and(eq(gatewayDiagnoses.gatewayId, gateway.id), eq(gatewayDiagnoses.code, code)))
        ).length > 0,
      5000,
      'the marker diagnosis',
    );
  };
  return { id: gateway.id, sn, client, settle };
}

const taskRows = async (taskId: number) => ({
  task: (await t.db.select().from(tasks).where(eq(tasks.id, taskId)))[0],
  devices: await t.db
    .select()
    .from(taskDevices)
    .where(eq(taskDevices.taskId, taskId))
    .orderBy(asc(taskDevices.deviceId)),
});

describeApi('acks of a gateway other than the task’s', () => {
  it('change nothing, from a gateway of the same network or of another one; the task’s own gateway still ends it', async () => {
    const { owner, network } = await networkTeam(t);
    const own = await TestGateway.start(t.db, t.brokerUrl, network.id);
    gateways.push(own);
    own.behaviour = { mode: 'silent', confirmCancel: false };
    const lights = await buildLuminaires(t.db, network.id, own.id, 2);
    const neighbour = await impostor(network.id);
    const stranger = await impostor((await networkTeam(t)).network.id);

    const reply = await call(
      t.app,
      'controlLight',
      { nid: network.id, gatewayId: own.id, target: { kind: 'network' }, onOff: 1 },
      owner.session,
    );
    expect(reply.body.code).toBe(Code.ok);
    const task = reply.body.data as TaskSummary;
    await vi.waitFor(() => expect(own.commands).toHaveLength(1));
    const before = await taskRows(task.id);
    expect(before.task).toMatchObject({ gatewayId: own.id, status: TaskStatus.waiting });
    expect(before.devices.map((d) => d.status)).toEqual([TaskStatus.waiting, TaskStatus.waiting]);
    const events: LiveEvent[] = [];
    const stop = t.app.ctx.live.subscribe(network.id, (event) => events.push(event));

    // Every kind of ack, with outcomes naming the task's own devices, as the wrong gateway.
    const results = lights.map((light) => ({ mac: light.mac, ok: true }));
    for (const other of [neighbour, stranger]) {
      for (const state of ['received', 'executing', 'done', 'canceled', 'refused'] as const) {
        await send(other.client, other.sn, 'ack', { taskId: task.id, state, results });
      }
      await other.settle();
    }
    expect(await taskRows(task.id)).toEqual(before);
    expect(events.filter((e) => e.type === 'task')).toEqual([]);

    // The same ack from the task's own gateway is applied.
    await own.ack({ taskId: task.id, state: 'done', results });
    await waitFor(
      async () => (await taskRows(task.id)).task?.status === TaskStatus.executed,
      5000,
      'the task executed',
    );
    const after = await taskRows(task.id);
    expect(after.devices.map((d) => d.status)).toEqual([TaskStatus.executed, TaskStatus.executed]);
    await waitFor(() => events.some((e) => e.type === 'task' && e.task.id === task.id), 5000, 'the task event');
    stop();
  });
});
