import { Code, isTaskEnded, type LiveEvent, type TaskDetail, TaskStatus, type TaskSummary } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type Session, type TestApp } from '../../../test/helpers.ts';
import { tasks } from '../../db/schema.ts';
import { sweepOverdueTasks } from '../../services/commands/task-lifecycle.ts';
import { buildLuminaires, TestGateway } from '../control/test-gateway.ts';

let t: TestApp;
const started: TestGateway[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await Promise.all(started.map((g) => g.close()));
  await t.close();
});

/** A network whose gateway takes commands but does not answer them, with `lights` luminaires. */
async function silentNetwork(lights = 3, confirmCancel = true) {
  const team = await networkTeam(t);
  const gateway = await TestGateway.start(t.db, t.brokerUrl, team.network.id);
  started.push(gateway);
  gateway.behaviour = { mode: 'silent', confirmCancel };
  const devices = await buildLuminaires(t.db, team.network.id, gateway.id, lights);
  return { ...team, gateway, devices };
}

async function send(session: Session, nid: number): Promise<TaskSummary> {
  const reply = await call(t.app, 'controlLight', { nid, target: { kind: 'network' }, onOff: 1 }, session);
  expect(reply.body.code).toBe(Code.ok);
  return reply.body.data as TaskSummary;
}

async function settled(session: Session, taskId: number, until = (task: TaskDetail) => isTaskEnded(task.status)) {
  return vi.waitFor(
    async () => {
      const task = (await call(t.app, 'taskGet', { taskId }, session)).body.data as TaskDetail;
      if (!until(task)) throw new Error(`task ${taskId} is ${task.status}`);
      return task;
    },
    { timeout: 10_000, interval: 50 },
  );
}

describeApi('task timeouts', () => {
  it('fails the devices without an outcome with reason timeout once the deadline has passed', async () => {
    const { sub, network, gateway } = await silentNetwork(3);
    const task = await send(sub.session, network.id);
    await vi.waitFor(() => expect(gateway.commands).toHaveLength(1));
    expect(gateway.commands[0]!.timeoutMs).toBe(5_300);
    // One device answered before the gateway went quiet.
    await gateway.ack({
      taskId: task.id,
      state: 'executing',
      results: [{ mac: gateway.commands[0]!.targets[0]!.mac, ok: true }],
    });
    const executing = await settled(sub.session, task.id, (row) => row.executed === 1);
    expect(executing.status).toBe(TaskStatus.executing);
    t.clock.advance(6);
    const ended = await settled(sub.session, task.id);
    expect(ended).toMatchObject({ status: TaskStatus.failed, executed: 1, failed: 2, failures: { timeout: 2 } });
    // Epoch seconds, like every instant of the API: ended after the 6 s the clock moved on.
    expect(ended.endTime! - ended.createTime).toBeGreaterThanOrEqual(6);
    expect(ended.endTime! - ended.createTime).toBeLessThan(60);
  });

  it('ends each overdue task exactly once when several processes sweep together', async () => {
    const { owner, network, gateway } = await silentNetwork(1);
    const task = await send(owner.session, network.id);
    const events: LiveEvent[] = [];
    const stop = t.app.ctx.live.subscribe(network.id, (event) => events.push(event));
    t.clock.advance(60);
    const swept = await Promise.all([sweepOverdueTasks(t.app.ctx), sweepOverdueTasks(t.app.ctx)]);
    const ended = await settled(owner.session, task.id);
    expect(ended).toMatchObject({ status: TaskStatus.failed, failures: { timeout: 1 } });
    expect(swept.flat().filter((id) => id === task.id).length).toBeLessThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const endings = events.filter((e) => e.type === 'task' && e.task.id === task.id && isTaskEnded(e.task.status));
    expect(endings).toHaveLength(1);
    expect(gateway.commands).toHaveLength(1);
    stop();
  });
});

describeApi('taskCancel', () => {
  it('cancels: canceling until the gateway confirms, then canceled; then 1083', async () => {
    const { sub, network, gateway } = await silentNetwork(2);
    const task = await send(sub.session, network.id);
    await vi.waitFor(() => expect(gateway.commands).toHaveLength(1));
    const reply = await call(t.app, 'taskCancel', { taskId: task.id }, sub.session);
    expect(reply.body.code).toBe(Code.ok);
    expect([TaskStatus.canceling, TaskStatus.canceled]).toContain((reply.body.data as TaskSummary).status);
    const ended = await settled(sub.session, task.id);
    expect(ended).toMatchObject({ status: TaskStatus.canceled, executed: 0, failed: 2, failures: { canceled: 2 } });
    expect(gateway.cancels).toEqual([task.id]);
    expect((await call(t.app, 'taskCancel', { taskId: task.id }, sub.session)).body.code).toBe(Code.taskEnded);
    // The gateway is free again.
    await send(sub.session, network.id);
  });

  it('ends a cancel the gateway never confirms as canceled at the cancel deadline', async () => {
    const { owner, installer, network, gateway } = await silentNetwork(1, false);
    const task = await send(owner.session, network.id);
    const first = await call(t.app, 'taskCancel', { taskId: task.id }, installer.session);
    expect((first.body.data as TaskSummary).status).toBe(TaskStatus.canceling);
    const again = await call(t.app, 'taskCancel', { taskId: task.id }, owner.session);
    expect((again.body.data as TaskSummary).status).toBe(TaskStatus.canceling);
    expect(
      (await call(t.app, 'controlLight', { nid: network.id, target: { kind: 'network' }, onOff: 0 }, owner.session))
        .body.code,
    ).toBe(Code.gatewayBusy);
    await vi.waitFor(() => expect(gateway.cancels).toEqual([task.id]));
    t.clock.advance(5);
    const ended = await settled(owner.session, task.id);
    expect(ended).toMatchObject({ status: TaskStatus.canceled, failures: { canceled: 1 } });
  });

  it('answers 1083 for an executed task and 1013 for a stranger or a missing task', async () => {
    const { owner, stranger, network, gateway, devices } = await silentNetwork(1);
    const task = await send(owner.session, network.id);
    await gateway.ack({ taskId: task.id, state: 'done', results: [{ mac: devices[0]!.mac, ok: true }] });
    const done = await settled(owner.session, task.id);
    expect(done.status).toBe(TaskStatus.executed);
    expect((await call(t.app, 'taskCancel', { taskId: task.id }, owner.session)).body.code).toBe(Code.taskEnded);
    for (const taskId of [task.id, 999_999]) {
      expect((await call(t.app, 'taskCancel', { taskId }, stranger.session)).body.code).toBe(Code.noPermission);
      expect((await call(t.app, 'taskGet', { taskId }, stranger.session)).body.code).toBe(Code.noPermission);
    }
  });
});

describeApi('taskList and taskGet', () => {
  it('lists a network’s tasks newest first by page, 1050 when there are none', async () => {
    const { owner, sub, stranger, network, gateway } = await silentNetwork(1);
    const empty = await call(t.app, 'taskList', { nid: network.id }, sub.session);
    expect(empty.body).toMatchObject({ code: Code.emptyList, data: { list: [], total: 0 } });
    const base = Date.now();
    const rows = await t.db
      .insert(tasks)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          nid: network.id,
          gatewayId: gateway.id,
          uid: owner.user.id,
          targetKind: 'network',
          action: { op: 'light', onOff: 1 },
          status: TaskStatus.executed,
          createdAt: new Date(base + i * 1000),
          endedAt: new Date(base + i * 1000 + 500),
          deadlineAt: new Date(base + i * 1000 + 5000),
        })),
      )
      .returning();
    const second = await call(t.app, 'taskList', { nid: network.id, page: 2, pageSize: 10 }, sub.session);
    expect(second.body.code).toBe(Code.ok);
    const page = second.body.data as { list: TaskSummary[]; total: number; page: number };
    expect(page.total).toBe(12);
    expect(page.list.map((task) => task.id)).toEqual([rows[1]!.id, rows[0]!.id]);
    const first = await call(t.app, 'taskList', { nid: network.id, pageSize: 10 }, owner.session);
    expect((first.body.data as { list: TaskSummary[] }).list[0]!.id).toBe(rows[11]!.id);
    for (const nid of [network.id, 999_999]) {
      expect((await call(t.app, 'taskList', { nid }, stranger.session)).body.code).toBe(Code.noPermission);
    }
  });

  it('shows each device with its name, status and reason', async () => {
    const { sub, network, gateway, devices } = await silentNetwork(2);
    const task = await send(sub.session, network.id);
    await vi.waitFor(() => expect(gateway.commands).toHaveLength(1));
    await gateway.ack({
      taskId: task.id,
      state: 'done',
      results: [
        { mac: devices[0]!.mac, ok: true },
        { mac: devices[1]!.mac, ok: false, reason: 'unsupported' },
      ],
    });
    const detail = await settled(sub.session, task.id);
    expect(detail.devices).toEqual([
      { deviceId: devices[0]!.id, name: devices[0]!.name, status: TaskStatus.executed, reason: null },
      { deviceId: devices[1]!.id, name: devices[1]!.name, status: TaskStatus.failed, reason: 'unsupported' },
    ]);
    expect(detail).toMatchObject({ status: TaskStatus.failed, executed: 1, failed: 1, failures: { unsupported: 1 } });
  });
});
