import { z } from 'zod';
import { DurationKindSchema, EmergencyActionSchema, EmergencyLimits, TestKindSchema } from '../emergency/types.ts';
import { BUTTON_EVENTS } from '../profiles/profile-settings.ts';
import { ElementType } from './element-type.ts';
import { D4iBankRawSchema, MacSchema } from './primitives.ts';
import { DeviceReadingSchema } from './readings.ts';

/**
 * Messages between the console and gateways (docs/gateway-protocol.md). JSON, UTF-8, QoS 1.
 * Gateway → console messages that change stored state carry `seq`, a per-gateway sequence that grows by
 * one per message: the console applies a message only when its `seq` is newer than the stored one, so a
 * redelivered QoS-1 message changes nothing, and a gap makes the console ask for a full inventory.
 */

export { D4iBankRawSchema, MacSchema };

export const ElementTypeSchema = z.union(Object.values(ElementType).map((value) => z.literal(value)));

/** State of one element as a gateway reports it. Fields left out did not change. */
export const ElementStateSchema = z.object({
  index: z.number().int().min(0).max(31),
  type: ElementTypeSchema,
  /** 1 on, 0 off. */
  onOff: z.union([z.literal(0), z.literal(1)]).optional(),
  /** Light level in percent, 0-100, as asked (the non-linear curve applies in the driver). */
  lightness: z.number().min(0).max(100).optional(),
  /** Colour temperature in kelvin (DT8 only). */
  cct: z.number().int().min(1000).max(20000).optional(),
  /** Section 4 light status: 1 lamp fault, 2 driver fault, 3 both, 0 normal. */
  status: z.number().int().min(0).max(3).optional(),
  /** Section 3 device status flags byte (control gear fault, lamp fault, lamp on, …). */
  flags: z.number().int().min(0).max(255).optional(),
  /** Present on D4i drivers: the bank, read at `bankAt` (seconds). */
  d4i: D4iBankRawSchema.optional(),
  bankAt: z.number().int().optional().describe('D4i bank read: epoch seconds, UTC'),
  /** Sensors: the last trigger (seconds) and lux reading. */
  triggeredAt: z.number().int().optional().describe('Last trigger: epoch seconds, UTC'),
  lux: z.number().min(0).optional(),
  /** Emergency elements: mode code 0-10 and fault bits (section 4). */
  mode: z.number().int().min(0).max(10).optional(),
  faultBits: z.number().int().min(0).max(255).optional(),
});
export type ElementState = z.infer<typeof ElementStateSchema>;

/** One device in an inventory: what the gateway knows of it from provisioning. */
export const InventoryDeviceSchema = z.object({
  mac: MacSchema,
  /** Mesh unicast address. */
  address: z.number().int().min(1).max(0x7fff),
  /** Product model, matched against the product catalogue. */
  model: z.string().min(1).max(64),
  firmwareVersion: z.string().max(32).default(''),
  hardwareVersion: z.string().max(32).default(''),
  serialNumber: z.string().max(64).default(''),
  online: z.boolean(),
  elements: z.array(ElementStateSchema).max(32),
});
export type InventoryDevice = z.infer<typeof InventoryDeviceSchema>;

/** Gateway → console, retained on the presence topic; the last will is `{online: false}`. */
export const PresenceMessageSchema = z.object({
  online: z.boolean(),
  /** Mesh ready (section 3 meshStatus 1). */
  meshReady: z.boolean().default(false),
  firmware: z.string().max(32).optional(),
  /** Seconds since the epoch when the gateway published it. */
  at: z.number().int().optional().describe('Published: epoch seconds, UTC'),
});
export type PresenceMessage = z.infer<typeof PresenceMessageSchema>;

/** Gateway → console: the full device list of its mesh. */
export const InventoryMessageSchema = z.object({
  seq: z.number().int().min(0),
  devices: z.array(InventoryDeviceSchema).max(2000),
});
export type InventoryMessage = z.infer<typeof InventoryMessageSchema>;

/** Gateway → console: devices whose state changed. */
export const StateMessageSchema = z.object({
  seq: z.number().int().min(0),
  /** Seconds since the epoch. */
  at: z.number().int().describe('Published: epoch seconds, UTC'),
  devices: z
    .array(
      z.object({
        mac: MacSchema,
        online: z.boolean().optional(),
        elements: z.array(ElementStateSchema).max(32).default([]),
      }),
    )
    .max(2000),
});
export type StateMessage = z.infer<typeof StateMessageSchema>;

/** A device's state in a scene, as sent with a scene recall. */
export const SceneStateSchema = z.object({
  mac: MacSchema,
  onOff: z.union([z.literal(0), z.literal(1)]),
  lightness: z.number().min(0).max(100),
  cct: z.number().int().min(1000).max(20000).optional(),
});
export type SceneState = z.infer<typeof SceneStateSchema>;

/**
 * How a self-test ended on a fitting: `done` with its result bits, `stopped` by a stop command (or at the
 * fitting), `mainsLost` when mains failed during the test (the test is void; the console books a retest).
 */
export const EmergencyTestOutcomeSchema = z.enum(['done', 'stopped', 'mainsLost']);

/** A self-test result as an emergency fitting reports it (IEC 62386-202 test results). */
export const EmergencyTestResultSchema = z.object({
  kind: TestKindSchema,
  /** The console task that started it; null when the fitting started it itself. */
  taskId: z.number().int().min(1).nullable().default(null),
  outcome: EmergencyTestOutcomeSchema,
  startedAt: z.number().int().describe('Test started: epoch seconds, UTC'),
  endedAt: z.number().int().describe('Test ended: epoch seconds, UTC'),
  /** Failure status byte at the end of the test (bits 1…128). */
  failureBits: z.number().int().min(0).max(255),
  /** Duration tests: time on battery in 2-minute steps, 255 meaning 510 minutes or more. */
  durationResult: z.number().int().min(0).max(EmergencyLimits.durationResultMax).nullable().default(null),
  /** The test started later than the maximum test delay allowed (failure bit 16 or 32 was set). */
  delayExceeded: z.boolean().default(false),
});
export type EmergencyTestResult = z.infer<typeof EmergencyTestResultSchema>;

/**
 * The state fields of an emergency report (MQTT `emergency` report and `/SigMesh/report/emergency/node`):
 * mode code 0-10 and failure bits (section 4); the extended fields are optional for older gateways.
 */
export const EmergencyReportShape = {
  mac: MacSchema,
  at: z.number().int().describe('Published: epoch seconds, UTC'),
  /** Element index of the emergency element; the first emergency element when left out. */
  index: z.number().int().min(0).max(31).optional(),
  mode: z.number().int().min(0).max(10),
  /** Failure status byte (section 4 fault bits 1…128; 0 normal). */
  faultBits: z.number().int().min(0).max(255),
  /** Emergency status byte (inhibit, FT/DT done, battery full, FT/DT pending, …). */
  statusBits: z.number().int().min(0).max(255).optional(),
  /** Battery charge: 0 deep discharge … 254 full, 255 unknown. */
  batteryCharge: z.number().int().min(0).max(255).optional(),
  mainsPresent: z.boolean().optional(),
  /** Rated duration in 2-minute steps (3 h = 90). */
  ratedDuration: z.number().int().min(0).max(255).optional(),
  /** A self-test that ended since the previous report. */
  test: EmergencyTestResultSchema.optional(),
};

/** How long a duration test runs: the fitting's rated time, until the battery is empty, or custom minutes. */
export const EmergencyDurationSchema = z.object({
  kind: DurationKindSchema,
  minutes: z.number().int().min(1).max(EmergencyLimits.maxDurationMinutes).optional(),
});

/** What a command asks of each target device. */
export const CommandActionSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('light'),
    onOff: z.union([z.literal(0), z.literal(1)]).optional(),
    lightness: z.number().min(0).max(100).optional(),
    cct: z.number().int().min(1000).max(20000).optional(),
    /** Fade time in milliseconds. */
    fadeMs: z.number().int().min(0).max(3_600_000).default(0).describe('Fade, duration in milliseconds'),
  }),
  /**
   * Recall a scene by its number on the devices (1-65535). `states` carries each device's stored state of
   * the scene: the gateway first stores it on a device that does not hold it yet (the scene was saved while
   * the device or gateway was away), then recalls, so every device ends in the state the scene names.
   */
  z.object({
    op: z.literal('scene'),
    sceneNumber: z.number().int().min(1).max(65535),
    states: z.array(SceneStateSchema).max(2000).optional(),
  }),
  /** Store a scene on the devices: each device keeps the given state under the scene number. */
  z.object({
    op: z.literal('storeScene'),
    sceneNumber: z.number().int().min(1).max(65535),
    onOff: z.union([z.literal(0), z.literal(1)]),
    lightness: z.number().min(0).max(100),
    cct: z.number().int().min(1000).max(20000).optional(),
  }),
  /** Write a configuration profile's settings to the devices. */
  z.object({ op: z.literal('config'), profileId: z.number().int(), settings: z.record(z.string(), z.unknown()) }),
  /** Ask for a fresh state of the targets (or of the whole mesh when there are none). */
  z.object({ op: z.literal('sync') }),
  /**
   * An emergency command on fittings (IEC 62386-202): start a function or duration test (held pending by
   * a fitting until it can start, at most `maxDelayMinutes`), stop a test, inhibit for `inhibitMinutes`
   * (the fitting's timer is 15 minutes; the console renews it), or resume normal (re-light / reset inhibit;
   * never ends a real emergency). A device's ok means the fitting took the command; test results follow
   * as `emergency` reports carrying the task id.
   */
  z.object({
    op: z.literal('emergency'),
    command: EmergencyActionSchema,
    duration: EmergencyDurationSchema.optional(),
    inhibitMinutes: z.number().int().min(1).max(EmergencyLimits.maxInhibitMinutes).optional(),
    maxDelayMinutes: z
      .number()
      .int()
      .min(0)
      .max(EmergencyLimits.maxTestDelayMinutes)
      .default(EmergencyLimits.maxTestDelayMinutes),
  }),
]);
export type CommandAction = z.infer<typeof CommandActionSchema>;

/** Console → gateway: one command for a set of devices of the gateway's mesh. */
export const CommandMessageSchema = z.object({
  taskId: z.number().int().min(1),
  /** Targets as mesh addresses with their MAC (the gateway checks both). */
  targets: z.array(z.object({ mac: MacSchema, address: z.number().int() })).max(2000),
  action: CommandActionSchema,
  /** Milliseconds after which the console stops waiting; devices without an outcome then fail. */
  timeoutMs: z.number().int().min(100).max(600_000).describe('Time allowed, duration in milliseconds'),
});
export type CommandMessage = z.infer<typeof CommandMessageSchema>;

/** Console → gateway on the command topic: stop a task; devices not yet done are skipped. */
export const CancelMessageSchema = z.object({ cancelTaskId: z.number().int().min(1) });
export type CancelMessage = z.infer<typeof CancelMessageSchema>;

/**
 * Console → gateway on the command topic: publish the full inventory (with every element's state) at the
 * next sequence number. Sent when the console saw a gap in the state sequence, so a lost or reordered
 * state delta does not leave the console with a stale picture.
 */
export const InventoryRequestSchema = z.object({ sendInventory: z.literal(true) });
export type InventoryRequest = z.infer<typeof InventoryRequestSchema>;

/** Why a device did not execute a command. */
export const DeviceFailureSchema = z.enum(['offline', 'timeout', 'fault', 'unsupported', 'canceled', 'busy']);
export type DeviceFailure = z.infer<typeof DeviceFailureSchema>;

/**
 * Gateway → console: progress of a task. `state` moves received → executing → done (or canceled, or
 * refused when the gateway is busy); `results` may come in several messages before `done`.
 */
export const AckMessageSchema = z.object({
  taskId: z.number().int().min(1),
  state: z.enum(['received', 'executing', 'done', 'canceled', 'refused']),
  results: z
    .array(z.object({ mac: MacSchema, ok: z.boolean(), reason: DeviceFailureSchema.optional() }))
    .max(2000)
    .default([]),
});
export type AckMessage = z.infer<typeof AckMessageSchema>;

/** Gateway → console: reports (mirroring the mesh-prefix HTTP report calls of section 7). */
export const ReportMessageSchema = z.discriminatedUnion('kind', [
  /** Energy used by a device's light elements since the previous report. */
  z.object({
    kind: z.literal('consume'),
    seq: z.number().int().min(0),
    mac: MacSchema,
    at: z.number().int().describe('Published: epoch seconds, UTC'),
    /** Seconds the light was on in the period, and energy in watt-hours. */
    onSeconds: z.number().int().min(0).describe('Light on in the period, duration in seconds'),
    energyWh: z.number().min(0),
  }),
  z.object({
    kind: z.literal('sensorTrigger'),
    seq: z.number().int().min(0),
    mac: MacSchema,
    at: z.number().int().describe('Published: epoch seconds, UTC'),
    count: z.number().int().min(1).default(1),
  }),
  /**
   * A push button or panel was pressed. The mesh has already carried out the action its profile gives
   * the event on `targets` (the luminaires it was configured with); their new state follows as `state`.
   */
  z.object({
    kind: z.literal('buttonPress'),
    seq: z.number().int().min(0),
    mac: MacSchema,
    at: z.number().int().describe('Published: epoch seconds, UTC'),
    event: z.enum(BUTTON_EVENTS),
    targets: z.array(MacSchema).max(2000),
  }),
  /**
   * Readings of the interval ending at `at` (energy counters, power, D4i banks, on-time, sensor triggers,
   * occupancy), per device element. Kept once per gateway and `seq`, then confirmed with `storedUpTo`.
   */
  z.object({
    kind: z.literal('readings'),
    seq: z.number().int().min(0),
    at: z.number().int().describe('End of the interval: epoch seconds, UTC'),
    devices: z.array(DeviceReadingSchema).min(1).max(2000),
  }),
  /**
   * The first report of a gateway's report stream (a new gateway, or one that lost its counter): nothing
   * numbered below `seq` will come. The console confirms nothing for a gateway before it stored one.
   */
  z.object({
    kind: z.literal('streamStart'),
    seq: z.number().int().min(0),
    at: z.number().int().describe('Published: epoch seconds, UTC'),
  }),
  /**
   * Not numbered itself: the reports `from`..`to` were dropped by the gateway (its replay buffer
   * overflowed) and will never come. The console records a gap for the part it does not hold.
   */
  z.object({
    kind: z.literal('lost'),
    from: z.number().int().min(0),
    to: z.number().int().min(0),
    at: z.number().int().describe('Published: epoch seconds, UTC'),
  }),
  /**
   * An emergency fitting's state and, when a self-test ended, its result (mirrors
   * `/SigMesh/report/emergency/node`). Sent on every change of mode, status, failure bits or mains, and
   * at least hourly with the battery charge.
   */
  z.object({ kind: z.literal('emergency'), seq: z.number().int().min(0), ...EmergencyReportShape }),
  /** A diagnosis entry of the gateway itself (gateway page diagnosis list). */
  z.object({
    kind: z.literal('diagnosis'),
    seq: z.number().int().min(0),
    at: z.number().int().describe('Published: epoch seconds, UTC'),
    level: z.enum(['info', 'warning', 'error']),
    code: z.string().max(64),
    message: z.string().max(500),
  }),
]);
export type ReportMessage = z.infer<typeof ReportMessageSchema>;
