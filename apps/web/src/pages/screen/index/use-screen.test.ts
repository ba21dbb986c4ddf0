import { ElementType, type ScreenSnapshot } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { buildScreenSnapshot } from '../../../test/screen-data';
import { applyScreenEvent, displayKeyOf } from './use-screen';

const lamp = (id: number, zoneId: number, onOff: number) => ({
  id,
  nodeIds: [],
  zoneId,
  kind: 'luminaire',
  online: true,
  elements: [{ index: 0, type: ElementType.dt6, onOff, lightness: onOff ? 100 : 0, cct: null, status: 0 }],
  fault: false,
});

const snapshot: ScreenSnapshot = buildScreenSnapshot({
  display: 'Lobby',
  zones: [{ id: 1, name: 'Hall', luminaires: 2, lightsOn: 2, offline: 0, faults: 0 }],
  devices: [lamp(10, 1, 1), lamp(11, 1, 1)],
});

describe('lobby dashboard live events', () => {
  it('merges a device event and counts the zone again', () => {
    const next = applyScreenEvent(snapshot, {
      type: 'devices',
      nid: 3,
      devices: [{ id: 11, online: false, elements: [{ ...lamp(11, 1, 0).elements[0]!, status: 1 }], fault: true }],
    });
    expect(next.zones).toEqual([{ id: 1, name: 'Hall', luminaires: 2, lightsOn: 1, offline: 1, faults: 1 }]);
    expect(next.devices[1]).toMatchObject({ id: 11, online: false, zoneId: 1 });
  });

  it("leaves the dashboard alone for another network's events and other kinds", () => {
    expect(applyScreenEvent(snapshot, { type: 'devices', nid: 4, devices: [lamp(10, 1, 0)] })).toBe(snapshot);
    expect(applyScreenEvent(snapshot, { type: 'inventory', nid: 3 })).toBe(snapshot);
  });

  it('reads the display key from the fragment only when it looks like one', () => {
    expect(displayKeyOf(`#key=lwd_${'a'.repeat(43)}`)).toBe(`lwd_${'a'.repeat(43)}`);
    expect(displayKeyOf('#key=abc')).toBeNull();
    expect(displayKeyOf('')).toBeNull();
  });
});
