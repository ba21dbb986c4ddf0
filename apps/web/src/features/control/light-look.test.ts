import { ElementType } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import type { DeviceStateRow } from '../live/merge';
import { devicesByNode, LookColors, lightLook, litColor, summariseDevices, zoneDevices } from './light-look';

const light = (onOff: number, lightness: number, extra: Record<string, unknown> = {}) => ({
  index: 0,
  type: ElementType.dt6,
  onOff,
  lightness,
  cct: null,
  status: 0,
  ...extra,
});
const device = (id: number, online: boolean, elements: DeviceStateRow['elements'], nodeIds = [id * 10]) => ({
  id,
  nodeIds,
  online,
  elements,
});

describe('plan look of a device from its reported state', () => {
  it('draws an offline device grey with a red badge, whatever it last reported', () => {
    expect(lightLook(device(1, false, [light(1, 80)]))).toEqual({
      state: 'offline',
      output: 0,
      fill: LookColors.offline,
      mark: LookColors.offlineMark,
    });
  });

  it('draws a lit device in the lit colour scaled by its level, and an off one grey', () => {
    expect(lightLook(device(1, true, [light(1, 100)]))).toMatchObject({
      state: 'on',
      output: 100,
      fill: litColor(100),
    });
    expect(lightLook(device(1, true, [light(1, 20)])).fill).toBe(litColor(20));
    expect(litColor(20)).not.toBe(litColor(100));
    expect(lightLook(device(1, true, [light(0, 80)]))).toMatchObject({
      state: 'off',
      fill: LookColors.off,
      mark: null,
    });
  });

  it('applies the section-9 non-linear curve to non-linear elements', () => {
    expect(lightLook(device(1, true, [light(1, 90, { isLinear: false })])).output).toBe(50);
    expect(lightLook(device(1, true, [light(1, 90)])).output).toBe(90);
    // A non-linear light at a low level gives almost no light, yet it is on.
    expect(lightLook(device(1, true, [light(1, 20, { isLinear: false })]))).toMatchObject({ state: 'on', output: 0 });
  });

  it('marks a lamp or driver fault with an orange badge', () => {
    expect(lightLook(device(1, true, [light(1, 50, { status: 2 })]))).toMatchObject({
      state: 'fault',
      mark: LookColors.faultMark,
    });
  });

  it('summarises zone members through their nodes', () => {
    const devices = [
      device(1, true, [light(1, 60)]),
      device(2, true, [{ ...light(0, 0), type: ElementType.dt8, cct: 3000 }]),
      device(3, false, [light(1, 100)]),
    ];
    const byNode = devicesByNode(devices);
    const nodes = [
      { id: 10, zoneId: 7 },
      { id: 20, zoneId: 7 },
      { id: 30, zoneId: 8 },
    ];
    const members = zoneDevices(7, nodes, byNode);
    expect(members.map((d) => d.id)).toEqual([1, 2]);
    expect(summariseDevices(members)).toEqual({
      count: 2,
      level: 60,
      linear: true,
      tunable: true,
      cct: 3000,
      on: 1,
      offline: 0,
    });
    expect(summariseDevices(zoneDevices(8, nodes, byNode))).toMatchObject({ count: 1, on: 0, offline: 1 });
  });
});
