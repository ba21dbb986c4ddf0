import { storedToPrice } from '@lightwell/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Decimals of a kWh figure: three below 1 kWh, two below 10, one below 100, none above. */
export function kwhDigits(kwh: number): number {
  const size = Math.abs(kwh);
  if (size === 0 || size >= 100) return 0;
  if (size >= 10) return 1;
  return size >= 1 ? 2 : 3;
}

/** Decimals of a kg figure: as for kWh. */
const kgDigits = kwhDigits;

/** The change from `previous` to `current` in percent, or null when there was nothing before. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** Figures as the energy pages show them: localised numbers with their unit, always. */
export interface EnergyFormat {
  /** A plain number with `digits` decimals. */
  number: (value: number, digits?: number) => string;
  /** Wh as kWh with sensible decimals: 12,345 Wh → "12.35 kWh". */
  energy: (wh: number) => string;
  /** Sensor triggers: "3 triggers". */
  triggers: (count: number) => string;
  /** A value of a heat map in its unit ('count' triggers or 'Wh'). */
  heat: (value: number, unit: 'count' | 'Wh') => string;
  /** Hundredths of a currency with two decimals (sections 3 and 9): 1234, EUR → "€12.34". */
  money: (hundredths: number, currency: string) => string;
  /** Grams of CO2 as kg: "4.12 kg". */
  co2: (grams: number) => string;
  /** An emission factor: "233.00 g/kWh". */
  factor: (gramsPerKWh: number) => string;
  /** A share in basis points as percent: 2,500 → "25.0 %". */
  share: (basisPoints: number) => string;
  /** A percentage with one decimal. */
  percent: (value: number) => string;
}

/** The number and unit formats of the energy pages, in the interface language. */
export function useEnergyFormat(): EnergyFormat {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const number = (value: number, digits = 0) =>
      new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
    const energy = (wh: number) => t('common.units.kilowattHours', { value: number(wh / 1000, kwhDigits(wh / 1000)) });
    const triggers = (count: number) => t('statistics.units.triggers', { count, value: number(count) });
    const percent = (value: number) => t('common.units.percent', { value: number(value, 1) });
    return {
      number,
      energy,
      triggers,
      heat: (value, unit) => (unit === 'Wh' ? energy(value) : triggers(value)),
      money: (hundredths, currency) => {
        const value = storedToPrice(hundredths);
        try {
          return new Intl.NumberFormat(language, {
            style: 'currency',
            currency,
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }).format(value);
        } catch {
          // Not an ISO currency Intl knows: the amount with the code as the server wrote it.
          return t('common.units.money', { value: number(value, 2), currency });
        }
      },
      co2: (grams) => t('common.units.kilograms', { value: number(grams / 1000, kgDigits(grams / 1000)) }),
      factor: (gramsPerKWh) => t('common.units.gramsPerKilowattHour', { value: number(gramsPerKWh, 2) }),
      share: (basisPoints) => percent(basisPoints / 100),
      percent,
    };
  }, [t, language]);
}
