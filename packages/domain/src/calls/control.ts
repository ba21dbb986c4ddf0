import { z } from 'zod';
import { Limits } from '../limits.ts';
import { TaskStatusSchema, TaskSummarySchema } from '../protocol/live.ts';
import { IdSchema, PageSizeSchema } from '../schemas/common.ts';
import { pageSchema } from '../schemas/network.ts';
import { type CallDef, defineCall } from './define.ts';
import { RuleMessages } from './input-problems.ts';

/** What a light command is for: devices, zones or groups by id, or the whole network. */
export const ControlTargetSchema = z
  .object({
    kind: z.enum(['device', 'zone', 'group', 'network']),
    ids: z.array(IdSchema).max(2000).optional(),
  })
  .refine((target) => target.kind === 'network' || (target.ids !== undefined && target.ids.length > 0), {
    message: RuleMessages.targetIds,
  });
export type ControlTarget = z.infer<typeof ControlTargetSchema>;

/** Light settings of a command: switch, level in percent, colour temperature, fade. */
export const LightSettingsShape = {
  onOff: z.union([z.literal(0), z.literal(1)]).optional(),
  lightness: z.number().min(0).max(100).optional(),
  cct: z.number().int().min(1000).max(20000).optional(),
  fadeMs: z.number().int().min(0).max(3_600_000).optional().describe('Fade, duration in milliseconds'),
};

/** One device's outcome within a task. */
export const TaskDeviceSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  status: TaskStatusSchema,
  /**
   * Why it failed: offline, timeout, fault, unsupported, canceled or busy; inEmergency when the console did
   * not send "resume normal" to a fitting in a real emergency.
   */
  reason: z.string().nullable(),
});
export type TaskDevice = z.infer<typeof TaskDeviceSchema>;

/** A task with the outcome of each of its devices. */
export const TaskDetailSchema = TaskSummarySchema.extend({ devices: z.array(TaskDeviceSchema) });
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

/** Answer of a whole-project command: one task per network, and the networks that refused with their code. */
export const ProjectControlResultSchema = z.object({
  tasks: z.array(TaskSummarySchema),
  skipped: z.array(z.object({ nid: z.number().int(), code: z.number().int() })),
});

const gatewayId = { gatewayId: IdSchema.optional() };
const taskId = { taskId: IdSchema };

/**
 * Remote control and its tasks (spec sections 4 and 5, docs/gateway-protocol.md "Commands and tasks").
 * Every member of a network may control its lights; refusals answer 1070-1075.
 */
export const controlCalls = {
  controlLight: defineCall({
    path: '/api/v1/control/light',
    auth: true,
    tag: 'control',
    summary: 'Switch, dim or tune devices, zones, groups or the whole network (every member); answers the task',
    payload: { nid: IdSchema, ...gatewayId, target: ControlTargetSchema, ...LightSettingsShape },
    data: TaskSummarySchema,
    refine: [
      (p) => p.onOff !== undefined || p.lightness !== undefined || p.cct !== undefined,
      RuleMessages.lightSetting,
    ],
  }),
  controlScene: defineCall({
    path: '/api/v1/control/scene',
    auth: true,
    tag: 'control',
    summary: 'Recall a scene on its devices (built-in scenes: every luminaire off, 50 % or on); answers the task',
    payload: { nid: IdSchema, ...gatewayId, sceneId: IdSchema },
    data: TaskSummarySchema,
  }),
  controlProject: defineCall({
    path: '/api/v1/control/project',
    auth: true,
    tag: 'control',
    summary: 'Switch every network of a project the caller belongs to: one task per network, refusals listed',
    payload: {
      pid: IdSchema,
      onOff: z.union([z.literal(0), z.literal(1)]),
      lightness: z.number().min(0).max(100).optional(),
    },
    data: ProjectControlResultSchema,
  }),
  taskList: defineCall({
    path: '/api/v1/task/list',
    auth: true,
    tag: 'control',
    summary: 'Tasks of a network, newest first (1050 when none)',
    payload: {
      nid: IdSchema,
      page: z.number().int().min(1).max(100_000).default(1),
      pageSize: PageSizeSchema.default(Limits.defaultPageSize),
    },
    data: pageSchema(TaskSummarySchema),
  }),
  taskGet: defineCall({
    path: '/api/v1/task/get',
    auth: true,
    tag: 'control',
    summary: 'A task with the outcome of each device',
    payload: taskId,
    data: TaskDetailSchema,
  }),
  taskCancel: defineCall({
    path: '/api/v1/task/cancel',
    auth: true,
    tag: 'control',
    summary: 'Cancel a waiting or executing task (canceling until the gateway confirms; 1083 when ended)',
    payload: taskId,
    data: TaskSummarySchema,
  }),
} satisfies Record<string, CallDef>;
