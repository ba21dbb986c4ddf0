import { describe, expect, it } from 'vitest';
import { decodeProcessTimer, formatProcessSeconds, hfRangeValue, processTimerText } from './process-timer.ts';

describe('process timer decoding (section 4)', () => {
  it.each([
    [0, 0, 0, 0],
    [5, 0, 5, 0.5],
    [62, 0, 62, 6.2],
    [63, 1, 7, 7],
    [116, 1, 60, 60],
    [118, 1, 62, 62],
    [119, 2, 7, 70],
    [174, 2, 62, 620],
    [175, 3, 2, 1200],
    [235, 3, 62, 37_200],
  ])('raw %i -> unit %i, %i steps, %f s', (raw, timeUnit, timeSteps, seconds) => {
    expect(decodeProcessTimer(raw)).toEqual({ raw, timeUnit, timeSteps, seconds });
  });

  it('refuses raw values outside 0..235', () => {
    expect(decodeProcessTimer(-1)).toBeNull();
    expect(decodeProcessTimer(236)).toBeNull();
    expect(decodeProcessTimer(1.5)).toBeNull();
  });

  it.each([
    [0.5, '0.5s'],
    [59, '59s'],
    [60, '1min0s'],
    [620, '10min20s'],
    [3599, '59min59s'],
    [3600, '1h0min'],
    [36_600, '10h10min'],
  ])('%f s shows as %s', (seconds, text) => {
    expect(formatProcessSeconds(seconds)).toBe(text);
  });

  it('shows raw 116 on fade on and fade off as 60s, and on delays as decoded', () => {
    expect(processTimerText('fadeOn', 116)).toBe('60s');
    expect(processTimerText('fadeOff', 116)).toBe('60s');
    expect(processTimerText('onDelay', 116)).toBe('1min0s');
    expect(processTimerText('t1', 175)).toBe('20min0s');
    expect(processTimerText('t2', 300)).toBeNull();
  });

  it('maps hfRange 1-4 to 10, 30, 50, 75 and anything else to 100', () => {
    expect([1, 2, 3, 4, 0, 5].map(hfRangeValue)).toEqual([10, 30, 50, 75, 100, 100]);
  });
});
