import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalString, notCheckSignValue, signaturesEqual, signParams } from './sign.ts';

describe('request signing (section 5)', () => {
  const params = {
    uid: 7,
    token: 'abc',
    sign: 'ignored',
    zeta: [1, 'two'],
    alpha: { b: 1 },
    empty: null,
    missing: undefined,
    flag: false,
    name: 'Müller & Co',
  };

  it('drops null, undefined and sign, sorts keys, serialises arrays and objects as JSON', () => {
    expect(canonicalString(params)).toBe('alpha={"b":1}&flag=false&name=Müller & Co&token=abc&uid=7&zeta=[1,"two"]');
  });

  it('signs as lower-case hex HMAC-SHA256 of the canonical string', () => {
    const expected = createHmac('sha256', 'secret').update(canonicalString(params), 'utf8').digest('hex');
    expect(signParams(params, 'secret')).toBe(expected);
    expect(signParams(params, 'secret')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes when any signed field changes, not when sign changes', () => {
    const base = signParams(params, 'secret');
    expect(signParams({ ...params, uid: 8 }, 'secret')).not.toBe(base);
    expect(signParams({ ...params, sign: 'other' }, 'secret')).toBe(base);
    expect(signParams(params, 'other-secret')).not.toBe(base);
  });

  it('uses the SHA-256 of a fixed phrase for notCheckSign', () => {
    expect(notCheckSignValue()).toBe(createHash('sha256').update('lightwell-not-check-sign').digest('hex'));
  });

  it('compares signatures exactly', () => {
    expect(signaturesEqual('ab', 'ab')).toBe(true);
    expect(signaturesEqual('ab', 'ac')).toBe(false);
    expect(signaturesEqual('ab', 'abc')).toBe(false);
  });
});
