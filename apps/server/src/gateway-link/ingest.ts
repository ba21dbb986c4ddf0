import {
  BUTTON_EVENTS,
  type ElementState,
  ElementType,
  type InventoryMessage,
  isEmergencyElement,
  isLightElement,
  isStampedAhead,
  type LiveEvent,
  type PresenceMessage,
  type ReportMessage,
  type StateMessage,
} from '@lightwell/domain';
import { and, eq, getTableColumns, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  deviceElements,
  deviceReadings,
  devices,
  gatewayDiagnoses,
  gateways,
  productSubVersions,
  products,
} from '../db/schema.ts';
import { faultyAmong } from '../services/device-faults.ts';
import { addUsage, lockDevices, rollupTriggerReports } from '../telemetry/index.ts';
import { applyEmergencyReport } from './emergency-ingest.ts';
import type { LinkedGateway, ManualEvent } from './types.ts';

/* Applying what gateways send (docs/gateway-protocol.md "Applying messages"): pure database writes. */

/** What an applied message changed, for live events. */
export interface Applied {
  /** Devices whose state changed, by network. */
  devices?: { nid: number; ids: number[] };
  events?: LiveEvent[];
  /** The gateway is to be asked for its full inventory (a gap in its state sequence). */
  requestInventory?: boolean;
  /** Devices a person switched at the installation (a button press). */
  manual?: ManualEvent;
}

const toDate = (seconds: number) => new Date(seconds * 1000);
const toSeconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** Gateways by sn (one query for a batch of messages). */
export async function findGateways(db: Db, sns: string[]): Promise<Map<string, LinkedGateway>> {
  if (sns.length === 0) return new Map();
  const rows = await db
    .select({ id: gateways.id, nid: gateways.nid, sn: gateways.sn })
    .from(gateways)
    .where(inArray(gateways.sn, sns));
  return new Map(rows.map((row) => [row.sn, row]));
}

/**
 * Presence: status 2 online / 1 offline, mesh status, firmware and last seen; a `gateway` event. Going
 * offline also marks the gateway's devices offline (a `devices` event).
 */
export async function applyPresence(
  db: Db,
  gateway: LinkedGateway,
  message: PresenceMessage,
  now: Date,
): Promise<Applied> {
  const [row] = await db
    .update(gateways)
    .set({
      status: message.online ? 2 : 1,
      meshStatus: message.online && message.meshReady ? 1 : 0,
      firmware: message.firmware ?? sql`${gateways.firmware}`,
      lastSeenAt: now,
    })
    .where(eq(gateways.id, gateway.id))
    .returning();
  if (!row) return {};
  // A gateway that is gone can no longer reach its mesh: its devices show offline until its next inventory.
  const unreachable = message.online
    ? []
    : await db
        .update(devices)
        .set({ online: false, updatedAt: now })
        .where(and(eq(devices.gatewayId, gateway.id), eq(devices.online, true)))
        .returning({ id: devices.id });
  return {
    ...(unreachable.length > 0 ? { devices: { nid: row.nid, ids: unreachable.map((device) => device.id) } } : {}),
    events: [
      {
        type: 'gateway',
        nid: row.nid,
        gateway: {
          id: row.id,
          status: row.status,
          meshStatus: row.meshStatus,
          lastSeen: toSeconds(row.lastSeenAt),
        },
      },
    ],
  };
}

/**
 * Takes a state or inventory sequence number when it is newer than the stored one (or 0, a gateway that
 * restarted its counter), and then stores it; answers the sequence stored before, or null when the message
 * is not newer. The row is locked, so several server processes agree.
 */
async function claimSequence(db: Db, gatewayId: number, seq: number, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ stateSeq: gateways.stateSeq })
    .from(gateways)
    .where(eq(gateways.id, gatewayId))
    .for('update');
  if (!row || !(row.stateSeq < seq || seq === 0)) return null;
  await db.update(gateways).set({ stateSeq: seq, lastSeenAt: now }).where(eq(gateways.id, gatewayId));
  return row.stateSeq;
}

/** Least time between two inventory requests to one gateway. */
export const INVENTORY_REQUEST_INTERVAL_MS = 10_000;

/**
 * A state message skipped sequence numbers (a delta lost, or applied out of order by another server
 * process), or readings named a device the console does not know: the gateway is asked for its full
 * inventory, at most once per interval across processes.
 */
export async function claimInventoryRequest(db: Db, gatewayId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(gateways)
    .set({ inventoryRequestedAt: now })
    .where(
      and(
        eq(gateways.id, gatewayId),
        or(
          isNull(gateways.inventoryRequestedAt),
          lt(gateways.inventoryRequestedAt, new Date(now.getTime() - INVENTORY_REQUEST_INTERVAL_MS)),
        ),
      ),
    )
    .returning({ id: gateways.id });
  return rows.length > 0;
}

/** Device kind from the element types, when the product catalogue does not know the model. */
export function kindFromElements(types: number[]): string {
  if (types.some(isEmergencyElement)) return 'emergency';
  if (types.some(isLightElement)) return 'luminaire';
  if (types.includes(ElementType.motionSensor)) return 'motionSensor';
  if (types.includes(ElementType.lightSensor)) return 'lightSensor';
  if (types.includes(ElementType.pushButton)) return 'pushButton';
  if (types.includes(ElementType.panel)) return 'panel';
  return 'luminaire';
}

/** Column values of an element's reported state; fields left out are left out. */
function elementColumns(element: ElementState) {
  const columns: Partial<typeof deviceElements.$inferInsert> = {};
  if (element.onOff !== undefined) columns.onOff = element.onOff;
  if (element.lightness !== undefined) columns.lightness = element.lightness;
  if (element.cct !== undefined) columns.cct = element.cct;
  if (element.status !== undefined) columns.status = element.status;
  if (element.flags !== undefined) columns.flags = element.flags;
  if (element.d4i !== undefined) columns.d4iBank = element.d4i;
  if (element.bankAt !== undefined) columns.bankAt = toDate(element.bankAt);
  if (element.triggeredAt !== undefined) columns.triggeredAt = toDate(element.triggeredAt);
  if (element.lux !== undefined) columns.lux = element.lux;
  if (element.mode !== undefined) columns.mode = element.mode;
  if (element.faultBits !== undefined) columns.faultBits = element.faultBits;
  return columns;
}

/** An element's reported state for a device, with the product's layout for it where known. */
interface ElementWrite {
  deviceId: number;
  element: ElementState;
  layout?: { isD4i?: boolean; isLinear?: boolean } | undefined;
}

/** The table's column name of each property (for `excluded.<column>` in an upsert). */
const elementColumnNames = getTableColumns(deviceElements);

/**
 * Writes elements' states, creating the elements that are new: one multi-row upsert per shape (the set of
 * fields reported), so a command to 50 luminaires is one statement, not 50. A device's element named twice
 * is written in order, in a later statement (one statement may not touch a row twice).
 */
async function upsertElements(db: Db, writes: ElementWrite[], now: Date): Promise<void> {
  type Row = typeof deviceElements.$inferInsert;
  let batches = new Map<string, { updated: (keyof Row)[]; rows: Row[] }>();
  let keys = new Set<string>();
  const flush = async () => {
    for (const { updated, rows } of batches.values()) {
      const set = Object.fromEntries(
        updated.map((key) => [key, sql`excluded.${sql.identifier(elementColumnNames[key].name)}`]),
      );
      // Up to about 16 parameters a row: 2,000 rows stay below PostgreSQL's 65,535.
      for (let from = 0; from < rows.length; from += 2000) {
        await db
          .insert(deviceElements)
          .values(rows.slice(from, from + 2000))
          .onConflictDoUpdate({ target: [deviceElements.deviceId, deviceElements.index], set });
      }
    }
    batches = new Map();
    keys = new Set();
  };
  for (const { deviceId, element, layout } of writes) {
    const key = `${deviceId}:${element.index}`;
    if (keys.has(key)) await flush();
    keys.add(key);
    const columns = elementColumns(element);
    const updated: (keyof Row)[] = ['type', ...(Object.keys(columns) as (keyof Row)[]), 'updatedAt'];
    if (layout?.isD4i !== undefined || element.d4i !== undefined) updated.push('isD4i');
    if (layout?.isLinear !== undefined) updated.push('isLinear');
    const shape = updated.join(',');
    const batch = batches.get(shape) ?? { updated, rows: [] };
    batches.set(shape, batch);
    batch.rows.push({
      deviceId,
      index: element.index,
      type: element.type,
      isD4i: layout?.isD4i ?? element.d4i !== undefined,
      isLinear: layout?.isLinear ?? true,
      ...columns,
      updatedAt: now,
    });
  }
  await flush();
}

/** Devices written per statement of an inventory: about 17 parameters each, well below PostgreSQL's 65,535. */
const DEVICES_PER_STATEMENT = 1000;

/** What an inventory refreshes of a device that exists: every reported column but its name and install date. */
const excludedDeviceColumns = Object.fromEntries(
  (
    [
      'gatewayId',
      'kind',
      'productId',
      'model',
      'address',
      'firmwareVersion',
      'hardwareVersion',
      'serialNumber',
      'online',
    ] as const
  ).map((key) => [key, sql`excluded.${sql.identifier(getTableColumns(devices)[key].name)}`]),
);

/**
 * Inventory: every device the gateway reports becomes (or stays) a real device of its network with its
 * elements; its devices missing from the inventory go offline. An `inventory` and a `devices` event.
 */
export async function applyInventory(
  db: Db,
  gateway: LinkedGateway,
  message: InventoryMessage,
  now: Date,
): Promise<Applied> {
  return db.transaction(async (tx) => {
    if ((await claimSequence(tx, gateway.id, message.seq, now)) === null) return {};
    const models = [...new Set(message.devices.map((d) => d.model))];
    const catalogue =
      models.length === 0 ? [] : await tx.select().from(products).where(inArray(products.model, models));
    const productByModel = new Map(catalogue.map((p) => [p.model, p]));
    const versions =
      catalogue.length === 0
        ? []
        : await tx
            .select()
            .from(productSubVersions)
            .where(
              inArray(
                productSubVersions.productId,
                catalogue.map((p) => p.id),
              ),
            );
    // A MAC named twice keeps its last entry, as writing the devices one by one would.
    const reported = [...new Map(message.devices.map((device) => [device.mac, device])).values()];
    const idByMac = new Map<string, number>();
    for (let from = 0; from < reported.length; from += DEVICES_PER_STATEMENT) {
      const rows = reported.slice(from, from + DEVICES_PER_STATEMENT).map((device) => {
        const product = productByModel.get(device.model);
        return {
          nid: gateway.nid,
          gatewayId: gateway.id,
          isVirtual: false,
          kind: product?.kind ?? kindFromElements(device.elements.map((e) => e.type)),
          name: `${product?.name ?? device.model} ${device.mac.slice(-4)}`,
          productId: product?.id ?? null,
          model: device.model,
          mac: device.mac,
          address: device.address,
          firmwareVersion: device.firmwareVersion,
          hardwareVersion: device.hardwareVersion,
          serialNumber: device.serialNumber,
          manufacturer: product?.manufacturer ?? '',
          ratedPower: product?.ratedPower ?? null,
          installedAt: now,
          online: device.online,
          lastSeenAt: device.online ? now : null,
        };
      });
      // One statement for the gateway's devices: 20,000 devices of 1,000 gateways took about 5 minutes one
      // statement each (docs/decisions.md, "Ingest throughput").
      const written = await tx
        .insert(devices)
        .values(rows)
        .onConflictDoUpdate({
          target: [devices.nid, devices.mac, devices.isVirtual],
          set: {
            ...excludedDeviceColumns,
            // Last seen now when the gateway reports it online; an offline one keeps when it was last seen.
            lastSeenAt: sql`coalesce(excluded.last_seen_at, ${devices.lastSeenAt})`,
            updatedAt: now,
          },
        })
        .returning({ id: devices.id, mac: devices.mac });
      for (const row of written) idByMac.set(row.mac, row.id);
    }
    const ids = reported.map((device) => idByMac.get(device.mac)!);
    const elementWrites: ElementWrite[] = reported.flatMap((device) => {
      const productId = productByModel.get(device.model)?.id;
      const layout = versions.find((v) => v.productId === productId && v.hardwareVersion === device.hardwareVersion)
        ?.config.elements;
      const deviceId = idByMac.get(device.mac)!;
      return device.elements.map((element) => ({ deviceId, element, layout: layout?.[element.index] }));
    });
    // Elements the gateway no longer reports for its devices, in one statement.
    if (ids.length > 0) {
      await tx.execute(sql`
        DELETE FROM device_elements AS de
        WHERE de.device_id = ANY(${sql.param(ids)}::int[])
          AND NOT EXISTS (
            SELECT 1 FROM unnest(${sql.param(elementWrites.map((w) => w.deviceId))}::int[],
                                 ${sql.param(elementWrites.map((w) => w.element.index))}::int[]) AS kept(device_id, idx)
            WHERE kept.device_id = de.device_id AND kept.idx = de.index)`);
    }
    await upsertElements(tx, elementWrites, now);
    const gone = await tx
      .update(devices)
      .set({ online: false, updatedAt: now })
      .where(
        and(
          eq(devices.gatewayId, gateway.id),
          eq(devices.isVirtual, false),
          eq(devices.online, true),
          ...(ids.length > 0 ? [notInArray(devices.id, ids)] : []),
        ),
      )
      .returning({ id: devices.id });
    return {
      devices: { nid: gateway.nid, ids: [...ids, ...gone.map((g) => g.id)] },
      events: [{ type: 'inventory', nid: gateway.nid }],
    };
  });
}

/** State changes: applied only when the sequence is newer than the stored one. */
export async function applyState(db: Db, gateway: LinkedGateway, message: StateMessage, now: Date): Promise<Applied> {
  return db.transaction(async (tx) => {
    const previous = await claimSequence(tx, gateway.id, message.seq, now);
    if (previous === null) return {};
    const requestInventory =
      message.seq > previous + 1 && (await claimInventoryRequest(tx, gateway.id, now))
        ? { requestInventory: true }
        : {};
    const macs = message.devices.map((d) => d.mac);
    if (macs.length === 0) return requestInventory;
    const known = await tx
      .select({ id: devices.id, mac: devices.mac })
      .from(devices)
      .where(and(eq(devices.nid, gateway.nid), eq(devices.isVirtual, false), inArray(devices.mac, macs)));
    const idByMac = new Map(known.map((d) => [d.mac, d.id]));
    const ids: number[] = [];
    // One update per reported presence (online, offline, not said), one upsert per element shape.
    const byOnline = new Map<boolean | undefined, number[]>();
    const elementWrites: ElementWrite[] = [];
    for (const device of message.devices) {
      const id = idByMac.get(device.mac);
      if (id === undefined) continue;
      ids.push(id);
      byOnline.set(device.online, [...(byOnline.get(device.online) ?? []), id]);
      for (const element of device.elements) elementWrites.push({ deviceId: id, element });
    }
    for (const [online, onlineIds] of byOnline) {
      await tx
        .update(devices)
        .set({
          ...(online !== undefined ? { online } : {}),
          ...(online !== false ? { lastSeenAt: toDate(message.at) } : {}),
          updatedAt: now,
        })
        .where(inArray(devices.id, onlineIds));
    }
    await upsertElements(tx, elementWrites, now);
    return { devices: { nid: gateway.nid, ids }, ...requestInventory };
  });
}

/** A device report (consumption, sensor trigger, emergency node) as the MQTT and HTTP paths share it. */
export type DeviceReport = Extract<ReportMessage, { kind: 'consume' | 'sensorTrigger' | 'emergency' }>;

/**
 * Reports: readings are kept once per gateway and sequence (a repeated sequence changes nothing) and add
 * to the device's usage time and sensor trigger count; diagnoses go to the gateway's diagnosis list.
 * Readings stamped more than `CLOCK_AHEAD_MAX_SECONDS` ahead of `now` change nothing.
 * `usage: false` keeps a `consume` report without adding its on-time: a section-7 call whose readings
 * (`elements`) carry the same on-time, which they add (on-time counts once per report).
 */
export async function applyReport(
  db: Db,
  gateway: LinkedGateway,
  message: ReportMessage | DeviceReport,
  now: Date,
  { usage = true }: { usage?: boolean } = {},
): Promise<Applied> {
  if (message.kind === 'diagnosis') {
    const at = toDate(message.at);
    const [existing] = await db
      .select({ id: gatewayDiagnoses.id })
      .from(gatewayDiagnoses)
      .where(
        and(
          eq(gatewayDiagnoses.gatewayId, gateway.id),
          eq(gatewayDiagnoses.at, at),
          eq(gatewayDiagnoses.code, message.code),
          eq(gatewayDiagnoses.message, message.message),
        ),
      )
      .limit(1);
    if (!existing) {
      await db
        .insert(gatewayDiagnoses)
        .values({ gatewayId: gateway.id, level: message.level, code: message.code, message: message.message, at });
    }
    await db.update(gateways).set({ lastSeenAt: now }).where(eq(gateways.id, gateway.id));
    return {};
  }
  // Stamped too far ahead: the gateway's clock is wrong; refused (storeReports files the clock fault).
  if (isStampedAhead(message, now)) return {};
  if (message.kind === 'buttonPress') return applyButtonPress(db, gateway, message);
  // Readings, stream starts and lost ranges change no device state: apps/server/src/telemetry stores them.
  if (message.kind === 'readings' || message.kind === 'streamStart' || message.kind === 'lost') return {};
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select({ id: devices.id, name: devices.name, mac: devices.mac })
      .from(devices)
      .where(and(eq(devices.nid, gateway.nid), eq(devices.isVirtual, false), eq(devices.mac, message.mac)))
      .limit(1);
    if (!device) return {};
    // A trigger report changes the sensor's rollups: under its telemetry lock, as a readings write.
    if (message.kind === 'sensorTrigger') await lockDevices(tx, [device.id]);
    const value: Record<string, number> =
      message.kind === 'consume'
        ? { onSeconds: message.onSeconds, energyWh: message.energyWh }
        : message.kind === 'sensorTrigger'
          ? { count: message.count }
          : { mode: message.mode, faultBits: message.faultBits };
    const inserted = await tx
      .insert(deviceReadings)
      .values({
        gatewayId: gateway.id,
        seq: message.seq,
        deviceId: device.id,
        kind: message.kind,
        at: toDate(message.at),
        value,
      })
      .onConflictDoNothing()
      .returning({ seq: deviceReadings.seq });
    if (inserted.length === 0) return {};
    if (message.kind === 'consume') {
      if (usage) await addUsage(tx, new Map([[device.id, message.onSeconds]]), now);
      return {};
    }
    if (message.kind === 'sensorTrigger') {
      // Rollups, count and last trigger time come from the stored triggers (telemetry), not an increment.
      await rollupTriggerReports(tx, [{ deviceId: device.id, at: toDate(message.at) }], now);
      return { devices: { nid: gateway.nid, ids: [device.id] } };
    }
    await applyEmergencyReport(tx, gateway, device, message, now);
    return { devices: { nid: gateway.nid, ids: [device.id] } };
  });
}

/**
 * A button or panel press: kept once per gateway and sequence as a reading of the button; the luminaires
 * it switched (their state comes as a `state` message) are handed on as switched by hand.
 */
async function applyButtonPress(
  db: Db,
  gateway: LinkedGateway,
  message: Extract<ReportMessage, { kind: 'buttonPress' }>,
): Promise<Applied> {
  const macs = [message.mac, ...message.targets];
  const rows = await db
    .select({ id: devices.id, mac: devices.mac })
    .from(devices)
    .where(and(eq(devices.nid, gateway.nid), eq(devices.isVirtual, false), inArray(devices.mac, macs)));
  const button = rows.find((row) => row.mac === message.mac);
  if (!button) return {};
  const inserted = await db
    .insert(deviceReadings)
    .values({
      gatewayId: gateway.id,
      seq: message.seq,
      deviceId: button.id,
      kind: 'buttonPress',
      at: toDate(message.at),
      value: { event: BUTTON_EVENTS.indexOf(message.event), targets: message.targets.length },
    })
    .onConflictDoNothing()
    .returning({ seq: deviceReadings.seq });
  if (inserted.length === 0) return {};
  const targets = new Set(message.targets);
  const deviceIds = rows.filter((row) => targets.has(row.mac)).map((row) => row.id);
  return deviceIds.length > 0 ? { manual: { nid: gateway.nid, deviceIds } } : {};
}

/**
 * Live state of devices as the plan draws it (`deviceStateList` and `devices` events), with whether the
 * console counts each faulty at `now` (`loadFaultyDevices`).
 */
export async function loadDeviceStates(db: Db, nid: number, ids?: number[], now = new Date()) {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({ id: devices.id, online: devices.online })
    .from(devices)
    .where(and(eq(devices.nid, nid), ...(ids ? [inArray(devices.id, ids)] : [])))
    .orderBy(devices.id);
  if (rows.length === 0) return [];
  const elements = await db
    .select()
    .from(deviceElements)
    .where(
      inArray(
        deviceElements.deviceId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(deviceElements.deviceId, deviceElements.index);
  const byDevice = new Map<number, (typeof elements)[number][]>();
  for (const element of elements) {
    const list = byDevice.get(element.deviceId) ?? [];
    list.push(element);
    byDevice.set(element.deviceId, list);
  }
  const faulty = await faultyAmong(
    db,
    rows.map((row) => row.id),
    elements,
    now,
  );
  return rows.map((row) => ({
    id: row.id,
    online: row.online,
    fault: faulty.has(row.id),
    elements: (byDevice.get(row.id) ?? []).map((e) => ({
      index: e.index,
      type: e.type,
      onOff: e.onOff,
      lightness: e.lightness,
      cct: e.cct,
      status: e.status,
      isLinear: e.isLinear,
    })),
  }));
}

/** Live events of one applied message: its own events and a `devices` event for changed devices. */
export async function liveEventsOf(db: Db, applied: Applied): Promise<LiveEvent[]> {
  const events = [...(applied.events ?? [])];
  if (applied.devices && applied.devices.ids.length > 0) {
    const states = await loadDeviceStates(db, applied.devices.nid, applied.devices.ids);
    if (states.length > 0) events.push({ type: 'devices', nid: applied.devices.nid, devices: states });
  }
  return events;
}
