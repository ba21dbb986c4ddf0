import {
  type DeviceDetail,
  type DeviceKind,
  type DeviceSummary,
  decodeElement,
  deviceNodeFlag,
  epochSecondsOrNull,
  type SensorSummary,
  type StoredElement,
  type SyncStateValue,
  syncStateOf,
} from '@lightwell/domain';
import type { deviceElements, devices, productSubVersions } from '../db/schema.ts';
import { type ProductRow, presentProduct } from './product.ts';

/** A device row. */
export type DeviceRow = typeof devices.$inferSelect;
/** A device element row. */
type ElementRow = typeof deviceElements.$inferSelect;
/** A product sub-version row. */
type SubVersionRow = typeof productSubVersions.$inferSelect;

/**
 * Everything needed to present a set of devices: each device's binding partner (the real device of a
 * virtual one, the virtual device holding a real one), products and elements, by id.
 */
export interface DeviceContext {
  partners: Map<number, DeviceRow>;
  products: Map<number, ProductRow>;
  elements: Map<number, ElementRow[]>;
}

const seconds = epochSecondsOrNull;

/** An element row in the form the domain decoder takes. */
function storedElement(row: ElementRow): StoredElement {
  return {
    index: row.index,
    type: row.type,
    isD4i: row.isD4i,
    isLinear: row.isLinear,
    onOff: row.onOff,
    lightness: row.lightness,
    cct: row.cct,
    status: row.status,
    flags: row.flags,
    d4iBank: row.d4iBank ?? null,
    bankAt: seconds(row.bankAt),
    mode: row.mode,
    faultBits: row.faultBits,
    lux: row.lux,
    triggeredAt: seconds(row.triggeredAt),
  };
}

/**
 * Sync state (domain `syncStateOf`): a virtual device against its bound real device; a real device
 * through the virtual device bound to it (0 when none is).
 */
export function syncStateFor(row: DeviceRow, partner: DeviceRow | null): SyncStateValue {
  const side = (d: DeviceRow) => ({ settings: d.settings ?? null, updatedAt: d.updatedAt.getTime() });
  if (row.isVirtual) return syncStateOf(side(row), partner ? side(partner) : null);
  return partner ? syncStateOf(side(partner), side(row)) : 0;
}

/**
 * Which device's state a row shows: a virtual device bound to a real one shows the real device's
 * elements and presence (it stands for it on the plan); any other device its own.
 */
export function statusSource(row: DeviceRow, partner: DeviceRow | null): DeviceRow {
  return row.isVirtual && partner ? partner : row;
}

/** A device as the list shows it, decoded at `nowSeconds`. */
export function presentDeviceSummary(row: DeviceRow, context: DeviceContext, nowSeconds: number): DeviceSummary {
  const partner = context.partners.get(row.id) ?? null;
  const source = statusSource(row, partner);
  const decoded = (context.elements.get(source.id) ?? []).map((e) => decodeElement(storedElement(e), nowSeconds));
  const product = row.productId === null ? undefined : context.products.get(row.productId);
  return {
    id: row.id,
    nid: row.nid,
    gatewayId: row.gatewayId,
    isVirtual: row.isVirtual,
    kind: row.kind as DeviceKind,
    name: row.name,
    model: row.model,
    mac: row.mac,
    productId: row.productId,
    productIcon: product?.icon ?? null,
    online: source.online,
    boundId: partner?.id ?? null,
    boundName: partner?.name ?? null,
    syncState: syncStateFor(row, partner),
    nodeFlag: deviceNodeFlag(source.online, decoded),
    sensorTriggerCount: source.sensorTriggerCount,
    lastSeen: seconds(source.lastSeenAt),
  };
}

/**
 * Everything of one device for the detail drawer, decoded at `nowSeconds`, as `extra.uid` sees it, with its
 * product's sub-version for the device's hardware and the number of plan nodes showing it.
 */
export function presentDeviceDetail(
  row: DeviceRow,
  context: DeviceContext,
  nowSeconds: number,
  extra: { uid: number; subVersion: SubVersionRow | null; subVersionCount: number; nodeCount: number },
): DeviceDetail {
  const summary = presentDeviceSummary(row, context, nowSeconds);
  const partner = context.partners.get(row.id) ?? null;
  const source = statusSource(row, partner);
  const product = row.productId === null ? null : (context.products.get(row.productId) ?? null);
  return {
    ...summary,
    firmwareVersion: row.firmwareVersion || (partner?.firmwareVersion ?? ''),
    hardwareVersion: row.hardwareVersion || (partner?.hardwareVersion ?? ''),
    serialNumber: row.serialNumber || (partner?.serialNumber ?? ''),
    manufacturer: row.manufacturer || product?.manufacturer || '',
    supplier: row.supplier,
    installedAt: seconds(row.installedAt),
    ratedPower: row.ratedPower ?? product?.ratedPower ?? null,
    batteryType: row.batteryType,
    usageSeconds: source.usageSeconds,
    address: source.address,
    createTime: seconds(row.createdAt)!,
    updateTime: seconds(row.updatedAt)!,
    product: product ? presentProduct(product, extra.uid, extra.subVersionCount) : null,
    subVersion: extra.subVersion
      ? {
          id: extra.subVersion.id,
          productId: extra.subVersion.productId,
          hardwareVersion: extra.subVersion.hardwareVersion,
          config: extra.subVersion.config,
        }
      : null,
    elements: (context.elements.get(source.id) ?? []).map((e) => decodeElement(storedElement(e), nowSeconds)),
    nodeCount: extra.nodeCount,
  };
}

/** A sensor row: trigger count, newest trigger and lux of the device whose state it shows. */
export function presentSensor(
  row: DeviceRow,
  partner: DeviceRow | null,
  elements: Map<number, { triggeredAt: Date | null; lux: number | null }[]>,
): SensorSummary {
  const source = statusSource(row, partner);
  const own = elements.get(source.id) ?? [];
  const triggered = own.map((e) => e.triggeredAt?.getTime() ?? null).filter((t): t is number => t !== null);
  const lux = own.map((e) => e.lux).find((value) => value !== null) ?? null;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as DeviceKind,
    model: row.model,
    mac: row.mac,
    isVirtual: row.isVirtual,
    online: source.online,
    triggerCount: source.sensorTriggerCount,
    lastTriggeredAt: triggered.length > 0 ? Math.floor(Math.max(...triggered) / 1000) : null,
    lux,
  };
}
