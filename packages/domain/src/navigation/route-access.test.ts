import { describe, expect, it } from 'vitest';
import { isRouteAllowed } from './route-access.ts';

describe('route role filter (section 6)', () => {
  it('keeps routes without a roles list open', () => {
    expect(isRouteAllowed(undefined, [])).toBe(true);
    expect(isRouteAllowed([], [])).toBe(true);
  });

  it('keeps a route with roles only for users holding one', () => {
    expect(isRouteAllowed(['installer'], ['installer', 'x'])).toBe(true);
    expect(isRouteAllowed(['installer'], ['owner'])).toBe(false);
    expect(isRouteAllowed(['installer'], [])).toBe(false);
  });

  it('lets admin see every route', () => {
    expect(isRouteAllowed(['installer'], ['admin'])).toBe(true);
  });
});
