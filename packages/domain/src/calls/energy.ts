import { z } from 'zod';
import { IdSchema } from '../schemas/common.ts';
import { defineCall } from './define.ts';

/**
 * The periods of section 9 a statistics screen offers: 12 hours; 1, 15 and 180 days; recent 7, 30 and 90
 * days; 3, 6 and 12 months. Days and months are the network's local days and months.
 */
export const ENERGY_SPANS = ['12h', '1d', '7d', '15d', '30d', '90d', '180d', '3m', '6m', '12m'] as const;
export type EnergySpan = (typeof ENERGY_SPANS)[number];
export const EnergySpanSchema = z.enum(ENERGY_SPANS);

/** The unit and count of a span, as `periodEndingAt` takes them. */
export function spanOf(span: EnergySpan): { unit: 'hour' | 'day' | 'month'; count: number } {
  const count = Number(span.slice(0, -1));
  const unit = span.endsWith('h') ? 'hour' : span.endsWith('d') ? 'day' : 'month';
  return { unit, count };
}

const epoch = (what: string) => z.number().int().describe(`${what}: epoch seconds, UTC`);

/** The period a figure covers: [start, end) and the zone its days and hours are read in. */
export const EnergyPeriodSchema = z.object({
  start: epoch('Start (inclusive)'),
  end: epoch('End (exclusive)'),
  timeZone: z.string(),
});

/** Watt-hours by source (spec section 1: meter > D4i > estimate), each device counted by its best source. */
export const SourceWhSchema = z.object({
  meter: z.number().describe('Wh measured by a metering device'),
  d4i: z.number().describe('Wh from D4i driver energy counters'),
  estimate: z.number().describe('Wh estimated from rated power and on-time'),
});

/** A CO2 factor set a figure used: its id, the label people read (publisher, edition, data year) and g/kWh. */
export const Co2SetSchema = z.object({
  factorSetId: z.string(),
  factorLabel: z.string().describe('Publisher, edition and data year of the factor set'),
  gramsPerKWh: z.number(),
});
export type Co2Set = z.infer<typeof Co2SetSchema>;

/** What a period's energy cost and emitted, with where each figure came from. */
export const EnergyFiguresSchema = z.object({
  energyWh: z.number().describe('Energy used: Wh'),
  bySource: SourceWhSchema,
  /** Shares of each source in basis points (10,000 = 100 %). */
  shareBasisPoints: SourceWhSchema,
  /** Quarantined counter jumps (shown, not summed): Wh. */
  quarantinedWh: z.number(),
  /** Wh of counter deltas spread over a reporting gap (included in the energy), shown as such. */
  spreadWh: z.number(),
  cost: z.object({
    /** Hundredths of the currency: energy at the price valid each hour, plus standing charges. */
    total: z.number().int(),
    energy: z.number().int(),
    standing: z.number().int(),
    currency: z.string(),
    /** Wh in hours no tariff version covered (not priced). */
    unpricedWh: z.number(),
  }),
  co2: z.object({
    grams: z.number().describe('CO2 emitted by the energy used: g'),
    savedGrams: z.number().describe('CO2 avoided against the baseline: g'),
    /** The set in force on the period's last day (the network's choice then, else the default for it). */
    factorSetId: z.string(),
    factorLabel: z.string().describe('Publisher, edition and data year of the factor set'),
    gramsPerKWh: z.number(),
    /**
     * Every set the figures used, in order of the days they applied to: each local day is converted with the
     * set in force on it, so a period across a change of set names both, with the Wh and g each converted.
     */
    sets: z.array(Co2SetSchema.extend({ energyWh: z.number(), grams: z.number() })),
  }),
  savings: z.object({
    baselineWh: z.number().describe('Every luminaire at 100 % during the same hours: Wh'),
    savedWh: z.number(),
    /** Saved Wh by cause where known (occupancy, daylight, dimming, manual). */
    byCause: z.record(z.string(), z.number()),
  }),
  equivalents: z.object({
    treeYears: z.number(),
    petrolLitresUk: z.number(),
    petrolLitresEu: z.number(),
    gasolineGallonsUs: z.number(),
  }),
  /** Estimate assumptions, as translation keys with parameters. */
  assumptions: z.array(z.object({ key: z.string(), params: z.record(z.string(), z.union([z.number(), z.string()])) })),
});
export type EnergyFigures = z.infer<typeof EnergyFiguresSchema>;

/** One row of a heat map: a zone or a device, its 168 hour-of-week cells (Monday 00:00 first) and total. */
export const HeatRowSchema = z.object({
  id: IdSchema,
  name: z.string(),
  zoneId: IdSchema.nullable(),
  total: z.number(),
  /** 168 values: local hour of the week, Monday 00:00 = 0. */
  cells: z
    .array(z.number())
    .length(168)
    .describe(
      'Local hour of the week, Monday 00:00 = 0. A trigger or reading counts in the UTC hour holding its stamp (the gateway event time), hours [start, end); an hour in the cell and period holding its start',
    ),
  /** Energy rows: Wh by source; sensor rows: all zero. */
  bySource: SourceWhSchema,
  /** Energy used in hours the row's lights were on while its sensors saw nobody: Wh (sensor maps: hours). */
  litUnoccupied: z.number(),
  /** 168 cells of the same, for the overlay. */
  litUnoccupiedCells: z.array(z.number()).length(168),
});
export type HeatRow = z.infer<typeof HeatRowSchema>;

/**
 * A heat map over a period: rows with hour-of-week cells, and frames for the time slider that replays the
 * plan over the period (hourly for periods up to 15 days, daily beyond; `values` in row order).
 */
export const HeatMapSchema = z.object({
  period: EnergyPeriodSchema,
  metric: z.enum(['triggers', 'energy']),
  /** Unit of cells, totals and frame values: 'count' (sensor triggers) or 'Wh'. */
  unit: z.enum(['count', 'Wh']),
  rows: z.array(HeatRowSchema),
  frames: z.array(z.object({ start: epoch('Frame start'), values: z.array(z.number()) })),
  frameUnit: z.enum(['hour', 'day']),
});
export type HeatMap = z.infer<typeof HeatMapSchema>;

/**
 * Whether stored data covers a period (docs/decisions.md "Comparing with a period"): complete when the
 * network's first stored hour is at or before the period's start; `dataFrom` is that hour (null: no data).
 * For a project the latest of its networks' first hours counts.
 */
export const CoverageSchema = z.object({
  complete: z.boolean(),
  dataFrom: epoch('Start of the first stored hour of data').nullable(),
});
export type Coverage = z.infer<typeof CoverageSchema>;

/** The network data overview (`/home/network`, 1-1). */
export const NetworkEnergySchema = z.object({
  period: EnergyPeriodSchema,
  figures: EnergyFiguresSchema,
  /** The same figures for the period of equal length before, for comparison. */
  previous: EnergyFiguresSchema,
  /** Whether stored data covers the period before; when not, its figures are not compared. */
  previousCoverage: CoverageSchema,
  /** Wh by source per frame (hour up to 15 days, else local day). */
  series: z.array(z.object({ start: epoch('Frame start'), bySource: SourceWhSchema })),
  frameUnit: z.enum(['hour', 'day']),
  zones: z.array(
    z.object({ id: IdSchema, name: z.string(), energyWh: z.number(), bySource: SourceWhSchema, triggers: z.number() }),
  ),
  devices: z.object({ total: z.number().int(), offline: z.number().int(), faults: z.number().int() }),
  /** Report holes gateways could not fill within the period (never silent). */
  gaps: z.array(z.object({ gateway: z.string(), fromSeq: z.number(), toSeq: z.number(), reason: z.string() })),
});
export type NetworkEnergy = z.infer<typeof NetworkEnergySchema>;

/** A project's month on the portfolio home; `co2Sets` names every factor set its CO2 was converted with. */
const PortfolioMonthSchema = z.object({
  energyWh: z.number(),
  cost: z.number().int(),
  co2Grams: z.number(),
  co2Sets: z.array(Co2SetSchema),
  /** Whether stored data of every network of the project covers the month from its start. */
  coverage: CoverageSchema,
});

/** The portfolio home (`/first/index`): per project this month against last month. */
export const PortfolioSchema = z.object({
  projects: z.array(
    z.object({
      id: IdSchema,
      name: z.string(),
      networks: z.number().int(),
      thisMonth: PortfolioMonthSchema,
      lastMonth: PortfolioMonthSchema,
      /** Currency of the costs; 'mixed' when the project's networks use several (costs then 0). */
      currency: z.string(),
      devicesOffline: z.number().int(),
      devicesFault: z.number().int(),
      /** Wh per local day over the last 30 days, oldest first. */
      sparkline: z.array(z.number()),
    }),
  ),
});
export type Portfolio = z.infer<typeof PortfolioSchema>;

const heatPayload = {
  nid: IdSchema,
  span: EnergySpanSchema,
  /** End of the period; now when left out. */
  until: z.number().int().positive().optional().describe('Period ends here: epoch seconds, UTC; default now'),
};

/** Energy, cost and CO2, heat maps and the portfolio home (spec sections 1, 2, 7). Every member reads. */
export const energyCalls = {
  zoneHeatSensor: defineCall({
    path: '/api/v1/network/zone/heat/sensor',
    auth: true,
    tag: 'energy',
    summary: 'Sensor triggers per zone and local hour of the week over a period (every member)',
    payload: heatPayload,
    data: HeatMapSchema,
  }),
  zoneHeatPower: defineCall({
    path: '/api/v1/network/zone/heat/power',
    auth: true,
    tag: 'energy',
    summary: 'Energy (Wh, by source) per zone and local hour of the week over a period (every member)',
    payload: heatPayload,
    data: HeatMapSchema,
  }),
  deviceHeatSensor: defineCall({
    path: '/api/v1/network/device/heat/sensor',
    auth: true,
    tag: 'energy',
    summary: 'Sensor triggers per sensor and local hour of the week over a period (every member)',
    payload: { ...heatPayload, zid: IdSchema.optional() },
    data: HeatMapSchema,
  }),
  deviceHeatPower: defineCall({
    path: '/api/v1/network/device/heat/power',
    auth: true,
    tag: 'energy',
    summary: 'Energy (Wh, by source) per luminaire and local hour of the week over a period (every member)',
    payload: { ...heatPayload, zid: IdSchema.optional() },
    data: HeatMapSchema,
  }),
  networkEnergy: defineCall({
    path: '/api/v1/network/energy/overview',
    auth: true,
    tag: 'energy',
    summary: 'Energy, cost, CO2 and savings of a network over a period, with sources, series and zones (every member)',
    payload: heatPayload,
    data: NetworkEnergySchema,
  }),
  portfolio: defineCall({
    path: '/api/v1/project/energy/portfolio',
    auth: true,
    tag: 'energy',
    summary:
      "The caller's projects with this month's and last month's energy, cost and CO2, devices offline and faulty",
    payload: {},
    data: PortfolioSchema,
  }),
};
