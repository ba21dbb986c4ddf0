import { describe, expect, it } from 'vitest';
import { SAMPLE_D4I_BANK_RAW } from './d4i-sample.ts';
import {
  decodeD4iBank,
  decodeElement,
  deviceNodeFlag,
  isFaultyDevice,
  outputLevel,
  type StoredElement,
} from './device-status.ts';

const NOW = 1_800_000_000;
const RAW_BANK = { ...SAMPLE_D4I_BANK_RAW, typeArray: [1, 2] };

const element = (overrides: Partial<StoredElement> = {}): StoredElement => ({
  index: 0,
  type: 1,
  isD4i: false,
  isLinear: true,
  onOff: 1,
  lightness: 50,
  cct: null,
  status: 0,
  flags: 0,
  d4iBank: null,
  bankAt: null,
  mode: null,
  faultBits: null,
  lux: null,
  triggeredAt: null,
  ...overrides,
});

describe('D4i bank scaling (section 9)', () => {
  it('scales power factor /100, voltages /10, current /1000, temperatures −60, life ×1000, starts ×100', () => {
    expect(decodeD4iBank(RAW_BANK)).toEqual({
      gearPowerFactor: 0.95,
      gearExternalVoltage: 230,
      gearTemperature: 25,
      lightSourceVoltage: 48,
      lightSourceCurrent: 0.35,
      lightSourceTemperature: 40,
      ratedLifeOfLuminaire: 50_000,
      gearReferenceTemperature: 10,
      ratedLightSourceStarts: 20_000,
      activePowerValue: 18.5,
      gearOperatingTime: 3600,
      typeArray: [1, 2],
    });
  });

  it('answers null for no bank or an incomplete one', () => {
    expect(decodeD4iBank(null)).toBeNull();
    expect(decodeD4iBank({ gearPowerFactor: 90 })).toBeNull();
  });
});

describe('element decoding (section 4)', () => {
  it.each([
    ['normal DT6', { status: 0 }, 'normal'],
    ['lamp fault', { status: 1 }, 'lampFault'],
    ['driver fault', { status: 2 }, 'driverFault'],
    ['both', { status: 3 }, 'lampAndDriverFault'],
    ['D4i bank 86399 s old counts', { status: 1, isD4i: true, d4iBank: RAW_BANK, bankAt: NOW - 86_399 }, 'lampFault'],
    [
      'D4i bank 86400 s old does not count',
      { status: 1, isD4i: true, d4iBank: RAW_BANK, bankAt: NOW - 86_400 },
      'normal',
    ],
    ['D4i without bank does not count', { status: 2, isD4i: true }, 'normal'],
  ] as const)('%s → %s', (_, overrides, health) => {
    const decoded = decodeElement(element(overrides), NOW);
    expect(decoded.health).toBe(health);
    expect(decoded.problem).toBe(health !== 'normal');
  });

  it('marks bank freshness and scales the bank of a D4i element only', () => {
    const fresh = decodeElement(element({ isD4i: true, d4iBank: RAW_BANK, bankAt: NOW - 60 }), NOW);
    expect(fresh.bankFresh).toBe(true);
    expect(fresh.d4i?.gearExternalVoltage).toBe(230);
    expect(decodeElement(element({ isD4i: true, d4iBank: RAW_BANK, bankAt: NOW - 90_000 }), NOW).bankFresh).toBe(false);
    expect(decodeElement(element({ d4iBank: RAW_BANK }), NOW).d4i).toBeNull();
  });

  it.each([
    [0, []],
    [1, ['controlGearFault']],
    [0b0000_0110, ['lampFault', 'lampOn']],
    [0b1000_0000, ['externalPowerCut']],
    [255, ['invalidValue']],
  ])('status byte %i → %j', (flags, names) => {
    expect(decodeElement(element({ flags }), NOW).statusFlags).toEqual(names);
  });

  it.each([
    [true, 50, 50],
    [false, 100, 100],
    [false, 50, 3],
    [false, 0, 0],
  ])('linear %s level %i shows output %i', (isLinear, lightness, level) => {
    expect(outputLevel({ isLinear, lightness })).toBe(level);
  });

  it('has no light status for sensors; an emergency fault bit is a problem', () => {
    expect(decodeElement(element({ type: 20, status: 1, lux: 300 }), NOW)).toMatchObject({
      health: null,
      problem: false,
      lux: 300,
    });
    expect(decodeElement(element({ type: 6, faultBits: 4, mode: 5 }), NOW)).toMatchObject({
      health: null,
      problem: true,
      mode: 5,
    });
    expect(decodeElement(element({ type: 11, faultBits: 0 }), NOW).problem).toBe(false);
  });
});

describe('node flag of a device (section 4)', () => {
  it.each([
    [false, [], 3],
    [false, [{ problem: true }], 3],
    [true, [{ problem: false }], 0],
    [true, [{ problem: false }, { problem: true }], 2],
  ] as const)('online %s elements %j → flag %i', (online, elements, flag) => {
    expect(deviceNodeFlag(online, elements)).toBe(flag);
  });
});

describe('faulty device (the one rule of the overview, home and dashboard)', () => {
  const device = (elements: StoredElement[], emergencyFailureBits = 0, openEmergencyFaults = 0) => ({
    elements,
    emergencyFailureBits,
    openEmergencyFaults,
  });

  it('counts a device whose status flags show a control gear or lamp fault, not other flags', () => {
    expect(isFaultyDevice(device([element({ flags: 0b1 })]), NOW)).toBe(true);
    expect(isFaultyDevice(device([element({ flags: 0b10 })]), NOW)).toBe(true);
    expect(isFaultyDevice(device([element({ flags: 0b100 })]), NOW)).toBe(false);
    expect(isFaultyDevice(device([element({ flags: 255 })]), NOW)).toBe(false);
  });

  it('counts an emergency fitting with a failure bit or an open fault in the log', () => {
    expect(isFaultyDevice(device([element({ type: 6 })], 4), NOW)).toBe(true);
    expect(isFaultyDevice(device([element({ type: 6 })], 0, 1), NOW)).toBe(true);
    expect(isFaultyDevice(device([element({ type: 6, faultBits: 1 })]), NOW)).toBe(true);
    expect(isFaultyDevice(device([element({ type: 6 })]), NOW)).toBe(false);
  });

  it("counts a light's lamp or driver fault, a stale D4i status not, nor a sensor's status", () => {
    expect(isFaultyDevice(device([element({ status: 2 })]), NOW)).toBe(true);
    expect(isFaultyDevice(device([element({ status: 1, isD4i: true, bankAt: NOW - 90_000 })]), NOW)).toBe(false);
    expect(isFaultyDevice(device([element({ type: 20, status: 1 })]), NOW)).toBe(false);
  });
});
