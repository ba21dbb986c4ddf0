import { describe, expect, it } from 'vitest';
import { SimDevice } from '../src/devices.ts';

const light = (lightness: number, onOff: 0 | 1 = 1) =>
  new SimDevice({ mac: 'A4C138000001', address: 2, kind: 'dt6', model: 'LW-DL-DT6', onOff, lightness });
const button = () => new SimDevice({ mac: 'A4C138000009', address: 9, kind: 'pushButton', model: 'LW-BTN-4' });

describe('push buttons (section 3 button actions)', () => {
  it('do nothing until a profile gives their events actions', () => {
    expect(button().buttonAction('singlePress')).toEqual({ action: 'none' });
    expect(light(50).buttonCommand({ action: 'none' })).toBeNull();
  });

  it('take the action of the event from the applied profile', () => {
    const device = button();
    device.apply({ op: 'config', profileId: 4, settings: { buttons: { up: { action: 'dimUp' } } } });
    expect(device.isButton).toBe(true);
    expect(device.buttonAction('up')).toEqual({ action: 'dimUp' });
    expect(device.buttonAction('down')).toEqual({ action: 'none' });
  });

  it.each([
    ['on', light(0, 0), { op: 'light', onOff: 1, fadeMs: 0 }],
    ['off', light(60), { op: 'light', onOff: 0, fadeMs: 0 }],
    ['toggle', light(60), { op: 'light', onOff: 0, fadeMs: 0 }],
    ['toggle', light(0, 0), { op: 'light', onOff: 1, fadeMs: 0 }],
    ['dimUp', light(95), { op: 'light', onOff: 1, lightness: 100, fadeMs: 0 }],
    ['dimUp', light(0, 0), { op: 'light', onOff: 1, lightness: 10, fadeMs: 0 }],
    ['dimDown', light(40), { op: 'light', onOff: 1, lightness: 30, fadeMs: 0 }],
    ['dimDown', light(10), { op: 'light', onOff: 0, lightness: 0, fadeMs: 0 }],
  ] as const)('%s on a luminaire gives %o', (action, device, expected) => {
    expect(device.buttonCommand({ action })).toEqual(expected);
  });

  it('recalls the scene number of a scene action', () => {
    expect(light(50).buttonCommand({ action: 'scene', sceneNumber: 7 })).toEqual({ op: 'scene', sceneNumber: 7 });
  });
});
