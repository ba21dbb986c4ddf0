import { describe, expect, it } from 'vitest';
import { gatewayChoiceKey, readGatewayChoice, resolveGatewayChoice, writeGatewayChoice } from './gateway-choice';

const gw = (id: number, gatewayType: number, status: number, meshStatus: number) => ({
  id,
  gatewayType,
  status,
  meshStatus,
});

describe('gateway choice per pid-nid (section 3 storage, section 4 rule)', () => {
  it('reuses the remembered gateway while it is listed', () => {
    writeGatewayChoice(1, 10, 2);
    const chosen = resolveGatewayChoice([gw(1, 1, 2, 1), gw(2, 1, 1, 0)], 1, 10);
    expect(chosen?.id).toBe(2);
    expect(localStorage.getItem(gatewayChoiceKey(1, 10))).toBe('2');
  });

  it('falls back to the first online mesh-ready gateway and remembers it', () => {
    writeGatewayChoice(1, 10, 99);
    const chosen = resolveGatewayChoice([gw(1, 1, 1, 0), gw(2, 1, 2, 1), gw(3, 3, 2, 0)], 1, 10);
    expect(chosen?.id).toBe(2);
    expect(readGatewayChoice(1, 10)).toBe(2);
  });

  it('applies the on-load rule: a type-3 gateway with status 2 counts as mesh-ready', () => {
    const chosen = resolveGatewayChoice([gw(1, 1, 1, 0), gw(5, 3, 2, 0)], 1, 10);
    expect(chosen).toEqual(gw(5, 3, 2, 1));
  });

  it('takes the first gateway when none is online', () => {
    expect(resolveGatewayChoice([gw(4, 1, 1, 0), gw(5, 1, 1, 1)], 1, 10)?.id).toBe(4);
  });

  it('clears the choice for an empty list', () => {
    writeGatewayChoice(1, 10, 4);
    expect(resolveGatewayChoice([], 1, 10)).toBeNull();
    expect(localStorage.getItem(gatewayChoiceKey(1, 10))).toBeNull();
  });

  it('keeps the choices of different project-network pairs apart', () => {
    writeGatewayChoice(1, 10, 2);
    writeGatewayChoice(2, 10, 3);
    expect(resolveGatewayChoice([gw(2, 1, 2, 1), gw(3, 1, 2, 1)], 1, 10)?.id).toBe(2);
    expect(resolveGatewayChoice([gw(2, 1, 2, 1), gw(3, 1, 2, 1)], 2, 10)?.id).toBe(3);
  });
});
