import { durationSteps, gradeTest } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { SimDevice, SimDeviceSpecSchema } from './devices.ts';
import { pastTests, simulateEmergencyHistory } from './emergency-history.ts';

const device = (address: number, kind: 'emergencyOne' | 'emergencyTwo' | 'dt6', emergency = {}) =>
  new SimDevice(
    SimDeviceSpecSchema.parse({
      mac: `E00000${address.toString(16).padStart(6, '0')}`.toUpperCase(),
      address,
      kind,
      model: kind,
      ratedPower: 3,
      ...(kind === 'dt6' ? {} : { emergency }),
    }),
  );

const DAY = 86_400_000;
// Three fittings (one rated 1 h) and a luminaire, which has no tests.
const devices = [device(5, 'emergencyOne'), device(3, 'emergencyTwo', { ratedMinutes: 60 }), device(9, 'dt6')];
const to = Date.UTC(2026, 10, 28, 13, 0);
const from = Date.UTC(2025, 10, 28, 13, 0);

describe('emergency history', () => {
  const tests = pastTests(devices, from, to);

  it('runs every fitting’s function test once a month for twelve months, oldest first', () => {
    const functionTests = tests.filter((test) => test.kind === 'function');
    const months = new Set(functionTests.map((test) => new Date(test.at).toISOString().slice(0, 7)));
    // 7 December 2025 … 7 November 2026: the span's twelve whole months.
    expect([...months]).toEqual([
      '2025-12',
      ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    ]);
    for (const month of months) {
      const ofMonth = functionTests.filter((test) => new Date(test.at).toISOString().startsWith(month));
      expect(ofMonth.map((test) => test.device.spec.address).sort()).toEqual([3, 5]);
    }
    expect(tests.map((test) => test.at)).toEqual([...tests.map((test) => test.at)].sort((a, b) => a - b));
    expect(tests.every((test) => test.at >= from && test.at < to)).toBe(true);
  });

  it('runs one duration test per fitting, on different days, so no two are on battery together', () => {
    const durations = tests.filter((test) => test.kind === 'duration');
    expect(durations.map((test) => test.device.spec.address)).toEqual([3, 5]);
    expect(durations[1]!.at - durations[0]!.at).toBeGreaterThanOrEqual(2 * DAY);
  });

  it('reports each test as its fitting would when it ends, graded passed with the rated time achieved', () => {
    const reports = simulateEmergencyHistory(devices, from, to);
    expect(reports).toHaveLength(tests.length);
    for (const report of reports) {
      const test = report.test!;
      expect(test.taskId).toBeNull();
      expect(test.outcome).toBe('done');
      expect(report.at).toBeGreaterThanOrEqual(test.endedAt);
      const rated = report.mac.endsWith('03') ? 60 : 180;
      expect(report.ratedDuration).toBe(durationSteps(rated));
      const graded = gradeTest({ ...test, ratedMinutes: report.ratedDuration! * 2 });
      expect(graded.grade).toBe('passed');
      if (test.kind === 'duration') {
        expect(test.durationResult).toBe(durationSteps(rated));
        expect(test.endedAt - test.startedAt).toBe(rated * 60);
      } else {
        expect(test.endedAt - test.startedAt).toBeLessThanOrEqual(60);
      }
    }
  });
});
