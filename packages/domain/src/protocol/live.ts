import { z } from 'zod';
import { TaskStatus } from './task-status.ts';

export const TaskStatusSchema = z.union(Object.values(TaskStatus).map((value) => z.literal(value)));

/** What the console tells about a command: its state and the per-device tally ("9 executed, 1 failed"). */
export const TaskSummarySchema = z.object({
  id: z.number().int(),
  nid: z.number().int(),
  gatewayId: z.number().int(),
  status: TaskStatusSchema,
  targetKind: z.string(),
  targetId: z.number().int().nullable(),
  total: z.number().int(),
  executed: z.number().int(),
  failed: z.number().int(),
  /** Failed devices by reason, e.g. `{ offline: 1 }`. */
  failures: z.record(z.string(), z.number().int()),
  createTime: z.number().int().describe('Created: epoch seconds, UTC'),
  endTime: z.number().int().nullable().describe('Ended: epoch seconds, UTC; null while running'),
});
export type TaskSummary = z.infer<typeof TaskSummarySchema>;

/** The live state of one element, as the plan draws it. */
export const LiveElementSchema = z.object({
  index: z.number().int(),
  type: z.number().int(),
  onOff: z.number().int(),
  lightness: z.number(),
  cct: z.number().int().nullable(),
  status: z.number().int(),
  /** False for an element dimmed on the non-linear curve (section 9); the console always sends it. */
  isLinear: z.boolean().optional(),
});

/**
 * Live updates to browsers (`/api/v1/live/stream`, server-sent events): the devices, gateways and tasks of
 * a network as they change. Every server process sends them to its own browsers; they travel between
 * processes on the broker's `lw/srv/live/<nid>` topics.
 */
export const LiveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('devices'),
    nid: z.number().int(),
    devices: z.array(
      z.object({
        id: z.number().int(),
        online: z.boolean(),
        elements: z.array(LiveElementSchema),
        /** Whether the console counts the device faulty (`isFaultyDevice`); the console always sends it. */
        fault: z.boolean().optional(),
      }),
    ),
  }),
  z.object({
    type: z.literal('gateway'),
    nid: z.number().int(),
    gateway: z.object({
      id: z.number().int(),
      status: z.number().int(),
      meshStatus: z.number().int(),
      lastSeen: z.number().int().nullable().describe('Last heard from: epoch seconds, UTC'),
    }),
  }),
  z.object({ type: z.literal('task'), nid: z.number().int(), task: TaskSummarySchema }),
  /** Devices were added, removed or renamed: reload lists. */
  z.object({ type: z.literal('inventory'), nid: z.number().int() }),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
