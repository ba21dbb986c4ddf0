import type { DeviceDetail } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { changesOf } from './edit-device-dialog';

const device = {
  id: 1,
  isVirtual: true,
  name: 'Lamp',
  mac: 'A4C138000001',
  serialNumber: 'S1',
  manufacturer: 'Lightwell',
  supplier: '',
  installedAt: Date.UTC(2025, 0, 2) / 1000,
  ratedPower: 18,
  batteryType: '',
} as DeviceDetail;

const same = {
  name: 'Lamp',
  mac: 'A4:C1:38:00:00:01',
  serialNumber: 'S1',
  manufacturer: 'Lightwell',
  supplier: '',
  installedOn: '2025-01-02',
  ratedPower: 18,
  batteryType: '',
};

describe('device edit changes', () => {
  it('sends nothing when nothing changed (MAC compared without separators)', () => {
    expect(changesOf(device, same)).toEqual({});
  });

  it('sends only the changed fields, dates as epoch seconds at 00:00 UTC', () => {
    expect(
      changesOf(device, {
        ...same,
        name: ' Desk lamp ',
        mac: 'a4c1380000ff',
        installedOn: '2025-03-01',
        ratedPower: null,
      }),
    ).toEqual({ name: 'Desk lamp', mac: 'a4c1380000ff', installedAt: Date.UTC(2025, 2, 1) / 1000, ratedPower: null });
    expect(changesOf(device, { ...same, installedOn: '' })).toEqual({ installedAt: null });
  });

  it('never sends the MAC of a real device', () => {
    expect(changesOf({ ...device, isVirtual: false }, { ...same, mac: 'A4C1380000FF' })).toEqual({});
  });
});
