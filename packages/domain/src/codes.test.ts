import { describe, expect, it } from 'vitest';
import { Code, isSuccessCode } from './codes.ts';

describe('success codes (section 8)', () => {
  it('treats 0 and the empty list 1050 as success, except 1050 on project delete', () => {
    expect(isSuccessCode(Code.ok)).toBe(true);
    expect(isSuccessCode(Code.emptyList, 'networkAll')).toBe(true);
    expect(isSuccessCode(Code.emptyList, 'projectDelete')).toBe(false);
    expect(isSuccessCode(Code.ok, 'projectDelete')).toBe(true);
    expect(isSuccessCode(Code.sessionInvalid)).toBe(false);
  });
});
