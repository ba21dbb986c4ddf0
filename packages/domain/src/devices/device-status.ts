import { isEmergencyElement, isLightElement } from '../protocol/element-type.ts';
import { type D4iBank, type D4iBankRaw, nonLinearLightLevel, scaleD4iBank } from './d4i.ts';
import { D4I_FRESH_SECONDS, deviceStatusFlags, type LightHealth, lightHealth, nodeStatusFlag } from './status.ts';

/** An element as stored (times in epoch seconds). */
export interface StoredElement {
  index: number;
  type: number;
  isD4i: boolean;
  isLinear: boolean;
  onOff: number;
  lightness: number;
  cct: number | null;
  status: number;
  flags: number;
  /** Raw D4i bank as reported (`D4iBankRawSchema`), or null. */
  d4iBank: Record<string, unknown> | null;
  bankAt: number | null;
  mode: number | null;
  faultBits: number | null;
  lux: number | null;
  triggeredAt: number | null;
}

/** A D4i bank scaled to physical units (section 9), with the fields passed through unscaled. */
export interface DecodedD4iBank extends D4iBank {
  activePowerValue: number | null;
  gearOperatingTime: number | null;
  typeArray: number[];
}

/** What the device detail shows of one element (section 4 decoding). */
export interface DecodedElement {
  index: number;
  type: number;
  isD4i: boolean;
  isLinear: boolean;
  onOff: number;
  /** Level as asked, in percent. */
  lightness: number;
  /** Output level in percent: the non-linear formula of section 9 unless the element dims linearly. */
  outputLevel: number;
  cct: number | null;
  /** Section 4 light status (lights only; D4i counted only within 24 h of the bank). */
  health: LightHealth | null;
  /** Section 3 device status flags of the status byte. */
  statusFlags: string[];
  /** Scaled D4i bank, when one was reported. */
  d4i: DecodedD4iBank | null;
  bankAt: number | null;
  /** Whether the bank is under 24 h old (its light status counts). */
  bankFresh: boolean;
  mode: number | null;
  faultBits: number | null;
  lux: number | null;
  triggeredAt: number | null;
  /** Whether this element reports a problem (raises the node flag). */
  problem: boolean;
}

const RAW_KEYS: (keyof D4iBankRaw)[] = [
  'gearPowerFactor',
  'gearExternalVoltage',
  'gearTemperature',
  'lightSourceVoltage',
  'lightSourceCurrent',
  'lightSourceTemperature',
  'ratedLifeOfLuminaire',
  'gearReferenceTemperature',
  'ratedLightSourceStarts',
];

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Section 9 scaling of a stored raw bank; null when it lacks one of the scaled fields. */
export function decodeD4iBank(raw: Record<string, unknown> | null): DecodedD4iBank | null {
  if (!raw) return null;
  if (!RAW_KEYS.every((key) => numberOrNull(raw[key]) !== null)) return null;
  const typeArray = Array.isArray(raw.typeArray) ? raw.typeArray.filter((v): v is number => typeof v === 'number') : [];
  return {
    ...scaleD4iBank(raw as unknown as D4iBankRaw),
    activePowerValue: numberOrNull(raw.activePowerValue),
    gearOperatingTime: numberOrNull(raw.gearOperatingTime),
    typeArray,
  };
}

/** Output level of an element: the stored level when linear, else the section-9 non-linear formula. */
export function outputLevel(element: { lightness: number; isLinear: boolean }): number {
  return element.isLinear ? element.lightness : nonLinearLightLevel(element.lightness);
}

/** Decodes one stored element for display at `nowSeconds` (section 4 rules, section 9 scaling). */
export function decodeElement(element: StoredElement, nowSeconds: number): DecodedElement {
  const light = isLightElement(element.type);
  const health = light
    ? lightHealth({ status: element.status, isD4i: element.isD4i, bankUpdateTime: element.bankAt }, nowSeconds)
    : null;
  const bankFresh = element.bankAt !== null && nowSeconds - element.bankAt < D4I_FRESH_SECONDS;
  return {
    index: element.index,
    type: element.type,
    isD4i: element.isD4i,
    isLinear: element.isLinear,
    onOff: element.onOff,
    lightness: element.lightness,
    outputLevel: outputLevel(element),
    cct: element.cct,
    health,
    statusFlags: [...deviceStatusFlags(element.flags)],
    d4i: element.isD4i ? decodeD4iBank(element.d4iBank) : null,
    bankAt: element.bankAt,
    bankFresh,
    mode: element.mode,
    faultBits: element.faultBits,
    lux: element.lux,
    triggeredAt: element.triggeredAt,
    problem: elementHasProblem(element, nowSeconds),
  };
}

/**
 * Whether an element reports a problem at `nowSeconds` (section 4): a light whose status reads as a lamp or
 * driver fault (a D4i light's only while its bank is under 24 h old), or an emergency element with a fault bit.
 */
export function elementHasProblem(
  element: Pick<StoredElement, 'type' | 'isD4i' | 'status' | 'bankAt' | 'faultBits'>,
  nowSeconds: number,
): boolean {
  if (isLightElement(element.type)) {
    const health = lightHealth(
      { status: element.status, isD4i: element.isD4i, bankUpdateTime: element.bankAt },
      nowSeconds,
    );
    if (health !== 'normal') return true;
  }
  return isEmergencyElement(element.type) && (element.faultBits ?? 0) !== 0;
}

/** Device status flags (section 3) that report a fault: control gear fault, lamp fault. */
const FAULT_FLAGS: readonly string[] = ['controlGearFault', 'lampFault'];

/** What the console knows of a device when it decides whether the device is faulty. */
export interface DeviceFaultInput {
  elements: readonly Pick<StoredElement, 'type' | 'isD4i' | 'status' | 'flags' | 'bankAt' | 'faultBits'>[];
  /** The failure bits its emergency fitting last reported (0 none, or not a fitting). */
  emergencyFailureBits: number;
  /** Faults of its emergency fitting in the fault log that are not closed. */
  openEmergencyFaults: number;
}

/**
 * Whether the console counts a device faulty (the network overview, the home page and the lobby dashboard
 * all count with this): an element reports a problem (`elementHasProblem`), an element's device status
 * flags (section 3) show a control gear or lamp fault (255, "invalid value", shows none), its emergency
 * fitting reports a failure bit, or the fault log holds an open fault of that fitting.
 */
export function isFaultyDevice(device: DeviceFaultInput, nowSeconds: number): boolean {
  if (device.emergencyFailureBits !== 0 || device.openEmergencyFaults > 0) return true;
  return device.elements.some(
    (element) =>
      elementHasProblem(element, nowSeconds) ||
      deviceStatusFlags(element.flags).some((flag) => FAULT_FLAGS.includes(flag)),
  );
}

/**
 * The node flag of a device (section 4): an offline device is node status 0 (flag 3); an online device
 * whose light or emergency element reports a problem is status 2 (flag 2); otherwise status 1, no flag (0).
 */
export function deviceNodeFlag(online: boolean, elements: readonly { problem: boolean }[]): 0 | 2 | 3 {
  if (!online) return nodeStatusFlag(0);
  return nodeStatusFlag(elements.some((e) => e.problem) ? 2 : 1);
}
