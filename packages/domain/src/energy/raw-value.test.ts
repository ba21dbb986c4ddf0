import { describe, expect, it } from 'vitest';
import { decodeRawValue, decodeScale, decodeScaledValue, scaledToDecimal } from './raw-value.ts';

describe('MASK and TMASK are no reading, never 0 (notes §1)', () => {
  it.each([
    [0xff, 1, null, 'absent'],
    [0xfe, 1, null, 'unavailable'],
    [0xfd, 1, 0xfdn, null],
    [0xffff, 2, null, 'absent'],
    [0xfffe, 2, null, 'unavailable'],
    [0xffffffff, 4, null, 'absent'],
    [0xfffffffe, 4, null, 'unavailable'],
    [0xfffffffd, 4, 0xfffffffdn, null],
    [0xffffffffffffn, 6, null, 'absent'],
    [0xfffffffffffen, 6, null, 'unavailable'],
    [0xfffffffffffdn, 6, 0xfffffffffffdn, null],
    [0, 6, 0n, null],
    [0xffffff, 3, null, 'absent'],
  ])('%s in %i byte(s) → %s (%s)', (raw, bytes, value, reason) => {
    expect(decodeRawValue(raw, bytes)).toEqual({ value, reason });
  });

  it('refuses a value wider than its register', () => {
    expect(() => decodeRawValue(0x100, 1)).toThrow(RangeError);
  });
});

describe('scale is a signed power of ten, −6..+6', () => {
  it.each([
    [0x00, 0],
    [0x03, 3],
    [0x06, 6],
    [0xfa, -6],
    [0xfd, -3],
    [0x07, null],
    [0xf9, null],
    [0xff, -1],
  ])('scale byte %i → %s', (byte, scale) => {
    expect(decodeScale(byte)).toBe(scale);
  });

  it.each([
    [0xfd, 123456n, 6, { raw: 123456n, scale: -3, reason: null }, '123.456'],
    [0x00, 1500n, 6, { raw: 1500n, scale: 0, reason: null }, '1500'],
    [0x02, 7n, 4, { raw: 7n, scale: 2, reason: null }, '700'],
    [0xfa, 5n, 6, { raw: 5n, scale: -6, reason: null }, '0.000005'],
  ])('scale byte %i with %s → %o = %s', (scaleByte, raw, bytes, expected, text) => {
    const reading = decodeScaledValue(scaleByte, raw, bytes);
    expect(reading).toEqual(expected);
    if (reading.raw !== null) expect(scaledToDecimal(reading.raw, reading.scale)).toBe(text);
  });

  it('keeps MASK and TMASK as no reading whatever the scale', () => {
    expect(decodeScaledValue(0x00, 0xffffffffffffn, 6)).toEqual({ raw: null, scale: null, reason: 'absent' });
    expect(decodeScaledValue(0xfd, 0xfffffffen, 4)).toEqual({ raw: null, scale: null, reason: 'unavailable' });
    expect(decodeScaledValue(0x09, 100n, 4)).toEqual({ raw: null, scale: null, reason: 'absent' });
  });
});
