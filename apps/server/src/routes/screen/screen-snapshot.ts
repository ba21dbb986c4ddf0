import {
  epochSeconds,
  isGatewayOnline,
  normaliseGatewayOnLoad,
  periodEndingAt,
  type ScreenSnapshot,
  zoneCounts,
} from '@lightwell/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { deviceNodeIds } from '../../db/queries/nodes.ts';
import { devices, gateways, nodes, zones } from '../../db/schema.ts';
import { loadDeviceStates } from '../../gateway-link/index.ts';
import type { NetworkRow } from '../../policies/access.ts';
import { loadEmergencyElements } from '../../services/emergency/elements.ts';
import { overdueFigures } from '../../services/emergency/records.ts';
import { buildNetworkEnergy } from '../../services/energy/energy-views.ts';

/**
 * What a lobby dashboard shows of a network: gateways online, every real device with its zone and live
 * state (faulty as `loadFaultyDevices` decides), per zone its luminaires, how many are lit, offline or
 * faulty, and its emergency fittings overdue for a test and their open faults. `display` names the key
 * that opened it (null for a member).
 */
export async function loadScreenSnapshot(
  ctx: AppContext,
  network: NetworkRow,
  display: string | null,
): Promise<ScreenSnapshot> {
  const nid = network.id;
  const gatewayRows = await ctx.db.select().from(gateways).where(eq(gateways.nid, nid));
  const zoneRows = await ctx.db
    .select({ id: zones.id, name: zones.name })
    .from(zones)
    .where(eq(zones.nid, nid))
    .orderBy(asc(zones.id));
  const nodeZones = new Map(
    (await ctx.db.select({ id: nodes.id, zoneId: nodes.zoneId }).from(nodes).where(eq(nodes.nid, nid))).map((row) => [
      row.id,
      row.zoneId,
    ]),
  );
  const real = await ctx.db
    .select({ id: devices.id, kind: devices.kind })
    .from(devices)
    .where(and(eq(devices.nid, nid), eq(devices.isVirtual, false)))
    .orderBy(asc(devices.id));
  const kindOf = new Map(real.map((row) => [row.id, row.kind]));
  const states = await loadDeviceStates(
    ctx.db,
    nid,
    real.map((row) => row.id),
    ctx.now(),
  );
  const nodeIds = await deviceNodeIds(ctx.db, nid);
  const list = states.map((state) => {
    const ids = nodeIds.get(state.id) ?? [];
    const zoneId = ids.map((id) => nodeZones.get(id) ?? null).find((zid) => zid !== null) ?? null;
    return { ...state, nodeIds: ids, zoneId, kind: kindOf.get(state.id) ?? 'unknown' };
  });
  const now = epochSeconds(ctx.now());
  const emergency = overdueFigures(
    network,
    await loadEmergencyElements(ctx.db, { nid, timeZone: network.timeZone }, ctx.now()),
  );
  const { figures } = await buildNetworkEnergy(
    ctx.db,
    network,
    periodEndingAt(now, { unit: 'day', count: 1 }, network.timeZone),
    now,
  );
  return {
    today: {
      energyWh: figures.energyWh,
      shareBasisPoints: figures.shareBasisPoints,
      cost: figures.cost.total,
      currency: figures.cost.currency,
      co2Grams: figures.co2.grams,
      co2Sets: figures.co2.sets.map(({ factorSetId, factorLabel, gramsPerKWh }) => ({
        factorSetId,
        factorLabel,
        gramsPerKWh,
      })),
      savedWh: figures.savings.savedWh,
    },
    network: { id: nid, name: network.name, timeZone: network.timeZone, category: network.category },
    display,
    now,
    gateways: {
      total: gatewayRows.length,
      online: gatewayRows.filter((row) => isGatewayOnline(normaliseGatewayOnLoad(row))).length,
    },
    zones: zoneCounts(zoneRows, list),
    emergency: { fittings: emergency.fittings, overdue: emergency.overdue, openFaults: emergency.openFaults },
    devices: list,
  };
}
