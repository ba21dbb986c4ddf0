import type { CommandAction } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { SimEmergency } from './emergency-fitting.ts';

type Command = Extract<CommandAction, { op: 'emergency' }>;
const MINUTE = 60_000;
const T0 = Date.parse('2026-06-15T10:00:00Z');
const at = (minutes: number) => T0 + minutes * MINUTE;
const command = (over: Partial<Command>): Command => ({
  op: 'emergency',
  command: 'functionTest',
  maxDelayMinutes: 15,
  ...over,
});

/** A fitting on a real-time clock: every step passes `now` explicitly. */
const fitting = (spec: ConstructorParameters<typeof SimEmergency>[1] = {}) => new SimEmergency(0, spec, T0);

describe('a simulated emergency fitting (IEC 62386-202)', () => {
  it('reports normal, full battery, mains present, 3 h rated (90 steps)', () => {
    expect(fitting().takeReport(T0)).toEqual({
      index: 0,
      mode: 0,
      faultBits: 0,
      statusBits: 8,
      batteryCharge: 254,
      mainsPresent: true,
      ratedDuration: 90,
    });
  });

  it('runs a function test for its seconds on battery and reports it passed with the task id', () => {
    const f = fitting();
    f.takeReport(T0);
    f.command(command({}), 42, T0);
    expect(f.mode).toBe(5);
    f.step(T0 + 31_000);
    const report = f.takeReport(T0 + 31_000);
    expect(report?.mode).toBe(0);
    expect((report?.statusBits ?? 0) & 2).toBe(2);
    expect(report?.test).toMatchObject({
      kind: 'function',
      taskId: 42,
      outcome: 'done',
      failureBits: 0,
      delayExceeded: false,
    });
    expect(f.takeReport(T0 + 32_000)).toBeNull();
  });

  it('holds a duration test pending until the battery is full, then runs it the rated time', () => {
    const f = fitting({ charge: 0.5 });
    f.command(command({ command: 'durationTest', duration: { kind: 'preset' }, maxDelayMinutes: 15 }), 7, T0);
    expect(f.mode).toBe(8);
    expect(f.statusBits & 32).toBe(32);
    f.step(at(16));
    // Past the maximum delay: late (mode 10, failure bit 32), still pending.
    expect(f.mode).toBe(10);
    expect(f.faultBits & 32).toBe(32);
    f.step(at(12 * 60 + 1));
    expect(f.mode).toBe(6);
    f.step(at(12 * 60 + 1 + 181));
    const report = f.takeReport(at(12 * 60 + 182));
    expect(report?.test).toMatchObject({
      kind: 'duration',
      taskId: 7,
      outcome: 'done',
      durationResult: 90,
      delayExceeded: true,
    });
    expect(report?.test?.failureBits).toBe(32);
    expect((report?.statusBits ?? 0) & 4).toBe(4);
  });

  it('charges from empty in about 24 hours', () => {
    const f = fitting({ charge: 0 });
    f.step(at(12 * 60));
    expect(f.batteryCharge).toBe(127);
    f.step(at(24 * 60));
    expect(f.batteryCharge).toBe(254);
    expect(f.statusBits & 8).toBe(8);
  });

  it('fails a duration test when the battery lasts half its rating (bits 2 and 128, 45 steps)', () => {
    const f = fitting();
    f.fail('duration', T0);
    f.command(command({ command: 'durationTest', duration: { kind: 'preset' } }), 9, T0);
    f.step(at(200));
    const report = f.takeReport(at(200));
    expect(report?.test).toMatchObject({ outcome: 'done', durationResult: 45 });
    expect(report?.test?.failureBits).toBe(2 | 128);
  });

  it.each([
    ['lamp', 8 | 64],
    ['battery', 4 | 64],
    ['circuit', 1 | 64],
  ] as const)('a %s fault fails the next function test (bits %i)', (kind, bits) => {
    const f = fitting();
    f.fail(kind, T0);
    f.command(command({}), 3, T0);
    f.step(T0 + 31_000);
    expect(f.takeReport(T0 + 31_000)?.test?.failureBits).toBe(bits);
  });

  it('fails a function test on a battery that goes flat before it ends (bits 4 and 64)', () => {
    const f = fitting({ charge: 0.002 }); // 24 s of a 200-minute battery
    f.command(command({}), 11, T0);
    f.step(T0 + 31_000);
    const report = f.takeReport(T0 + 31_000);
    expect(report?.test).toMatchObject({ kind: 'function', outcome: 'done' });
    expect(report?.test?.failureBits).toBe(4 | 64);
    const empty = fitting({ charge: 0 });
    empty.command(command({}), 12, T0);
    expect(empty.takeReport(T0)?.test?.failureBits).toBe(4 | 64);
  });

  it('keeps a failed duration test’s bits through a function test on the flat battery it left', () => {
    const f = fitting();
    f.fail('duration', T0);
    f.command(command({ command: 'durationTest', duration: { kind: 'preset' } }), 9, T0);
    // The battery lasts 90 minutes; a minute's charge after the test carries the lamp for about 4 s.
    f.step(at(91));
    expect(f.takeReport(at(91))?.test?.failureBits).toBe(2 | 128);
    f.command(command({}), 10, at(91));
    f.step(at(92));
    const report = f.takeReport(at(92));
    expect(report?.test).toMatchObject({ kind: 'function', outcome: 'done' });
    expect((report?.test?.failureBits ?? 0) & (4 | 64)).toBe(4 | 64);
    expect(f.faultBits & (2 | 128)).toBe(2 | 128);
  });

  it('mains lost during a test voids it and runs on battery; back on mains it recharges', () => {
    const f = fitting({ timeScale: 1 });
    f.command(command({ command: 'durationTest', duration: { kind: 'custom', minutes: 60 } }), 5, T0);
    f.setMains(false, at(10));
    expect(f.mode).toBe(1);
    expect(f.takeReport(at(10))?.test).toMatchObject({ outcome: 'mainsLost', taskId: 5, durationResult: 5 });
    f.command(command({ command: 'resume' }), 6, at(11));
    // Resume never ends a real emergency.
    expect(f.mode).toBe(1);
    f.setMains(true, at(20));
    expect(f.mode).toBe(0);
  });

  it('stop ends a running test as stopped; inhibit lasts 15 minutes; inhibited on mains loss it rests', () => {
    const f = fitting();
    f.command(command({ command: 'durationTest' }), 1, T0);
    f.command(command({ command: 'stopTest' }), 2, at(3));
    expect(f.takeReport(at(3))?.test).toMatchObject({ outcome: 'stopped', taskId: 1 });
    f.command(command({ command: 'inhibit' }), 3, at(4));
    expect(f.mode).toBe(3);
    expect(f.statusBits & 1).toBe(1);
    f.setMains(false, at(5));
    expect(f.mode).toBe(2);
    f.setMains(true, at(6));
    f.step(at(19));
    expect(f.mode).toBe(0);
  });

  it('runs simulated time faster with timeScale', () => {
    const f = fitting({ timeScale: 3600 });
    f.command(command({ command: 'durationTest' }), 8, T0);
    f.step(T0 + 4_000);
    expect(f.takeReport(T0 + 4_000)?.test).toMatchObject({ outcome: 'done', durationResult: 90 });
  });

  it('charges to full in one long step as in many short ones, and reports full from the same minute', () => {
    const stepped = fitting({ charge: 0.25 });
    const jumped = fitting({ charge: 0.25 });
    stepped.takeReport(T0);
    jumped.takeReport(T0);
    // 24 h from empty: three quarters take 18 h. One step of a month against a step every 5 minutes.
    for (let minutes = 5; minutes < 18 * 60; minutes += 5) stepped.step(at(minutes));
    expect(stepped.statusBits & 8).toBe(0);
    stepped.step(at(18 * 60));
    expect(stepped.statusBits & 8).toBe(8);
    jumped.step(at(18 * 60 - 1));
    expect(jumped.statusBits & 8).toBe(0);
    expect(jumped.batteryCharge).toBeGreaterThan(250);
    jumped.step(at(30 * 24 * 60));
    expect(jumped.batteryCharge).toBe(254);
    expect(jumped.statusBits & 8).toBe(8);
    // Left alone for a month, it still runs a test commanded then.
    jumped.takeReport(at(30 * 24 * 60));
    jumped.command(command({}), 5, at(30 * 24 * 60));
    jumped.step(at(30 * 24 * 60 + 1));
    expect(jumped.takeReport(at(30 * 24 * 60 + 1))?.test).toMatchObject({
      kind: 'function',
      taskId: 5,
      outcome: 'done',
    });
  });
});
