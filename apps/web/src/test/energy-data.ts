import {
  type EnergyFigures,
  EnergyFiguresSchema,
  type HeatMap,
  HeatMapSchema,
  type NetworkEnergy,
  NetworkEnergySchema,
} from '@lightwell/domain';

/** Monday 23 November 2026 00:00 in London (GMT): the start of the test week. */
const WEEK_START_EPOCH = Date.UTC(2026, 10, 23) / 1000;

/** 168 cells whose value names its hour of the week (Monday 00:00 = 1, Sunday 23:00 = 168) times `scale`. */
const hourCells = (scale = 1) => Array.from({ length: 168 }, (_, i) => (i + 1) * scale);

/**
 * A heat map as the energy calls answer it (parsed by the contract's schema): three zones over a
 * week, cells numbered by hour of the week, daily frames, and lit-while-unoccupied hours on row one.
 */
export function buildHeatMap(overrides: Partial<HeatMap> = {}): HeatMap {
  const unit = overrides.unit ?? 'Wh';
  const row = (id: number, name: string, scale: number, bySource: { meter: number; d4i: number; estimate: number }) => {
    const cells = hourCells(scale);
    return {
      id,
      name,
      zoneId: id,
      total: cells.reduce((sum, cell) => sum + cell, 0),
      cells,
      bySource: unit === 'Wh' ? bySource : { meter: 0, d4i: 0, estimate: 0 },
      litUnoccupied: id === 1 ? 30 : 0,
      litUnoccupiedCells: Array.from({ length: 168 }, (_, i) => (id === 1 && i >= 20 && i < 23 ? 10 : 0)),
    };
  };
  // Totals: 14,196 × scale (1 + 2 + ... + 168).
  const rows = [
    row(1, 'Lobby', 1, { meter: 14_196, d4i: 0, estimate: 0 }),
    row(2, 'Office', 2, { meter: 0, d4i: 21_294, estimate: 7_098 }),
    row(3, 'Stairs', 3, { meter: 0, d4i: 0, estimate: 42_588 }),
  ];
  return HeatMapSchema.parse({
    period: { start: WEEK_START_EPOCH, end: WEEK_START_EPOCH + 7 * 86_400, timeZone: 'Europe/London' },
    metric: unit === 'Wh' ? 'energy' : 'triggers',
    unit,
    rows,
    frames: [0, 1, 2].map((day) => ({ start: WEEK_START_EPOCH + day * 86_400, values: [day + 1, (day + 1) * 2, 0] })),
    frameUnit: 'day',
    ...overrides,
  });
}

/** Figures of a period (parsed by the contract's schema), `energyWh` split over the three sources. */
export function buildFigures(overrides: Partial<EnergyFigures> = {}): EnergyFigures {
  return EnergyFiguresSchema.parse({
    energyWh: 12_345,
    bySource: { meter: 6_172.5, d4i: 3_086.25, estimate: 3_086.25 },
    shareBasisPoints: { meter: 5_000, d4i: 2_500, estimate: 2_500 },
    quarantinedWh: 0,
    spreadWh: 0,
    cost: { total: 1_234, energy: 1_034, standing: 200, currency: 'EUR', unpricedWh: 0 },
    co2: {
      grams: 2_876,
      savedGrams: 1_500,
      factorSetId: 'uk-desnz-2024',
      factorLabel: 'DESNZ 2024 (2024 data)',
      gramsPerKWh: 233,
      sets: [
        {
          factorSetId: 'uk-desnz-2024',
          factorLabel: 'DESNZ 2024 (2024 data)',
          gramsPerKWh: 233,
          energyWh: 12_345,
          grams: 2_876,
        },
      ],
    },
    savings: { baselineWh: 20_000, savedWh: 7_655, byCause: { occupancy: 5_000, daylight: 2_655 } },
    equivalents: { treeYears: 0.1, petrolLitresUk: 0.7, petrolLitresEu: 0.6, gasolineGallonsUs: 0.2 },
    assumptions: [
      { key: 'nominalPower', params: { watts: 40 } },
      { key: 'estimatedLuminaires', params: { count: 1 } },
      { key: 'standbyDefault', params: { watts: 0.5 } },
    ],
    ...overrides,
  });
}

/** A network overview (parsed by the contract's schema): two zones and the rest in no zone, one report gap. */
export function buildNetworkEnergy(overrides: Partial<NetworkEnergy> = {}): NetworkEnergy {
  return NetworkEnergySchema.parse({
    period: { start: WEEK_START_EPOCH, end: WEEK_START_EPOCH + 7 * 86_400, timeZone: 'Europe/London' },
    figures: buildFigures(),
    previous: buildFigures({
      energyWh: 10_000,
      cost: { total: 1_300, energy: 1_100, standing: 200, currency: 'EUR', unpricedWh: 0 },
    }),
    // Data stored from 30 days before the period before: that period is covered.
    previousCoverage: { complete: true, dataFrom: WEEK_START_EPOCH - 37 * 86_400 },
    series: [0, 1].map((day) => ({
      start: WEEK_START_EPOCH + day * 86_400,
      bySource: { meter: 3_086.25, d4i: 1_543.125, estimate: 1_543.125 },
    })),
    frameUnit: 'day',
    zones: [
      { id: 1, name: 'Lobby', energyWh: 8_000.5, bySource: { meter: 6_172.5, d4i: 1_828, estimate: 0 }, triggers: 42 },
      {
        id: 2,
        name: 'Office',
        energyWh: 4_000.25,
        bySource: { meter: 0, d4i: 1_258.25, estimate: 2_742 },
        triggers: 8,
      },
    ],
    devices: { total: 12, offline: 2, faults: 1 },
    gaps: [{ gateway: 'GW-1', fromSeq: 120, toSeq: 131, reason: 'evicted' }],
    ...overrides,
  });
}
