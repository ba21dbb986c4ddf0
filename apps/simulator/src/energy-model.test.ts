import { describe, expect, it } from 'vitest';
import { SimDevice } from './devices.ts';
import { DeviceMeter } from './energy-model.ts';

const at = (hour: number) => new Date(2026, 10, 16, hour, 0);
const lamp = (kind: 'd4i' | 'dt6' | 'dt8', address = 2) =>
  new SimDevice({
    mac: `AA00000000${address.toString(16).padStart(2, '0')}`,
    address,
    kind,
    model: kind,
    ratedPower: 18,
  });

describe('a device meter reports what its driver has', () => {
  it('gives a D4i driver its counter, active power and bank', () => {
    const device = lamp('d4i');
    const meter = new DeviceMeter(device);
    const before = meter.raw;
    meter.accrueLight(3600, at(10), 50);
    const [element] = meter.take()!.elements;
    // 18 W at 50 % for an hour: 9 Wh, counted in 0.1 Wh.
    expect(element!.energy).toEqual({ raw: before + 90, scale: -1, serial: meter.serial, source: 'd4i' });
    expect(element!.power).toEqual({ raw: 90, scale: -1 });
    expect(element!.d4i).toBeDefined();
    expect(element).toMatchObject({ onSeconds: 3600, meanLightness: 50 });
  });

  it.each(['dt6', 'dt8'] as const)('gives a %s luminaire no counter, only its on-time and mean level', (kind) => {
    const meter = new DeviceMeter(lamp(kind));
    meter.accrueLight(600, at(10), 100);
    meter.accrueLight(300, at(10), 40);
    meter.accrueLight(300, at(10), 0);
    const reading = meter.take()!;
    // Time-weighted over the 900 s on: (600 × 100 + 300 × 40) / 900 = 80.
    expect(reading.elements).toEqual([{ index: 0, onSeconds: 900, meanLightness: 80 }]);
    // Through section-7 calls on-time (and with it the level) goes as `consume`.
    meter.accrueLight(60, at(10), 100);
    expect(meter.take(true)!.elements).toEqual([{ index: 0 }]);
  });

  it('reports the level a window luminaire runs at, dimmed by daylight', () => {
    // Address 3 is near a window: at noon daylight is 1 and the light runs at 30 % of its level.
    const meter = new DeviceMeter(lamp('dt6', 3));
    meter.accrueLight(900, at(13), 100);
    expect(meter.take()!.elements[0]!.meanLightness).toBe(30);
  });
});
