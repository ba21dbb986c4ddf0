import { describe, expect, it } from 'vitest';
import { isExternalLink, isValidEmail, normalizeEmail } from './email.ts';

describe('e-mail rule (section 5: TLD of 2 to 10 letters)', () => {
  it.each([
    ['ann@example.com', true],
    ['a.b+c@sub.example.de', true],
    ['x@example.co', true],
    ['x@example.abcdefghij', true], // 10-letter TLD
    ['x@example.abcdefghijk', false], // 11 letters
    ['x@example.c', false], // 1 letter
    ['x@example.c0m', false], // digit in TLD
    ['no-at.example.com', false],
    ['x@.com', false],
    ['', false],
    [`${'a'.repeat(250)}@ex.com`, false], // over 254 characters
  ])('%s -> %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it('normalises case and spaces', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });

  it('recognises external links (section 5)', () => {
    expect(isExternalLink('https://x.org')).toBe(true);
    expect(isExternalLink('http://x.org')).toBe(true);
    expect(isExternalLink('mailto:a@b.de')).toBe(true);
    expect(isExternalLink('tel:+49')).toBe(true);
    expect(isExternalLink('/first/index')).toBe(false);
  });
});
