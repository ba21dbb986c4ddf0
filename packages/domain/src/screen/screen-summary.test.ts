import { describe, expect, it } from 'vitest';
import { ElementType } from '../protocol/element-type.ts';
import { hasFault, isLit, type ScreenDevice, screenCounts, zoneCounts } from './screen-summary.ts';

const lamp = (zoneId: number | null, onOff: number, online = true, fault = false): ScreenDevice => ({
  zoneId,
  online,
  elements: [{ type: ElementType.dt6, onOff, status: 0 }],
  fault,
});
const sensor = (zoneId: number | null, online = true): ScreenDevice => ({
  zoneId,
  online,
  elements: [{ type: ElementType.motionSensor, onOff: 0, status: 0 }],
  fault: false,
});

describe('lobby dashboard counts', () => {
  it('counts a luminaire as lit only when it answers and a light element is on', () => {
    expect(isLit(lamp(1, 1))).toBe(true);
    expect(isLit(lamp(1, 0))).toBe(false);
    expect(isLit(lamp(1, 1, false))).toBe(false);
    expect(isLit(sensor(1))).toBe(false);
  });

  it("counts a device faulty as the server decided, whatever its elements' status reads", () => {
    expect(hasFault(lamp(1, 1, true, true))).toBe(true);
    expect(hasFault({ ...lamp(1, 1), elements: [{ type: ElementType.dt6, onOff: 1, status: 1 }] })).toBe(false);
  });

  it('counts per zone, leaving out devices of other zones and unplaced ones', () => {
    const devices = [
      lamp(1, 1),
      lamp(1, 0),
      lamp(1, 1, false),
      sensor(1, false),
      lamp(2, 1, true, true),
      lamp(null, 1),
    ];
    expect(screenCounts(devices)).toEqual({ luminaires: 5, lightsOn: 3, offline: 2, faults: 1 });
    expect(
      zoneCounts(
        [
          { id: 1, name: 'Lobby' },
          { id: 2, name: 'Café' },
          { id: 3, name: 'Empty' },
        ],
        devices,
      ),
    ).toEqual([
      { id: 1, name: 'Lobby', luminaires: 3, lightsOn: 1, offline: 2, faults: 0 },
      { id: 2, name: 'Café', luminaires: 1, lightsOn: 1, offline: 0, faults: 1 },
      { id: 3, name: 'Empty', luminaires: 0, lightsOn: 0, offline: 0, faults: 0 },
    ]);
  });
});
