import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './return-to';

describe('return after sign-in', () => {
  it('builds the login path with the encoded return path', () => {
    expect(loginPathReturningTo('/shared/network?link=abc')).toBe('/login?returnTo=%2Fshared%2Fnetwork%3Flink%3Dabc');
  });

  it.each([
    ['/shared/network?link=abc', '/shared/network?link=abc'],
    [null, '/first/index'],
    ['https://evil.example', '/first/index'],
    ['//evil.example/x', '/first/index'],
    ['/\\evil.example', '/first/index'],
    ['first/index', '/first/index'],
  ])('%s -> %s', (value, expected) => {
    expect(safeReturnPath(value, '/first/index')).toBe(expected);
  });
});
