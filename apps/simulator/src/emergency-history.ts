import { EmergencyLimits } from '@lightwell/domain';
import type { SimDevice } from './devices.ts';
import { SimEmergency } from './emergency-fitting.ts';
import type { UnnumberedReport } from './report-buffer.ts';

/*
 * The self-tests of past months, run on the live fitting model (`SimEmergency`) on a scratch battery, so a
 * demo starts with a year of emergency records: each fitting's own test timer (IEC 62386-202 lets a fitting
 * start its tests itself) ran a function test every month and a duration test once, staggered so that no
 * two fittings of the mesh were on battery for a duration test on the same day.
 */

/** A monthly function test on the `FUNCTION_DAY`th of the month at `TEST_HOUR`:00 UTC, a minute apart per fitting. */
const FUNCTION_DAY = 7;
const TEST_HOUR = 10;
/** Duration tests: the first fitting on the 10th of the span's first whole month, the next two days later. */
const DURATION_FIRST_DAY = 10;
const DURATION_GAP_DAYS = 2;
const MINUTE = 60_000;
/** Simulated minutes a test is followed for before its report is taken (longer than any rated duration). */
const FOLLOW_MINUTES = EmergencyLimits.durationResultMax * 2 + 10;

/** One test a fitting's timer started in the past. */
interface PastTest {
  device: SimDevice;
  kind: 'function' | 'duration';
  at: number;
}

/** The tests of `from`..`to` (ms): every month's function test, one duration test per fitting, oldest first. */
export function pastTests(devices: Iterable<SimDevice>, from: number, to: number): PastTest[] {
  const fittings = [...devices].filter((device) => device.emergency && device.presence === 'online');
  fittings.sort((a, b) => a.spec.address - b.spec.address);
  const tests: PastTest[] = [];
  const first = new Date(from);
  // The first month whose function test day lies in the span.
  const year = first.getUTCFullYear();
  let month = first.getUTCMonth();
  if (Date.UTC(year, month, FUNCTION_DAY, TEST_HOUR) < from) month += 1;
  let durationsDone = false;
  for (;;) {
    const functionAt = Date.UTC(year, month, FUNCTION_DAY, TEST_HOUR);
    if (functionAt + fittings.length * MINUTE >= to) break;
    fittings.forEach((device, i) => {
      tests.push({ device, kind: 'function', at: functionAt + i * MINUTE });
    });
    if (!durationsDone) {
      durationsDone = true;
      fittings.forEach((device, i) => {
        const at = Date.UTC(year, month, DURATION_FIRST_DAY + i * DURATION_GAP_DAYS, TEST_HOUR);
        if (at < to) tests.push({ device, kind: 'duration', at });
      });
    }
    month += 1;
  }
  return tests.sort((a, b) => a.at - b.at);
}

/**
 * The emergency reports of the past tests of `from`..`to` (ms): for each, the report the fitting sent when
 * the test ended (its state then, and the result), graded by the console as every live result is.
 */
export function simulateEmergencyHistory(
  devices: Iterable<SimDevice>,
  from: number,
  to: number,
): Extract<UnnumberedReport, { kind: 'emergency' }>[] {
  return pastTests(devices, from, to).map(({ device, kind, at }) => {
    const live = device.emergency!;
    // A fitting at rest on mains: full battery, its own rating and endurance; the test as its timer starts it.
    const fitting = new SimEmergency(live.index, { ...live.spec, charge: 1, timeScale: 1 }, at);
    fitting.command(
      {
        op: 'emergency',
        command: kind === 'function' ? 'functionTest' : 'durationTest',
        maxDelayMinutes: EmergencyLimits.maxTestDelayMinutes,
      },
      null,
      at,
    );
    let now = at;
    let fields = fitting.takeReport(now);
    while (!fields?.test && now < at + FOLLOW_MINUTES * MINUTE) {
      now += MINUTE;
      fields = fitting.takeReport(now);
    }
    if (!fields?.test) throw new Error(`the past ${kind} test of ${device.mac} did not end`);
    return { kind: 'emergency', mac: device.mac, at: Math.floor(now / 1000), ...fields };
  });
}
