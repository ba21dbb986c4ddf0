import { describe, expect, it } from 'vitest';
import { EXTERNAL_POWER_CUT_SECONDS } from './devices/status.ts';
import { LITRES_PER_US_GALLON } from './energy/co2.ts';
import { FloorPlanDefaults } from './floor-plan/defaults.ts';
import { Limits } from './limits.ts';
import { VerificationCodeSchema } from './schemas/common.ts';

// Each figure as spec section 9 ("Business constants and limits") gives it.
describe('section 9 constants', () => {
  it('"Timeout 30000 ms; chunk load timeout 120000 ms"', () => {
    expect(Limits.requestTimeoutMs).toBe(30_000);
    expect(Limits.chunkLoadTimeoutMs).toBe(120_000);
  });

  it('"user agent truncated to 100 characters as device identifier"', () => {
    expect(Limits.deviceIdMax).toBe(100);
  });

  it('"Default startX 20, startY 180"', () => {
    expect(FloorPlanDefaults.startX).toBe(20);
    expect(FloorPlanDefaults.startY).toBe(180);
  });

  it('"sidebar offset 240 when open; default page size 10; tab scroll padding 4 px"', () => {
    expect(Limits.sidebarOffsetPx).toBe(240);
    expect(Limits.defaultPageSize).toBe(10);
    expect(Limits.tabScrollPaddingPx).toBe(4);
  });

  it('"Verification code 6 digits"', () => {
    expect(Limits.codeDigits).toBe(6);
    expect(VerificationCodeSchema.safeParse('012345').success).toBe(true);
    expect(VerificationCodeSchema.safeParse('12345').success).toBe(false);
    expect(VerificationCodeSchema.safeParse('1234567').success).toBe(false);
  });

  it('"Latest lists 20 records"', () => {
    expect(Limits.latestListSize).toBe(20);
  });

  it('"1 gallon 3.78 litres"', () => {
    expect(LITRES_PER_US_GALLON).toBe(3.78);
  });

  it('"Self-test fault threshold: external power cut over 5 s"', () => {
    expect(EXTERNAL_POWER_CUT_SECONDS).toBe(5);
  });
});
