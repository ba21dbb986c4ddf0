import { describe, expect, it } from 'vitest';
import { FAILURE_BITS, STATUS_BITS } from '../emergency/types.ts';
import {
  ageBucketOf,
  batteryStateOf,
  completedYears,
  type EquipmentDevice,
  equipmentKindOf,
  summariseEquipment,
} from './statistics.ts';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
const NOW = day('2026-03-10') + 9 * 3600;

let nextId = 1;
const device = (overrides: Partial<EquipmentDevice> = {}): EquipmentDevice => ({
  id: nextId++,
  nid: 1,
  networkName: 'Office',
  name: `Device ${nextId}`,
  kind: 'luminaire',
  model: 'LW-L1',
  manufacturer: 'Lightwell',
  firmwareVersion: '1.0.0',
  hardwareVersion: 'A',
  online: true,
  faulty: false,
  installedAt: day('2025-06-01'),
  ...overrides,
});

describe('age since installation', () => {
  it('counts whole years on the UTC calendar, from the anniversary on', () => {
    expect(completedYears(day('2021-03-10'), day('2024-03-09'))).toBe(2);
    expect(completedYears(day('2021-03-10'), day('2024-03-10'))).toBe(3);
    expect(completedYears(day('2020-02-29'), day('2021-02-28'))).toBe(0);
    expect(completedYears(day('2020-02-29'), day('2021-03-01'))).toBe(1);
    // A day in the future is not negative.
    expect(completedYears(day('2027-01-01'), NOW)).toBe(0);
  });

  it.each([
    ['2025-03-11', 'underOne'],
    ['2025-03-10', 'oneToThree'],
    ['2023-03-11', 'oneToThree'],
    ['2023-03-10', 'threeToFive'],
    ['2021-03-11', 'threeToFive'],
    ['2021-03-10', 'fiveAndMore'],
    ['2030-01-01', 'underOne'],
  ] as const)('installed %s → %s on 10 March 2026', (installed, bucket) => {
    expect(ageBucketOf(day(installed), NOW)).toBe(bucket);
  });

  it('puts a device without an installation day in `unknown`', () => {
    expect(ageBucketOf(null, NOW)).toBe('unknown');
  });
});

describe('battery state of an emergency fitting', () => {
  const normal = { mode: 0, mainsPresent: true, statusBits: STATUS_BITS.batteryFull, failureBits: 0 };

  it('reads full, charging and on battery from the last report', () => {
    expect(batteryStateOf(normal)).toBe('full');
    expect(batteryStateOf({ ...normal, statusBits: 0 })).toBe('charging');
    expect(batteryStateOf({ ...normal, mode: 1 })).toBe('onBattery');
    expect(batteryStateOf({ ...normal, mode: 6 })).toBe('onBattery');
    expect(batteryStateOf({ ...normal, mainsPresent: false })).toBe('onBattery');
  });

  it('puts a battery failure first, and a fitting that never reported in `unknown`', () => {
    expect(batteryStateOf({ ...normal, failureBits: FAILURE_BITS.battery })).toBe('fault');
    expect(batteryStateOf({ ...normal, mode: 1, failureBits: FAILURE_BITS.batteryDuration })).toBe('fault');
    expect(batteryStateOf({ ...normal, failureBits: FAILURE_BITS.emergencyLamp })).toBe('full');
    expect(batteryStateOf({ mode: null, mainsPresent: null, statusBits: 0, failureBits: 0 })).toBe('unknown');
  });
});

describe('summariseEquipment', () => {
  it('counts by kind, model, firmware and hardware version, state and age', () => {
    const devices = [
      device({ installedAt: day('2019-01-15'), name: 'Oldest', id: 50 }),
      device({ online: false, faulty: true, firmwareVersion: '1.1.0' }),
      device({ firmwareVersion: ' ', hardwareVersion: '', installedAt: null }),
      device({ kind: 'motionSensor', model: 'LW-PIR', firmwareVersion: '2.0', installedAt: day('2022-05-01') }),
      device({ kind: 'gizmo', model: 'X-1', online: false }),
    ];
    const figures = summariseEquipment(
      {
        devices,
        fittings: [
          { battery: 'full', lastFunction: 'passed', lastDuration: null },
          { battery: 'fault', lastFunction: 'failed', lastDuration: 'failed' },
        ],
        planned: 2,
      },
      NOW,
    );
    expect(figures).toMatchObject({ devices: 5, online: 3, offline: 2, faulty: 1, planned: 2 });
    expect(figures.byKind.map((row) => [row.kind, row.devices, row.online, row.offline, row.faulty])).toEqual([
      ['luminaire', 3, 2, 1, 1],
      ['motionSensor', 1, 1, 0, 0],
      ['lightSensor', 0, 0, 0, 0],
      ['pushButton', 0, 0, 0, 0],
      ['emergency', 0, 0, 0, 0],
      ['panel', 0, 0, 0, 0],
      ['other', 1, 0, 1, 0],
    ]);
    expect(figures.byModel.map((row) => [row.model, row.kind, row.devices, row.faulty])).toEqual([
      ['LW-L1', 'luminaire', 3, 1],
      ['LW-PIR', 'motionSensor', 1, 0],
      ['X-1', 'other', 1, 0],
    ]);
    expect(figures.byFirmware).toEqual([
      { model: 'LW-L1', version: '1.0.0', devices: 1 },
      { model: 'LW-L1', version: '1.1.0', devices: 1 },
      { model: 'LW-L1', version: null, devices: 1 },
      { model: 'LW-PIR', version: '2.0', devices: 1 },
      { model: 'X-1', version: '1.0.0', devices: 1 },
    ]);
    expect(figures.byHardware[0]).toEqual({ model: 'LW-L1', version: 'A', devices: 2 });
    expect(figures.age.buckets).toEqual([
      { bucket: 'underOne', devices: 2 },
      { bucket: 'oneToThree', devices: 0 },
      { bucket: 'threeToFive', devices: 1 },
      { bucket: 'fiveAndMore', devices: 1 },
      { bucket: 'unknown', devices: 1 },
    ]);
    expect(figures.age.oldest).toMatchObject({ deviceId: 50, name: 'Oldest', years: 7, networkName: 'Office' });
    expect(figures.emergency.fittings).toBe(2);
    expect(figures.emergency.battery.find((row) => row.state === 'fault')?.fittings).toBe(1);
    expect(figures.emergency.lastTest.find((row) => row.grade === 'never')).toEqual({
      grade: 'never',
      function: 0,
      duration: 1,
    });
    expect(figures.emergency.lastTest.find((row) => row.grade === 'failed')).toEqual({
      grade: 'failed',
      function: 1,
      duration: 1,
    });
  });

  it('answers zeros, every bucket and no oldest device for an empty network', () => {
    const figures = summariseEquipment({ devices: [], fittings: [], planned: 0 }, NOW);
    expect(figures).toMatchObject({ devices: 0, online: 0, offline: 0, faulty: 0, byModel: [], byFirmware: [] });
    expect(figures.byKind).toHaveLength(6);
    expect(figures.age.buckets.every((row) => row.devices === 0)).toBe(true);
    expect(figures.age.oldest).toBeNull();
    expect(figures.emergency.lastTest).toHaveLength(8);
  });

  it('groups unknown kinds as other', () => {
    expect(equipmentKindOf('emergency')).toBe('emergency');
    expect(equipmentKindOf('unknown')).toBe('other');
  });
});
