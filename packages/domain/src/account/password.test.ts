import { describe, expect, it } from 'vitest';
import { isValidPassword, passwordClasses } from './password.ts';

describe('password rule (section 5: 8-128 characters, three of four classes)', () => {
  it.each([
    ['Abcdefg1', true], // lower, upper, digit; exactly 8
    ['abcdefg1!', true], // lower, digit, special
    ['ABCDEFG1!', true], // upper, digit, special
    ['Abcdefgh!', true], // lower, upper, special
    ['Abcdef1', false], // 7 characters
    ['abcdefgh', false], // one class
    ['abcdefg1', false], // two classes
    ['ABCDEFGH!', false], // two classes
    [`Aa1${'x'.repeat(125)}`, true], // 128 characters
    [`Aa1${'x'.repeat(126)}`, false], // 129 characters
  ])('%s -> %s', (password, valid) => {
    expect(isValidPassword(password)).toBe(valid);
  });

  it('names the classes present', () => {
    expect(passwordClasses('aB3 ')).toEqual({ lower: true, upper: true, digit: true, special: true });
    expect(passwordClasses('abc')).toEqual({ lower: true, upper: false, digit: false, special: false });
  });
});
