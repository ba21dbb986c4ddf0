// Task states without their zod schema (live.ts): the web app's plan and task views read them
// without loading zod.

/**
 * Section 4 task states, as stored and sent: 0 waiting for execution, 1 non-execution, 2 executing,
 * 3 executed, 4 failed, 5 canceled, 6 canceling.
 */
export const TaskStatus = {
  waiting: 0,
  nonExecution: 1,
  executing: 2,
  executed: 3,
  failed: 4,
  canceled: 5,
  canceling: 6,
} as const;
export type TaskStatusValue = (typeof TaskStatus)[keyof typeof TaskStatus];

/** Whether a task has ended (no more outcomes will change it). */
export const isTaskEnded = (status: number) =>
  status === TaskStatus.nonExecution ||
  status === TaskStatus.executed ||
  status === TaskStatus.failed ||
  status === TaskStatus.canceled;

/** How far a task has come by its status: waiting, executing, canceling, then ended. */
const stage = (status: number) =>
  isTaskEnded(status) ? 3 : status === TaskStatus.canceling ? 2 : status === TaskStatus.executing ? 1 : 0;

/**
 * The later of two views of one task. A task only moves forward (waiting → executing → canceling → ended)
 * and its outcomes only grow, so a view that is behind — a list fetched just before a live event, or a
 * call's answer that arrives after it — never replaces a newer one. On a tie the incoming view wins.
 */
export function laterTask<T extends { status: number; executed: number; failed: number }>(known: T, incoming: T): T {
  const byStage = stage(incoming.status) - stage(known.status);
  if (byStage !== 0) return byStage > 0 ? incoming : known;
  return incoming.executed + incoming.failed >= known.executed + known.failed ? incoming : known;
}
