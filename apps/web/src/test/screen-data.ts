import type { ScreenSnapshot } from '@lightwell/domain';

/**
 * A lobby dashboard snapshot of network 3 "Office" with one online gateway, nothing used today, no zones,
 * fittings or devices; `overrides` replace whole fields (test factory).
 */
export function buildScreenSnapshot(overrides: Partial<ScreenSnapshot> = {}): ScreenSnapshot {
  return {
    network: { id: 3, name: 'Office', timeZone: 'Europe/London', category: 'office' },
    display: null,
    now: 0,
    gateways: { total: 1, online: 1 },
    today: {
      energyWh: 0,
      shareBasisPoints: { meter: 0, d4i: 0, estimate: 0 },
      cost: 0,
      currency: 'GBP',
      co2Grams: 0,
      co2Sets: [],
      savedWh: 0,
    },
    zones: [],
    emergency: { fittings: 0, overdue: 0, openFaults: 0 },
    devices: [],
    ...overrides,
  };
}
