/** A grid emission factor set: immutable once published; a correction is a new set (notes §3 versioning). */
export interface FactorSet {
  id: string;
  /** ISO 3166 code, or EU for the EU-27. */
  region: string;
  publisher: string;
  edition: string;
  /** Year the factor describes; null where the source gives none. */
  dataYear: number | null;
  /** CO2 only, or CO2 equivalents. */
  gas: 'CO2' | 'CO2e';
  /** Grams per kWh of electricity used, up to two decimals. */
  gramsPerKWh: number;
  /** The value as published and how it became g/kWh. */
  unitNote: string;
  /** Where the figure was published; null for the specification's own defaults. */
  sourceUrl: string | null;
  /** The console specification's own default, or a publisher's figure. */
  kind: 'spec-default' | 'published';
}

const SPEC = 'Lightwell console specification, section 9';

/** Section 9 defaults (US 443, UK 191 for 2024, EU about 180 g/kWh) and the published sets of notes §3. */
export const CO2_FACTOR_SETS: readonly FactorSet[] = Object.freeze(
  [
    {
      id: 'spec-us',
      region: 'US',
      publisher: SPEC,
      edition: 'default',
      dataYear: null,
      gas: 'CO2',
      gramsPerKWh: 443,
      unitNote: '443 g/kWh',
      sourceUrl: null,
      kind: 'spec-default',
    },
    {
      id: 'spec-uk-2024',
      region: 'GB',
      publisher: SPEC,
      edition: 'default',
      dataYear: 2024,
      gas: 'CO2',
      gramsPerKWh: 191,
      unitNote: '191 g/kWh (2024)',
      sourceUrl: null,
      kind: 'spec-default',
    },
    {
      id: 'spec-eu',
      region: 'EU',
      publisher: SPEC,
      edition: 'default',
      dataYear: null,
      gas: 'CO2',
      gramsPerKWh: 180,
      unitNote: 'about 180 g/kWh',
      sourceUrl: null,
      kind: 'spec-default',
    },
    uk('2025', 2025, 177, '0.17700', 'https://www.climateessentials.com/articles/carbon-factors-a-2025-update'),
    uk(
      '2024',
      2024,
      207.05,
      '0.20705',
      'https://www.inenco.com/insight/blog/new-electricity-conversion-factor-highlights-net-zero-challenge/',
    ),
    uk(
      '2023',
      2023,
      207.07,
      '0.20707',
      'https://www.inenco.com/insight/blog/new-electricity-conversion-factor-highlights-net-zero-challenge/',
    ),
    {
      id: 'eu-eea-2023',
      region: 'EU',
      publisher: 'European Environment Agency (EEA)',
      edition: 'GHG emission intensity of electricity generation',
      dataYear: 2023,
      gas: 'CO2e',
      gramsPerKWh: 214.2,
      unitNote: 'derived: 58 % below the 1990 intensity of 510 g CO2e/kWh',
      sourceUrl: 'https://www.eea.europa.eu/en/analysis/indicators/greenhouse-gas-emission-intensity-of-1',
      kind: 'published',
    },
    {
      id: 'eu-eea-2018',
      region: 'EU',
      publisher: 'European Environment Agency (EEA)',
      edition: 'Overview of electricity production',
      dataYear: 2018,
      gas: 'CO2e',
      gramsPerKWh: 281,
      unitNote: '281 g CO2e/kWh',
      sourceUrl:
        'https://www.eea.europa.eu/data-and-maps/indicators/overview-of-the-electricity-production-3/assessment',
      kind: 'published',
    },
    de(2024, 363, '363 g CO2/kWh (estimate)'),
    de(2023, 380, '380 g CO2/kWh'),
    {
      id: 'es-ree-2019',
      region: 'ES',
      publisher: 'Red Eléctrica (REE)',
      edition: '2019',
      dataYear: 2019,
      gas: 'CO2e',
      gramsPerKWh: 190,
      unitNote: '0.19 tCO2e/MWh',
      sourceUrl:
        'http://news.empresaclima.org/articulo-de-prensa/las-emisiones-del-sistema-electrico-espanol-descienden-en-30-millones-de-toneladas-en-los-ultimos-5-anos/',
      kind: 'published',
    },
    cn(2023, 530.6, '0.5306'),
    cn(2022, 536.6, '0.5366'),
    cn(2021, 556.8, '0.5568'),
    {
      id: 'us-eia-2022',
      region: 'US',
      publisher: 'U.S. Energy Information Administration (EIA)',
      edition: 'FAQ 74',
      dataYear: 2022,
      gas: 'CO2',
      gramsPerKWh: 390.09,
      unitNote: '0.86 lb CO2/kWh × 453.59237 g/lb',
      sourceUrl: 'https://www.eia.gov/tools/faqs/faq.php?id=74',
      kind: 'published',
    },
  ].map((set) => Object.freeze(set as FactorSet)),
);

function uk(edition: string, dataYear: number, gramsPerKWh: number, kg: string, sourceUrl: string): FactorSet {
  const publisher = 'UK Department for Energy Security and Net Zero (DESNZ)';
  const unitNote = `${kg} kgCO2e/kWh, UK electricity (conversion factors ${edition})`;
  return {
    id: `uk-desnz-${edition}`,
    region: 'GB',
    publisher,
    edition,
    dataYear,
    gas: 'CO2e',
    gramsPerKWh,
    unitNote,
    sourceUrl,
    kind: 'published',
  };
}

function de(dataYear: number, gramsPerKWh: number, unitNote: string): FactorSet {
  const sourceUrl = 'https://www.knlv-missione.nrw/aktuelles/co2-emissionsfaktor-des-deutschen-strommix';
  return {
    id: `de-uba-${dataYear}`,
    region: 'DE',
    publisher: 'Umweltbundesamt (UBA)',
    edition: 'Strommix',
    dataYear,
    gas: 'CO2',
    gramsPerKWh,
    unitNote,
    sourceUrl,
    kind: 'published',
  };
}

function cn(dataYear: number, gramsPerKWh: number, kg: string): FactorSet {
  const publisher = 'Ministry of Ecology and Environment (MEE) and National Bureau of Statistics';
  const sourceUrl = 'https://daydaynews.cc/zh-hant/finance/3899452.html';
  return {
    id: `cn-mee-${dataYear}`,
    region: 'CN',
    publisher,
    edition: 'national grid average',
    dataYear,
    gas: 'CO2',
    gramsPerKWh,
    unitNote: `${kg} kgCO2/kWh`,
    sourceUrl,
    kind: 'published',
  };
}

/** The factor set with this id, or null. */
export function factorSetById(id: string, sets: readonly FactorSet[] = CO2_FACTOR_SETS): FactorSet | null {
  return sets.find((set) => set.id === id) ?? null;
}

/**
 * The set for a region and activity year (notes §3: pick by activity year): the latest published set whose
 * data year is not after it, else the earliest published one, else the specification's default.
 */
export function pickFactorSet(
  region: string,
  activityYear: number,
  sets: readonly FactorSet[] = CO2_FACTOR_SETS,
): FactorSet | null {
  const published = sets.filter((set) => set.region === region && set.kind === 'published' && set.dataYear !== null);
  const byYear = [...published].sort((a, b) => (a.dataYear ?? 0) - (b.dataYear ?? 0));
  const upTo = byYear.filter((set) => (set.dataYear ?? 0) <= activityYear);
  return upTo.at(-1) ?? byYear[0] ?? sets.find((set) => set.region === region && set.kind === 'spec-default') ?? null;
}

/**
 * CO2 of an amount of electricity, in whole milligrams (rounded half up once): mWh × g/kWh / 1,000.
 * Exact: the factor is taken to milligrams per kWh and multiplied in integers.
 */
export function co2Milligrams(mWh: number, set: Pick<FactorSet, 'gramsPerKWh'>): number {
  const mgPerKWh = BigInt(Math.round(set.gramsPerKWh * 1000));
  return Number((BigInt(mWh) * mgPerKWh + 500_000n) / 1_000_000n);
}

/** Section 9 equivalents: a tree absorbs 60 kg CO2 a year; petrol 2.31 kg/l (UK), 2.32 kg/l (EU), 8,887 g/US gallon. */
export const CO2_EQUIVALENTS = Object.freeze({
  treeGramsPerYear: 60_000,
  petrolGramsPerLitreUk: 2_310,
  petrolGramsPerLitreEu: 2_320,
  gasolineGramsPerUsGallon: 8_887,
});

/** Litres in a US gallon, as section 9 rounds it (1 gallon 3.78 litres). */
export const LITRES_PER_US_GALLON = 3.78;

/** How many tree-years, litres or gallons of fuel a mass of CO2 (grams) stands for (section 9). */
export function co2Equivalents(grams: number): {
  treeYears: number;
  petrolLitresUk: number;
  petrolLitresEu: number;
  gasolineGallonsUs: number;
} {
  return {
    treeYears: grams / CO2_EQUIVALENTS.treeGramsPerYear,
    petrolLitresUk: grams / CO2_EQUIVALENTS.petrolGramsPerLitreUk,
    petrolLitresEu: grams / CO2_EQUIVALENTS.petrolGramsPerLitreEu,
    gasolineGallonsUs: grams / CO2_EQUIVALENTS.gasolineGramsPerUsGallon,
  };
}
