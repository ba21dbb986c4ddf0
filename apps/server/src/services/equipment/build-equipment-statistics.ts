import {
  batteryStateOf,
  type EquipmentDevice,
  type EquipmentFitting,
  type EquipmentStatistics,
  epochSeconds,
  epochSecondsOrNull,
  summariseEquipment,
} from '@lightwell/domain';
import { asc, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema.ts';
import type { NetworkRow } from '../../policies/access.ts';
import { loadFaultyDevices } from '../device-faults.ts';
import { loadEmergencyElements } from '../emergency/elements.ts';

/** The project whose networks the statistics cover. */
export interface EquipmentProject {
  id: number;
  name: string;
}

type DeviceRow = Pick<
  typeof devices.$inferSelect,
  | 'id'
  | 'nid'
  | 'isVirtual'
  | 'boundId'
  | 'kind'
  | 'name'
  | 'model'
  | 'manufacturer'
  | 'firmwareVersion'
  | 'hardwareVersion'
  | 'online'
  | 'installedAt'
>;

async function loadDeviceRows(db: Db, nids: number[]): Promise<DeviceRow[]> {
  if (nids.length === 0) return [];
  return db
    .select({
      id: devices.id,
      nid: devices.nid,
      isVirtual: devices.isVirtual,
      boundId: devices.boundId,
      kind: devices.kind,
      name: devices.name,
      model: devices.model,
      manufacturer: devices.manufacturer,
      firmwareVersion: devices.firmwareVersion,
      hardwareVersion: devices.hardwareVersion,
      online: devices.online,
      installedAt: devices.installedAt,
    })
    .from(devices)
    .where(inArray(devices.nid, nids))
    .orderBy(asc(devices.id));
}

/**
 * Pairs of a virtual device and the real device it stands for (the binding may be kept on either side),
 * and the virtual devices bound to no real device of the network: planned, not yet installed.
 */
function bindings(rows: readonly DeviceRow[]) {
  const real = new Map(rows.filter((row) => !row.isVirtual).map((row) => [row.id, row]));
  const virtual = new Map(rows.filter((row) => row.isVirtual).map((row) => [row.id, row]));
  const partnerOfReal = new Map<number, DeviceRow>();
  for (const row of virtual.values()) {
    const partner = row.boundId === null ? undefined : real.get(row.boundId);
    if (partner && partner.nid === row.nid) partnerOfReal.set(partner.id, row);
  }
  for (const row of real.values()) {
    const partner = row.boundId === null ? undefined : virtual.get(row.boundId);
    if (partner && partner.nid === row.nid && !partnerOfReal.has(row.id)) partnerOfReal.set(row.id, partner);
  }
  const boundVirtual = new Set([...partnerOfReal.values()].map((row) => row.id));
  const planned = [...virtual.values()].filter((row) => !boundVirtual.has(row.id));
  return { real: [...real.values()], partnerOfReal, planned };
}

/** Each emergency fitting of a network with its battery state and the grades of its last tests. */
async function loadFittings(db: Db, network: NetworkRow, now: Date): Promise<EquipmentFitting[]> {
  const elements = await loadEmergencyElements(db, { nid: network.id, timeZone: network.timeZone }, now);
  return elements.map((element) => ({
    battery: batteryStateOf(element),
    lastFunction: element.lastFunction?.grade ?? null,
    lastDuration: element.lastDuration?.grade ?? null,
  }));
}

/** The installed devices as the statistics read them, each with whether it is faulty and its installation day. */
async function loadDeviceFacts(db: Db, list: readonly NetworkRow[], now: Date) {
  const { real, partnerOfReal, planned } = bindings(
    await loadDeviceRows(
      db,
      list.map((network) => network.id),
    ),
  );
  const faulty = await loadFaultyDevices(
    db,
    real.map((row) => row.id),
    now,
  );
  const nameOf = new Map(list.map((network) => [network.id, network.name]));
  const facts: EquipmentDevice[] = real.map((row) => ({
    id: row.id,
    nid: row.nid,
    networkName: nameOf.get(row.nid) ?? '',
    name: row.name,
    kind: row.kind,
    model: row.model,
    manufacturer: row.manufacturer,
    firmwareVersion: row.firmwareVersion,
    hardwareVersion: row.hardwareVersion,
    online: row.online,
    faulty: faulty.has(row.id),
    installedAt: epochSecondsOrNull(row.installedAt ?? partnerOfReal.get(row.id)?.installedAt),
  }));
  return { facts, planned };
}

/**
 * The equipment statistics of `list`, networks of `project` (docs/decisions.md "Equipment statistics"):
 * each network's figures and those of all of them together, on `ctx.now()`. Installed are the real devices
 * a gateway reported; faulty is `loadFaultyDevices` (the rule of the network overview); the installation
 * day is the real device's, else that of the virtual device bound to it. It checks no access: callers
 * decide who may see which networks (the statistics call: every member of each; a report e-mail: its
 * recipients).
 */
export async function buildEquipmentStatistics(
  ctx: Pick<AppContext, 'db' | 'now'>,
  project: EquipmentProject,
  list: readonly NetworkRow[],
): Promise<EquipmentStatistics> {
  const now = ctx.now();
  const nowSeconds = epochSeconds(now);
  const { facts, planned } = await loadDeviceFacts(ctx.db, list, now);
  const byNetwork = <T extends { nid: number }>(items: readonly T[], nid: number) =>
    items.filter((item) => item.nid === nid);
  const perNetwork = [];
  const allFittings: EquipmentFitting[] = [];
  for (const network of list) {
    const fittings = await loadFittings(ctx.db, network, now);
    allFittings.push(...fittings);
    const figures = summariseEquipment(
      {
        devices: byNetwork(facts, network.id),
        fittings,
        planned: byNetwork(planned, network.id).length,
      },
      nowSeconds,
    );
    perNetwork.push({ nid: network.id, name: network.name, timeZone: network.timeZone, figures });
  }
  return {
    project: { pid: project.id, name: project.name },
    generatedAt: nowSeconds,
    networks: perNetwork,
    total: summariseEquipment({ devices: facts, fittings: allFittings, planned: planned.length }, nowSeconds),
  };
}
