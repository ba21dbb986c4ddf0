import { describe, expect, it } from 'vitest';
import { actionHold, actionPreview, durationTestMinutes, type PreviewFitting } from './preview.ts';

const now = new Date('2026-06-15T10:00:00Z');
const fitting = (id: number, over: Partial<PreviewFitting> = {}): PreviewFitting => ({
  id,
  name: `Exit ${id}`,
  online: true,
  zoneId: 1,
  zoneName: 'Stairs',
  ratedMinutes: 180,
  statusBits: 8,
  batteryCharge: 254,
  mainsPresent: true,
  mode: 0,
  ...over,
});
const three = [
  fitting(1),
  fitting(2, { zoneId: 2, zoneName: 'Hall', ratedMinutes: 60 }),
  fitting(3, { online: false }),
];

describe('action preview (confirmation: how many on battery, how long)', () => {
  it('function test: the online fittings, about a minute', () => {
    expect(actionPreview(three, 'functionTest', {}, now)).toMatchObject({
      fittings: 3,
      online: 2,
      onBattery: 2,
      minutesOnBattery: 1,
      reducedCoverUntil: null,
    });
  });

  it('duration test: the longest rated time, reduced cover until recharged 24 h after it', () => {
    const preview = actionPreview(three, 'durationTest', {}, now);
    expect(preview).toMatchObject({ onBattery: 2, minutesOnBattery: 180, notCharged: 0, neighbourZones: [] });
    expect(preview.reducedCoverUntil).toBe(Date.parse('2026-06-16T13:00:00Z') / 1000);
  });

  it('duration test until empty has no end; neighbours in one zone are named; uncharged ones counted', () => {
    const list = [fitting(1), fitting(2, { statusBits: 0, batteryCharge: 100 }), fitting(3, { zoneId: 2 })];
    const preview = actionPreview(list, 'durationTest', { durationKind: 'batteryEmpty' }, now);
    expect(preview.minutesOnBattery).toBeNull();
    expect(preview.notCharged).toBe(1);
    expect(preview.neighbourZones).toEqual([{ zoneId: 1, name: 'Stairs', fittings: 2 }]);
  });

  it('inhibit: nothing on battery, ends after the asked minutes (15 by default)', () => {
    expect(actionPreview(three, 'inhibit', {}, now)).toMatchObject({
      onBattery: 0,
      minutesOnBattery: 0,
      inhibitUntil: Date.parse('2026-06-15T10:15:00Z') / 1000,
    });
    expect(actionPreview(three, 'inhibit', { inhibitMinutes: 120 }, now).inhibitUntil).toBe(
      Date.parse('2026-06-15T12:00:00Z') / 1000,
    );
  });

  it('resume counts fittings in a real emergency (it does not end one)', () => {
    const list = [fitting(1, { mainsPresent: false, mode: 1 }), fitting(2, { mode: 4 }), fitting(3)];
    expect(actionPreview(list, 'resume', {}, now)).toMatchObject({ onBattery: 0, inEmergency: 2 });
  });

  it('resume is held for each fitting in a real emergency, with the reason; other actions hold none', () => {
    const list = [fitting(1, { mainsPresent: false, mode: 0 }), fitting(2, { mode: 4 }), fitting(3, { mode: 3 })];
    expect(actionPreview(list, 'resume', {}, now).held).toEqual([
      { deviceId: 1, name: 'Exit 1', reason: 'inEmergency' },
      { deviceId: 2, name: 'Exit 2', reason: 'inEmergency' },
    ]);
    expect(actionPreview(list, 'inhibit', {}, now).held).toEqual([]);
    expect(actionHold('resume', { mainsPresent: null, mode: 2 })).toBeNull();
    expect(actionHold('functionTest', { mainsPresent: false, mode: 1 })).toBeNull();
  });

  it.each([
    [{}, 180, 180],
    [{ durationKind: 'preset' as const }, null, 180],
    [{ durationKind: 'custom' as const, durationMinutes: 45 }, 180, 45],
    [{ durationKind: 'batteryEmpty' as const }, 180, null],
  ])('duration minutes %j with rated %s → %s', (options, rated, minutes) => {
    expect(durationTestMinutes(options, rated)).toBe(minutes);
  });
});
