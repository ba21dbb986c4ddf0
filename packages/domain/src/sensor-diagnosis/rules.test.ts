import { describe, expect, it } from 'vitest';
import { calls } from '../calls/index.ts';
import {
  bucketCount,
  diagnosisEnd,
  diagnosisStateAt,
  flagSensor,
  isDiagnosisRangeValid,
  readingsPerMinute,
  SensorDiagnosis,
} from './rules.ts';

const START = 1_800_000_000;

describe('sensor diagnosis rules (section 5)', () => {
  it('takes intervals from 10 s to 1 hour', () => {
    const body = calls.diagnosisAdd.body;
    const base = { nid: 1, startTime: START };
    expect(body.safeParse({ ...base, interval: 9 }).success).toBe(false);
    expect(body.safeParse({ ...base, interval: 10 }).success).toBe(true);
    expect(body.safeParse({ ...base, interval: 3600 }).success).toBe(true);
    expect(body.safeParse({ ...base, interval: 3601 }).success).toBe(false);
    expect(body.safeParse({ ...base, interval: 10.5 }).success).toBe(false);
  });

  it('runs one hour when no end is given', () => {
    expect(SensorDiagnosis.defaultRangeSeconds).toBe(3600);
    expect(diagnosisEnd(START, undefined)).toBe(START + 3600);
    expect(diagnosisEnd(START, START + 600)).toBe(START + 600);
    // The default hour at 10 s is 360 intervals.
    expect(bucketCount(START, diagnosisEnd(START, undefined), 10)).toBe(360);
  });

  it('needs the end after the start and at most 1,440 intervals', () => {
    expect(isDiagnosisRangeValid(START, START, 10)).toBe(false);
    expect(isDiagnosisRangeValid(START, START - 1, 10)).toBe(false);
    expect(isDiagnosisRangeValid(START, START + 1, 10)).toBe(true);
    // Four hours at 10 s fit, one more interval does not; 60 days at 1 hour fit.
    expect(isDiagnosisRangeValid(START, START + 4 * 3600, 10)).toBe(true);
    expect(isDiagnosisRangeValid(START, START + 4 * 3600 + 1, 10)).toBe(false);
    expect(isDiagnosisRangeValid(START, START + 60 * 86_400, 3600)).toBe(true);
    const body = calls.diagnosisAdd.body;
    expect(body.safeParse({ nid: 1, startTime: START, endTime: START, interval: 10 }).success).toBe(false);
    expect(body.safeParse({ nid: 1, startTime: START, endTime: START + 5 * 3600, interval: 10 }).success).toBe(false);
  });

  it('counts a shorter last interval', () => {
    expect(bucketCount(START, START + 25, 10)).toBe(3);
    expect(bucketCount(START, START + 30, 10)).toBe(3);
    expect(bucketCount(START, START, 10)).toBe(0);
  });

  it('is waiting before its start, executing from its start and executed from its end', () => {
    expect(diagnosisStateAt(START, START + 60, START - 1)).toBe('waiting');
    expect(diagnosisStateAt(START, START + 60, START)).toBe('executing');
    expect(diagnosisStateAt(START, START + 60, START + 59)).toBe('executing');
    expect(diagnosisStateAt(START, START + 60, START + 60)).toBe('executed');
  });

  it('flags a sensor that never triggered once the range is over', () => {
    expect(flagSensor({ total: 0, peakPerMinute: 0 }, true)).toEqual({ neverTriggered: true, chattering: false });
    expect(flagSensor({ total: 0, peakPerMinute: 0 }, false).neverTriggered).toBe(false);
    expect(flagSensor({ total: 1, peakPerMinute: 1 }, true).neverTriggered).toBe(false);
  });

  it('flags more than 6 triggers within 60 seconds as chatter', () => {
    expect(SensorDiagnosis.chatterPerMinute).toBe(6);
    expect(flagSensor({ total: 40, peakPerMinute: 6 }, true).chattering).toBe(false);
    expect(flagSensor({ total: 7, peakPerMinute: 7 }, false).chattering).toBe(true);
  });

  it("spreads a readings report's triggers over the time since the sensor's previous report", () => {
    // 7 triggers in a 15-minute report of an office: under one a minute, no chatter.
    expect(readingsPerMinute(7, 900)).toBeCloseTo(0.467, 3);
    // 7 in a 30-second report: all within a minute.
    expect(readingsPerMinute(7, 30)).toBe(7);
    // 30 in 2 minutes: 15 a minute.
    expect(readingsPerMinute(30, 120)).toBe(15);
    expect(readingsPerMinute(7, null)).toBe(0);
  });
});
