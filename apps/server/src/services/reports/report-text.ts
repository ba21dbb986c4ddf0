import {
  type Coverage,
  codeToLanguage,
  formatCivilDate,
  formatInstant,
  type Language,
  localDateOf,
  localRangeOf,
  type Period,
} from '@lightwell/domain';
import type { TFunction } from 'i18next';
import { translator } from '../../lib/i18n.ts';
import type { ReportCell } from '../../reports/report-document.ts';

/** What a report's texts need: the reader's language, catalogue and date format. */
export interface ReportText {
  language: Language;
  t: TFunction;
  /** A label of the report catalogue (`server:report.<key>`). */
  L: (key: string, params?: Record<string, unknown>) => string;
  timeFormat: number;
  /** A period as its first and last local day in its zone, in the reader's date format. */
  period: (period: Period, timeZone: string) => string;
  /** An instant in a zone, in the reader's date format. */
  instant: (at: number, timeZone: string) => string;
  /** Why a comparison is not made (`coverage` incomplete), or null when it is. */
  notComparable: (coverage: Coverage, timeZone: string) => string | null;
}

/** The texts of a report for a reader of language code `languageCode` and time format `timeFormat`. */
export function reportText(languageCode: number, timeFormat: number): ReportText {
  const language = codeToLanguage(languageCode);
  const t = translator(language);
  const L = (key: string, params?: Record<string, unknown>) => t(`server:report.${key}`, params ?? {});
  const day = (text: string) => {
    const [year, month, date] = text.split('-').map(Number) as [number, number, number];
    return formatCivilDate({ year, month, day: date }, timeFormat);
  };
  return {
    language,
    t,
    L,
    timeFormat,
    period: (period, timeZone) => {
      const { from, to } = localRangeOf(period, timeZone);
      return L('lines.range', { from: day(from), to: day(to), zone: timeZone });
    },
    instant: (at, timeZone) => formatInstant(at, { timeZone, timeFormat }),
    notComparable: (coverage, timeZone) => {
      if (coverage.complete) return null;
      if (coverage.dataFrom === null) return L('notes.noData');
      return L('notes.notComparable', { day: formatCivilDate(localDateOf(coverage.dataFrom, timeZone), timeFormat) });
    },
  };
}

/** Wh as kWh to the watt-hour. */
export const kWh = (wh: number): number => Math.round(wh) / 1000;
/** Hundredths of a currency as the currency, to the cent. */
export const money = (hundredths: number): number => Math.round(hundredths) / 100;
/** Grams as kilograms, to the gram. */
export const kg = (grams: number): number => Math.round(grams) / 1000;
/** Basis points as per cent, to a tenth. */
export const percentOf = (basisPoints: number): number => Math.round(basisPoints / 10) / 10;
/** Seconds as hours, to a hundredth. */
export const hours = (seconds: number): number => Math.round(seconds / 36) / 100;

/** The change from `before` to `now` as a signed per cent text, or the reason none is shown. */
export function changeText(text: ReportText, now: number, before: number, refusal: string | null): ReportCell {
  if (refusal) return refusal;
  if (before === 0) return now === 0 ? '0 %' : '—';
  const change = ((now - before) / before) * 100;
  const rounded = Math.round(change * 10) / 10;
  const formatted = new Intl.NumberFormat(text.language === 'en' ? 'en-GB' : text.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(rounded);
  return `${formatted} %`;
}
