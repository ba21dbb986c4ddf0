import { ElementType, isLightElement, nonLinearLightLevel } from '@lightwell/domain';
import type { DeviceStateRow, LiveElement } from '../live/merge';

/** What the plan shows of a device as it REALLY is (reported state, never the state asked for). */
export type LightState = 'on' | 'off' | 'offline' | 'fault' | 'unknown';

/** A device's look on the plan: state, light output in percent, fill colour and badge colour. */
export interface LightLook {
  state: LightState;
  /** Light output in percent (non-linear elements through the section-9 curve). */
  output: number;
  fill: string;
  /** Badge drawn on the icon: red for offline, orange for a fault; none otherwise. */
  mark: string | null;
}

/** Colours of the live plan. */
export const LookColors = {
  off: '#8c8c8c',
  offline: '#d9d9d9',
  unknown: '#bfbfbf',
  offlineMark: '#f5222d',
  faultMark: '#fa8c16',
} as const;

/** Whether an element dims non-linearly; the state answer may say so per element (linear when it does not). */
function isLinearElement(element: LiveElement): boolean {
  return element.isLinear !== false;
}

/** Light output in percent of an element at `level` percent: the level itself, or the section-9 non-linear curve. */
export function lightOutput(level: number, linear: boolean): number {
  return linear ? Math.round(level) : nonLinearLightLevel(level);
}

/** Lit colour for an output of 1-100 %: pale yellow when low, full amber at 100 %. */
export function litColor(output: number): string {
  const share = Math.min(1, Math.max(0, output / 100));
  return `hsl(45, 100%, ${Math.round(88 - 38 * share)}%)`;
}

/**
 * Section 4 state of a device for the plan: offline when it is not online; otherwise on when a light
 * element reports on with a level above 0 (fill scaled by the highest light output, which the
 * non-linear curve may make 0 % at low levels), off when none does;
 * a lamp or driver fault (light status 1-3) shows as 'fault' with the light's fill and an orange badge.
 */
export function lightLook(device: DeviceStateRow | undefined): LightLook {
  if (!device) return { state: 'unknown', output: 0, fill: LookColors.unknown, mark: null };
  if (!device.online) return { state: 'offline', output: 0, fill: LookColors.offline, mark: LookColors.offlineMark };
  const lights = device.elements.filter((element) => isLightElement(element.type));
  const lit = lights.filter((element) => element.onOff === 1 && element.lightness > 0);
  const output = Math.max(0, ...lit.map((element) => lightOutput(element.lightness, isLinearElement(element))));
  const fill = lit.length > 0 ? litColor(output) : LookColors.off;
  if (lights.some((element) => element.status > 0)) return { state: 'fault', output, fill, mark: LookColors.faultMark };
  return { state: lit.length > 0 ? 'on' : 'off', output, fill, mark: null };
}

/** Devices by the plan node they stand behind. */
export function devicesByNode(devices: readonly DeviceStateRow[]): Map<number, DeviceStateRow> {
  const byNode = new Map<number, DeviceStateRow>();
  for (const device of devices) for (const nodeId of device.nodeIds) byNode.set(nodeId, device);
  return byNode;
}

/** What the control panel needs of a set of devices: how many, their reported level and kinds. */
export interface DevicesSummary {
  count: number;
  /** Highest reported level of a light that is on, in percent; 0 when all are off. */
  level: number;
  linear: boolean;
  tunable: boolean;
  cct: number | null;
  /** Devices that report a light on. */
  on: number;
  offline: number;
}

/** Summarises the reported state of `devices` for the control panel. */
export function summariseDevices(devices: readonly DeviceStateRow[]): DevicesSummary {
  const summary: DevicesSummary = {
    count: devices.length,
    level: 0,
    linear: true,
    tunable: false,
    cct: null,
    on: 0,
    offline: 0,
  };
  for (const device of devices) {
    if (!device.online) summary.offline += 1;
    let lit = false;
    for (const element of device.elements) {
      if (!isLightElement(element.type)) continue;
      if (!isLinearElement(element)) summary.linear = false;
      if (element.type === ElementType.dt8) {
        summary.tunable = true;
        summary.cct ??= element.cct;
      }
      if (element.onOff === 1 && element.lightness > 0) {
        lit = true;
        summary.level = Math.max(summary.level, Math.round(element.lightness));
      }
    }
    if (lit && device.online) summary.on += 1;
  }
  return summary;
}

/** Ids of the devices with a colour-tuning (DT8) element, whose colour temperature can be set. */
export function tunableDeviceIds(devices: readonly DeviceStateRow[]): Set<number> {
  return new Set(
    devices
      .filter((device) => device.elements.some((element) => element.type === ElementType.dt8))
      .map((device) => device.id),
  );
}

/** Devices standing behind the nodes of zone `zoneId`. */
export function zoneDevices(
  zoneId: number,
  nodes: readonly { id: number; zoneId: number | null }[],
  byNode: ReadonlyMap<number, DeviceStateRow>,
): DeviceStateRow[] {
  const found = new Map<number, DeviceStateRow>();
  for (const node of nodes) {
    if (node.zoneId !== zoneId) continue;
    const device = byNode.get(node.id);
    if (device) found.set(device.id, device);
  }
  return [...found.values()];
}
