import { isTaskEnded, type TaskDetail } from '@lightwell/domain';
import { afterAll, beforeAll, vi } from 'vitest';
import { buildTestApp, call, type Session, type TestApp } from '../../../test/helpers.ts';
import { TestGateway } from './test-gateway.ts';

/** Waits until the task has ended (or `until` holds) and answers it with its devices. */
async function settled(
  t: TestApp,
  session: Session,
  taskId: number,
  until = (task: TaskDetail) => isTaskEnded(task.status),
) {
  return vi.waitFor(
    async () => {
      const reply = await call(t.app, 'taskGet', { taskId }, session);
      const task = reply.body.data as TaskDetail;
      if (!until(task)) throw new Error(`task ${taskId} is ${task.status}`);
      return task;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** A controlLight payload switching the whole network off. */
export const lightsOff = (nid: number, extra: Record<string, unknown> = {}) => ({
  nid,
  target: { kind: 'network' },
  onOff: 0,
  ...extra,
});

/**
 * Registers the hooks of a control test file: a test app before the tests, and after them every gateway
 * started through `gatewayIn` closed and the app closed. Answers the app (once built) and the helpers the
 * tests share.
 */
export function useControlSite() {
  let t: TestApp;
  const started: TestGateway[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await Promise.all(started.map((g) => g.close()));
    await t.close();
  });
  return {
    /** The test app; built before the first test. */
    get t() {
      return t;
    },
    /** Starts a test gateway in `nid` (its row with `row`), closed after the tests. */
    gatewayIn: async (nid: number, row: Parameters<typeof TestGateway.start>[3] = {}) => {
      const gateway = await TestGateway.start(t.db, t.brokerUrl, nid, row);
      started.push(gateway);
      return gateway;
    },
    /** Waits until the task has ended (or `until` holds) and answers it with its devices. */
    settled: (session: Session, taskId: number, until?: (task: TaskDetail) => boolean) =>
      settled(t, session, taskId, until),
  };
}
