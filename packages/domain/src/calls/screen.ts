import { z } from 'zod';
import { IdSchema, text } from '../schemas/common.ts';
import { defineCall, nothing } from './define.ts';
import { Co2SetSchema } from './energy.ts';
import { DeviceStateSchema } from './gateway.ts';

/**
 * A display key: `lwd_` and 43 base64url characters (256 random bits). It opens one network's lobby
 * dashboard (`/screen/index`) and nothing else; the console keeps only its SHA-256.
 */
export const DisplayKeySchema = z.string().regex(/^lwd_[A-Za-z0-9_-]{43}$/, 'a display key as shown when it was made');

/** A display key as its network's administrator sees it after making it (the key itself is never shown again). */
export const DisplayTokenSchema = z.object({
  id: IdSchema,
  nid: IdSchema,
  name: z.string(),
  createdByName: z.string().nullable(),
  createTime: z.number().int().describe('Created: epoch seconds, UTC'),
  lastUsed: z.number().int().nullable().describe('Last opened a dashboard: epoch seconds, UTC; null when never'),
});
export type DisplayToken = z.infer<typeof DisplayTokenSchema>;

/** A new display key, shown once. */
export const DisplayTokenWithKeySchema = DisplayTokenSchema.extend({ key: DisplayKeySchema });

/** One zone of the dashboard: its lights now. */
export const ScreenZoneSchema = z.object({
  id: IdSchema,
  name: z.string(),
  luminaires: z.number().int(),
  lightsOn: z.number().int(),
  offline: z.number().int(),
  faults: z.number().int(),
});

/** What a lobby dashboard shows of a network when it opens; live events keep it current. */
export const ScreenSnapshotSchema = z.object({
  network: z.object({ id: IdSchema, name: z.string(), timeZone: z.string(), category: z.string() }),
  /** Name of the display key that opened it; null for a signed-in member. */
  display: z.string().nullable(),
  now: z.number().int().describe('Answered: epoch seconds, UTC'),
  gateways: z.object({ total: z.number().int(), online: z.number().int() }),
  zones: z.array(ScreenZoneSchema),
  /** Emergency fittings now: how many, how many are overdue for a test, and their faults still open in the log. */
  emergency: z.object({ fittings: z.number().int(), overdue: z.number().int(), openFaults: z.number().int() }),
  /** Today so far (the network's local day): energy by source, cost and CO2, as the overview counts them. */
  today: z.object({
    energyWh: z.number(),
    shareBasisPoints: z.object({ meter: z.number(), d4i: z.number(), estimate: z.number() }),
    cost: z.number().int().describe('Hundredths of the currency'),
    currency: z.string(),
    co2Grams: z.number(),
    /** The factor set(s) today's CO2 was converted with (the one in force today). */
    co2Sets: z.array(Co2SetSchema),
    savedWh: z.number(),
  }),
  /** Devices with their zone, kind and live state; live events change `online` and `elements`. */
  devices: z.array(DeviceStateSchema.extend({ zoneId: IdSchema.nullable(), kind: z.string() })),
});
export type ScreenSnapshot = z.infer<typeof ScreenSnapshotSchema>;

const displayName = text(40, 1);

/**
 * The lobby dashboard (`/screen/index`, section 2) and its display keys. A network's administrator makes,
 * names and revokes keys; a key opens that network's dashboard and its live events, and every other call
 * refuses it as it refuses any unknown token (1012).
 */
export const screenCalls = {
  displayTokenAdd: defineCall({
    path: '/api/v1/network/display/add',
    auth: true,
    tag: 'screen',
    summary: "Make a named display key for a network's lobby dashboard (its administrator); the key is shown once",
    payload: { nid: IdSchema, name: displayName },
    data: DisplayTokenWithKeySchema,
  }),
  displayTokenList: defineCall({
    path: '/api/v1/network/display/list',
    auth: true,
    tag: 'screen',
    summary: "A network's display keys that are not revoked (its administrator; 1050 when none)",
    payload: { nid: IdSchema },
    data: z.array(DisplayTokenSchema),
  }),
  displayTokenRevoke: defineCall({
    path: '/api/v1/network/display/revoke',
    auth: true,
    tag: 'screen',
    summary: 'Revoke a display key: dashboards opened with it stop at once (its administrator)',
    payload: { id: IdSchema },
    data: nothing,
  }),
  screenView: defineCall({
    path: '/api/v1/screen/view',
    auth: true,
    tag: 'screen',
    summary: 'The lobby dashboard of a network for a signed-in member (every member)',
    payload: { nid: IdSchema },
    data: ScreenSnapshotSchema,
  }),
  screenDisplay: defineCall({
    path: '/api/v1/screen/display',
    auth: false,
    tag: 'screen',
    summary: 'The lobby dashboard a display key opens (no session; 1012 for an unknown or revoked key)',
    payload: { key: DisplayKeySchema },
    data: ScreenSnapshotSchema,
  }),
  screenLive: defineCall({
    path: '/api/v1/screen/live',
    auth: false,
    tag: 'screen',
    summary:
      'Live updates of the network a display key opens, as server-sent events like `liveStream`; the stream ends when the key is revoked',
    payload: { key: DisplayKeySchema },
    data: nothing,
  }),
};
