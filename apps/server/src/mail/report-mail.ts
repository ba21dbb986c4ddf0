import { codeToLanguage } from '@lightwell/domain';
import { translator } from '../lib/i18n.ts';
import { mailBody, type RenderedMail, utc } from './mail-layout.ts';

/** Why a report mail goes out after its time, with the times already written in the site's zone. */
export interface LateNotice {
  /** When it was due. */
  due: string;
  /** `downtime`: the console was not running from `since` (unknown: null) until `now`; `delayed`: it ran. */
  reason: 'downtime' | 'delayed';
  since: string | null;
  now: string;
}

/** The e-mail of a periodic energy report (docs/decisions.md "Report cycles"), its file attached. */
export interface PeriodicReportTemplate {
  name: 'periodicReport';
  project: string;
  cycle: 'weekly' | 'monthly' | 'quarterly' | 'yearly';
  /** The period: its key and first and last local day (`2026-03, 2026-03-01 – 2026-03-31`). */
  period: string;
  networks: number;
  /** The totals the report carried (energy kWh, cost, CO2 kg, saved CO2 kg), for the sections it holds. */
  figures: { name: string; value: number; unit: string | null }[];
  formats: ('pdf' | 'csv')[];
  /** The web version (`/report/projectPDF1`), signed, until `until` (epoch seconds). */
  url: string;
  until: number;
  /**
   * The network equipment statistics issued with it (`/report/networkEquipDataPDF`), signed, until `until`;
   * absent or null when the report has no equipment section.
   */
  equipmentUrl?: string | null;
  manageUrl: string;
  late: LateNotice | null;
  /** A restatement: its version and when the version it replaces was sent (written in the site's zone). */
  restated: { version: number; previous: string } | null;
}

/** The sentence that says a report is late, and why. */
export function lateLine(t: ReturnType<typeof translator>, late: LateNotice): string {
  const key = late.reason === 'delayed' ? 'delayed' : late.since ? 'downtime' : 'downtimeUnknown';
  return t(`mail:reports.late.${key}`, { due: late.due, since: late.since ?? '', now: late.now });
}

const NUMBER_LOCALES: Record<string, string> = { en: 'en-GB', zh: 'zh-CN', de: 'de-DE', es: 'es-ES' };
const FIGURE_DECIMALS: Record<string, number> = { energyKWh: 3, cost: 2, co2Kg: 3, savedCo2Kg: 3 };

/** A report's totals, one line each, numbers in the reader's format. */
function figureLines(language: number, figures: PeriodicReportTemplate['figures']): string[] {
  const t = translator(language);
  const locale = NUMBER_LOCALES[codeToLanguage(language)] ?? 'en-GB';
  return figures
    .filter((figure) => figure.name !== 'networks')
    .map((figure) => {
      const decimals = FIGURE_DECIMALS[figure.name] ?? 0;
      const value = new Intl.NumberFormat(locale, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }).format(figure.value);
      return t(`mail:periodicReport.figures.${figure.name}`, { value, unit: figure.unit ?? '' });
    });
}

/**
 * A periodic energy report: what it covers and that it is attached, late and restatement notes, its totals,
 * the signed web version (and equipment statistics, when it has them) and the recipient's own page (language,
 * kinds, unsubscribe).
 */
export function renderPeriodicReport(
  template: PeriodicReportTemplate,
  language: number,
  inBody: Record<string, string>,
  inSubject: Record<string, string>,
): RenderedMail {
  const t = translator(language);
  const vars = {
    cycle: t(`mail:periodicReport.cycles.${template.cycle}`),
    period: template.period,
    networks: template.networks,
    formats: template.formats.map((format) => format.toUpperCase()).join(', '),
  };
  const lines = [t('mail:periodicReport.body', { ...vars, ...inBody })];
  if (template.late) lines.push(lateLine(t, template.late));
  if (template.restated) lines.push(t('mail:periodicReport.restated', template.restated));
  lines.push(...figureLines(language, template.figures));
  lines.push(t('mail:periodicReport.online', { url: template.url, until: utc(new Date(template.until * 1000)) }));
  if (template.equipmentUrl) lines.push(t('mail:periodicReport.equipment', { url: template.equipmentUrl }));
  lines.push(t('mail:reports.manage', { url: template.manageUrl }));
  let subject = t('mail:periodicReport.subject', { ...vars, ...inSubject });
  if (template.restated) subject = t('mail:periodicReport.subjectRestated', { subject });
  if (template.late) subject = t('mail:periodicReport.subjectLate', { subject });
  const greeting = t('mail:common.greeting');
  const signature = t('mail:common.signature');
  return { subject, ...mailBody(greeting, lines, signature) };
}
