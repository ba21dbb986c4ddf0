import { z } from 'zod';
import { LiveElementSchema } from '../protocol/live.ts';
import { EmergencyReportShape, MacSchema } from '../protocol/messages.ts';
import { ElementReadingSchema } from '../protocol/readings.ts';
import { GATEWAY_ID_PATTERN } from '../protocol/topics.ts';
import { IdSchema, text } from '../schemas/common.ts';
import { PageQueryShape, pageSchema } from '../schemas/network.ts';
import { type CallDef, defineCall, nothing } from './define.ts';
import { RuleMessages } from './input-problems.ts';

/**
 * Section 3 gatewayType: 1 real first generation, 2 real second generation, 3 mesh type, 4 iOS simulation,
 * 5 Android simulation.
 */
export const GatewayTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);

/** A gateway id (serial number): its MQTT user name and topic segment. */
export const GatewaySnSchema = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.string().regex(GATEWAY_ID_PATTERN, '3-64 lower-case letters, digits or dashes'));

/** A gateway as listed (section 3 Gateway), with the section-4 on-load rule applied. */
export const GatewaySchema = z.object({
  id: IdSchema,
  nid: IdSchema,
  sn: z.string(),
  name: z.string(),
  gatewayType: z.number().int(),
  /** 2 online. */
  status: z.number().int(),
  /** 1 mesh-ready. */
  meshStatus: z.number().int(),
  /** The section-4 online rule. */
  online: z.boolean(),
  firmware: z.string(),
  /** Seconds since the epoch, or null when never seen. */
  lastSeen: z.number().int().nullable().describe('Last heard from: epoch seconds, UTC; null when never'),
  createTime: z.number().int().describe('Created: epoch seconds, UTC'),
  /**
   * Reports refused because they came stamped more than 5 minutes ahead of the console (a wrong gateway
   * clock; each is a `clockAhead` entry of its diagnosis list), and when the last one came.
   */
  clockAhead: z.object({
    count: z.number().int(),
    lastAt: z.number().int().nullable().describe('Last refused report received: epoch seconds, UTC; null when none'),
  }),
});
export type Gateway = z.infer<typeof GatewaySchema>;

/** A new gateway with its MQTT secret, shown once. */
export const GatewayWithSecretSchema = GatewaySchema.extend({ secret: z.string() });

/** One diagnosis entry a gateway reported. */
export const GatewayDiagnosisSchema = z.object({
  id: IdSchema,
  level: z.enum(['info', 'warning', 'error']),
  code: z.string(),
  message: z.string(),
  /** Seconds since the epoch. */
  at: z.number().int().describe('Reported: epoch seconds, UTC'),
});

/** A real device as its gateway reported it. */
export const GatewayRealDeviceSchema = z.object({
  id: IdSchema,
  name: z.string(),
  kind: z.string(),
  model: z.string(),
  mac: z.string(),
  address: z.number().int().nullable(),
  firmwareVersion: z.string(),
  hardwareVersion: z.string(),
  online: z.boolean(),
  lastSeen: z.number().int().nullable().describe('Last heard from: epoch seconds, UTC; null when never'),
});

/** The live state of a device as the plan draws it before live events arrive. */
export const DeviceStateSchema = z.object({
  id: IdSchema,
  /** Nodes of the plan that show this device. */
  nodeIds: z.array(IdSchema),
  online: z.boolean(),
  elements: z.array(LiveElementSchema),
  /** Whether the console counts the device faulty: the rule the overview, home and dashboard share. */
  fault: z.boolean(),
});

const gatewayName = text(32, 1);
const gatewayId = { gatewayId: IdSchema };

/** Gateways of a network, their diagnoses and devices, and the live stream (spec sections 3-5). */
export const gatewayCalls = {
  gatewayList: defineCall({
    path: '/api/v1/network/gateway/list',
    auth: true,
    tag: 'gateway',
    summary: 'Gateways of a network with status, mesh status, firmware and last seen (every member; 1050 when none)',
    payload: { nid: IdSchema },
    data: z.array(GatewaySchema),
  }),
  gatewayAdd: defineCall({
    path: '/api/v1/gateway/add',
    auth: true,
    tag: 'gateway',
    summary: 'Add a gateway (owner or installer); answers its MQTT secret once',
    payload: {
      nid: IdSchema,
      name: gatewayName,
      sn: GatewaySnSchema.optional(),
      gatewayType: GatewayTypeSchema.default(3),
    },
    data: GatewayWithSecretSchema,
  }),
  gatewayUpdate: defineCall({
    path: '/api/v1/gateway/update',
    auth: true,
    tag: 'gateway',
    summary: 'Rename a gateway (owner or installer)',
    payload: { ...gatewayId, name: gatewayName.optional() },
    data: GatewaySchema,
    refine: [(p) => p.name !== undefined, RuleMessages.nothingToChange],
  }),
  gatewayDelete: defineCall({
    path: '/api/v1/gateway/delete',
    auth: true,
    tag: 'gateway',
    summary: 'Delete a gateway (owner or installer); its MQTT connection is closed and its devices kept',
    payload: gatewayId,
    data: nothing,
  }),
  gatewaySecretReset: defineCall({
    path: '/api/v1/gateway/secret/reset',
    auth: true,
    tag: 'gateway',
    summary: 'Give a gateway a new MQTT secret (owner or installer); the old one stops working at once',
    payload: gatewayId,
    data: z.object({ secret: z.string() }),
  }),
  gatewayDiagnosisList: defineCall({
    path: '/api/v1/gateway/diagnosis/list',
    auth: true,
    tag: 'gateway',
    summary: 'Diagnosis entries a gateway reported, newest first (every member)',
    payload: { ...gatewayId, page: PageQueryShape.page, pageSize: PageQueryShape.pageSize },
    data: pageSchema(GatewayDiagnosisSchema),
  }),
  gatewayRealDevices: defineCall({
    path: '/api/v1/gateway/device/real/android',
    auth: true,
    tag: 'gateway',
    summary: 'Real devices a gateway reported in its inventory (every member; 1050 when none)',
    payload: gatewayId,
    data: z.array(GatewayRealDeviceSchema),
  }),
  deviceStateList: defineCall({
    path: '/api/v1/network/device/state',
    auth: true,
    tag: 'gateway',
    summary: 'Live state of every device of a network, for the plan (every member)',
    payload: { nid: IdSchema },
    data: z.object({ devices: z.array(DeviceStateSchema) }),
  }),
  liveStream: defineCall({
    path: '/api/v1/live/stream',
    auth: true,
    tag: 'gateway',
    summary:
      'Live updates of a network as server-sent events (text/event-stream): `data: <LiveEvent JSON>`, a ping comment every 15 s',
    payload: { nid: IdSchema },
    data: nothing,
  }),
} satisfies Record<string, CallDef>;

/** The gateway's own credentials on the mesh-prefix HTTP calls: its sn and its MQTT secret. */
const meshCredentials = { uid: z.string().max(64), token: z.string().max(256) };
const seq = z.number().int().min(0);
/** The readings of the report's device (the same shapes as a `readings` report's elements). */
const elements = z.array(ElementReadingSchema).min(1).max(32).optional();
const at = z.number().int().min(0).describe('Reported: epoch seconds, UTC');

/**
 * Mesh-prefix HTTP calls of section 7 (`/SigMesh/…`), sent by gateways rather than users: the body
 * carries the gateway's sn as `uid` and its secret as `token` (1012 when they do not match), and the
 * report fields mirror `ReportMessageSchema`. Answer `{ code: 0, data: null }`.
 */
export const meshCalls = {
  meshLbs: {
    path: '/SigMesh/lbs',
    summary: "Gateway location: becomes the network's location when it has none",
    body: z.strictObject({
      ...meshCredentials,
      email: z.string().max(254).optional(),
      country: z.string().max(64).default(''),
      longitude: z.number().min(-180).max(180),
      latitude: z.number().min(-90).max(90),
      deviceInfo: z.unknown().optional(),
    }),
  },
  meshEmergencyNode: {
    path: '/SigMesh/report/emergency/node',
    summary: 'Emergency state of a fitting (mode 0-10, fault and status bits, battery, mains) and a self-test result',
    body: z.strictObject({
      ...meshCredentials,
      ...EmergencyReportShape,
      seq,
      elements,
    }),
  },
  meshLightConsume: {
    path: '/SigMesh/report/light/consume',
    summary: 'Energy a luminaire used since the previous report',
    body: z.strictObject({
      ...meshCredentials,
      mac: MacSchema,
      at,
      onSeconds: z.number().int().min(0).describe('Light on in the period, duration in seconds'),
      energyWh: z.number().min(0),
      seq,
      elements,
    }),
  },
  meshSensorTrigger: {
    path: '/SigMesh/report/sensor/trigger',
    summary: 'Sensor triggers since the previous report',
    body: z.strictObject({
      ...meshCredentials,
      mac: MacSchema,
      at,
      count: z.number().int().min(1).default(1),
      seq,
      elements,
    }),
  },
} as const;
export type MeshCallName = keyof typeof meshCalls;
