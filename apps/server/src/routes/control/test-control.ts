import { isTaskEnded, type TaskDetail } from '@lightwell/domain';
import { vi } from 'vitest';
import { call, type Session, type TestApp } from '../../../test/helpers.ts';

/** Waits until the task has ended (or `until` holds) and answers it with its devices. */
export async function settled(
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
