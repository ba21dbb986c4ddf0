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
