import { describe, expect, it } from 'vitest';
import { decodeProcessTimer, processTimerText } from '../devices/process-timer.ts';
import { durationOfRaw, encodeProcessTimer, viewProcessTimer } from './process-timers.ts';
import {
  defaultProfileSettings,
  HF_RANGE_OPTIONS,
  ProfileSettingsSchema,
  systemProfileSeeds,
} from './profile-settings.ts';

describe('process timer encoding for the editor (section 4)', () => {
  it.each([
    [0, 0],
    [0.5, 5],
    [6.2, 62],
    [7, 63],
    [60, 116],
    [62, 118],
    [70, 119],
    [300, 142],
    [620, 174],
    [1200, 175],
    [3600, 179],
    [37_200, 235],
  ])('%f s is raw %i exactly', (seconds, raw) => {
    expect(encodeProcessTimer(seconds)).toBe(raw);
    expect(decodeProcessTimer(raw)!.seconds).toBe(seconds);
  });

  it.each([6.6, 6.65, 65, 66.5, 450, 5000, 9999])('%f s snaps to the nearest encodable duration', (seconds) => {
    const got = decodeProcessTimer(encodeProcessTimer(seconds))!.seconds;
    for (let other = 0; other <= 235; other += 1) {
      expect(Math.abs(got - seconds)).toBeLessThanOrEqual(Math.abs(decodeProcessTimer(other)!.seconds - seconds));
    }
  });

  it('snaps the gap between 620 s and 1200 s to the nearer end and ties to the shorter', () => {
    expect(encodeProcessTimer(900)).toBe(174);
    expect(encodeProcessTimer(910)).toBe(174);
    expect(encodeProcessTimer(911)).toBe(175);
    expect(encodeProcessTimer(66)).toBe(118);
    expect(encodeProcessTimer(1_000_000)).toBe(235);
    expect(encodeProcessTimer(-3)).toBe(0);
    expect(encodeProcessTimer(Number.NaN)).toBe(0);
  });

  it('round-trips every raw value through its decoded duration', () => {
    for (let raw = 0; raw <= 235; raw += 1) expect(encodeProcessTimer(decodeProcessTimer(raw)!.seconds)).toBe(raw);
  });

  it('shows raw 116 on fade on as 60s and the display rule elsewhere', () => {
    expect(viewProcessTimer('fadeOn', 116)).toEqual({ kind: 'fadeOn', raw: 116, seconds: 60, text: '60s' });
    expect(viewProcessTimer('onDelay', 116).text).toBe('1min0s');
    expect(viewProcessTimer('t2', 180).text).toBe('1h10min');
    expect(processTimerText('t1', encodeProcessTimer(3900))).toBe('1h0min');
  });

  it('offers the editor an amount and unit for a raw value', () => {
    expect(durationOfRaw(5)).toEqual({ amount: 0.5, unit: 's' });
    expect(durationOfRaw(116)).toEqual({ amount: 60, unit: 's' });
    expect(durationOfRaw(174)).toEqual({ amount: 620, unit: 's' });
    expect(durationOfRaw(175)).toEqual({ amount: 20, unit: 'min' });
    expect(durationOfRaw(179)).toEqual({ amount: 1, unit: 'h' });
  });
});

describe('profile settings', () => {
  it('has defaults that pass the schema', () => {
    const settings = defaultProfileSettings();
    expect(ProfileSettingsSchema.parse(settings)).toEqual(settings);
    expect(settings.timers).toEqual({ onDelay: 0, offDelay: 0, fadeOn: 10, fadeOff: 30, t1: 116, t2: 142 });
  });

  it('maps the detection range select to 10, 30, 50, 75 and the default 100 %', () => {
    expect(HF_RANGE_OPTIONS.map((o) => o.percent)).toEqual([10, 30, 50, 75, 100]);
  });

  it('refuses raw timers outside 0..235, a scene action without a number, and unknown fields in a button', () => {
    const settings = defaultProfileSettings();
    expect(ProfileSettingsSchema.safeParse({ ...settings, timers: { ...settings.timers, fadeOn: 236 } }).success).toBe(
      false,
    );
    const scene = { ...settings, buttons: { ...settings.buttons, up: { action: 'scene' } } };
    expect(ProfileSettingsSchema.safeParse(scene).success).toBe(false);
    const recall = { ...settings, buttons: { ...settings.buttons, up: { action: 'scene', sceneNumber: 4 } } };
    expect(ProfileSettingsSchema.parse(recall).buttons.up).toEqual({ action: 'scene', sceneNumber: 4 });
    const stray = { ...settings, buttons: { ...settings.buttons, up: { action: 'on', sceneNumber: 4 } } };
    expect(ProfileSettingsSchema.parse(stray).buttons.up).toEqual({ action: 'on' });
  });

  it('seeds three valid system profiles with distinct names', () => {
    const seeds = systemProfileSeeds();
    expect(seeds.map((s) => s.name)).toEqual(['Office default', 'Corridor default', 'Warehouse high-bay']);
    for (const seed of seeds) expect(ProfileSettingsSchema.parse(seed.settings)).toEqual(seed.settings);
    expect(processTimerText('t2', seeds[2]!.settings.timers.t2)).toBe('30min0s');
  });
});
