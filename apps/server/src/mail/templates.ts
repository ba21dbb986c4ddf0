import { codeToLanguage, Limits } from '@lightwell/domain';
import { translator } from '../lib/i18n.ts';

/** A message ready to send: subject, plain text and HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Templates of the console's e-mails and the values each needs. */
export type MailTemplate =
  | { name: 'registerCode' | 'passwordCode' | 'emailCode'; code: string }
  | { name: 'emailChanged'; email: string }
  | {
      name: 'share';
      sharer: string;
      target: string;
      kind: 'network' | 'project' | 'config';
      role: number;
      url: string;
      until: Date;
    }
  | {
      name: 'recipientActivation';
      sender: string;
      project: string;
      kinds: string[];
      url: string;
      until: Date;
    }
  | {
      name: 'emergencyFault';
      project: string;
      network: string;
      fitting: string;
      location: string;
      /** Failure names (domain `FailureName`), shown by their cause text. */
      failures: string[];
      /** When the fault was logged, already formatted in the network's zone. */
      at: string;
      url: string;
      until: Date;
    }
  | {
      name: 'selfTestReport';
      project: string;
      network: string;
      period: string;
      tests: number;
      notPassed: number;
      faults: number;
      url: string;
      until: Date;
      /** Sent after its time (catch-up after downtime): says so and why. */
      late?: LateNotice | null;
      /** The recipient's own page: language, kinds, unsubscribe (`/email/register`). */
      manageUrl?: string;
    }
  | PeriodicReportTemplate;

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

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Longest user name (section 5). */
const USER_NAME_MAX = Limits.nameMax;
/** Longest project, network, profile, fitting or location name (`EntityNameSchema`). */
const ENTITY_NAME_MAX = 64;
/** A name in a subject is cut shorter, so that the console's own words are what a subject says. */
const SUBJECT_NAME_MAX = 32;

/**
 * A name a user chose, made safe to put in an e-mail: on one line, without the characters that could close
 * its quotes or turn text around, cut to `max` characters (ending in "…"), and with anything that reads as
 * a link or an address defused (`http[:]//evil[.]test`), so that the only links in a mail are the console's.
 */
export function plainName(value: string, max: number): string {
  const flat = value
    .replace(/\p{Cf}/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/["“”„‟«»‹›＂]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...flat];
  const kept = chars
    .slice(0, max - 1)
    .join('')
    .trimEnd();
  return (chars.length > max ? `${kept}…` : flat)
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=[\p{L}\p{N}])\.(?=\p{L})/gu, '[.]')
    .replace(/\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/g, '$1[.]$2[.]$3[.]$4');
}

/** A user-chosen name and the most characters it may show. */
interface ChosenName {
  value: string;
  max: number;
}

/**
 * Placeholder values of user-chosen names: each made plain, cut to its limit (at most `cap`) and quoted as
 * the recipient's language quotes; an empty name shows as "-".
 */
function quotedNames(
  t: ReturnType<typeof translator>,
  names: Record<string, ChosenName>,
  cap = Number.POSITIVE_INFINITY,
): Record<string, string> {
  const quoted: Record<string, string> = {};
  for (const [key, { value, max }] of Object.entries(names)) {
    const name = plainName(value, Math.min(max, cap));
    quoted[key] = name ? t('mail:common.quoted', { name }) : '-';
  }
  return quoted;
}

function layout(paragraphs: string[], highlight?: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`);
  if (highlight) {
    body.splice(
      2,
      0,
      `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;color:#cf1322;margin:16px 0">${escapeHtml(highlight)}</p>`,
    );
  }
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#262626;max-width:560px">${body.join('')}</body></html>`;
}

const utc = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

/** The names each template shows, with their limits; every one is a user's choice. */
function namesOf(template: MailTemplate): Record<string, ChosenName> {
  switch (template.name) {
    case 'share':
      return {
        sharer: { value: template.sharer, max: USER_NAME_MAX },
        target: { value: template.target, max: ENTITY_NAME_MAX },
      };
    case 'recipientActivation':
      return {
        sender: { value: template.sender, max: USER_NAME_MAX },
        project: { value: template.project, max: ENTITY_NAME_MAX },
      };
    case 'emergencyFault':
      return {
        project: { value: template.project, max: ENTITY_NAME_MAX },
        network: { value: template.network, max: ENTITY_NAME_MAX },
        fitting: { value: template.fitting, max: ENTITY_NAME_MAX },
        location: { value: template.location, max: ENTITY_NAME_MAX },
      };
    case 'selfTestReport':
      return {
        project: { value: template.project, max: ENTITY_NAME_MAX },
        network: { value: template.network, max: ENTITY_NAME_MAX },
      };
    case 'periodicReport':
      return { project: { value: template.project, max: ENTITY_NAME_MAX } };
    default:
      return {};
  }
}

/** Renders a template in the recipient's language (code 0-3). */
export function renderMail(template: MailTemplate, language: number): RenderedMail {
  const t = translator(language);
  const greeting = t('mail:common.greeting');
  const signature = t('mail:common.signature');
  // Subject and body get the names quoted; the subject's are cut shorter.
  const names = namesOf(template);
  const inBody = quotedNames(t, names);
  const inSubject = quotedNames(t, names, SUBJECT_NAME_MAX);
  if (template.name === 'share') {
    const vars = {
      kind: t(`mail:share.kinds.${template.kind}`),
      role: t(`mail:share.roles.${template.role}`),
      url: template.url,
      until: utc(template.until),
    };
    // A profile share gives a copy, not a role.
    const config = template.kind === 'config';
    const lines = [
      t(config ? 'mail:share.bodyConfig' : 'mail:share.body', { ...vars, ...inBody }),
      t('mail:share.action', vars),
      t('mail:share.expiry', vars),
    ];
    return {
      subject: t(config ? 'mail:share.subjectConfig' : 'mail:share.subject', { ...vars, ...inSubject }),
      text: [greeting, '', ...lines, '', signature].join('\n'),
      html: layout([greeting, ...lines, signature]),
    };
  }
  if (template.name === 'recipientActivation') {
    const vars = {
      kinds: template.kinds.map((kind) => t(`mail:recipientActivation.kinds.${kind}`)).join(', '),
      url: template.url,
      until: utc(template.until),
    };
    const lines = ['body', 'action', 'expiry'].map((key) =>
      t(`mail:recipientActivation.${key}`, { ...vars, ...inBody }),
    );
    return {
      subject: t('mail:recipientActivation.subject', { ...vars, ...inSubject }),
      text: [greeting, '', ...lines, '', signature].join('\n'),
      html: layout([greeting, ...lines, signature]),
    };
  }
  if (template.name === 'emergencyFault' || template.name === 'selfTestReport') {
    const vars =
      template.name === 'emergencyFault'
        ? {
            at: template.at,
            url: template.url,
            until: utc(template.until),
            reasons: template.failures.map((name) => t(`server:emergency.failures.${name}.cause`)).join(' '),
          }
        : {
            period: template.period,
            tests: template.tests,
            notPassed: template.notPassed,
            faults: template.faults,
            url: template.url,
            until: utc(template.until),
          };
    const keys =
      template.name === 'emergencyFault'
        ? ['body', 'faults', 'since', 'action', 'expiry']
        : ['body', 'action', 'expiry'];
    const lines = keys.map((key) => t(`mail:${template.name}.${key}`, { ...vars, ...inBody }));
    if (template.name === 'selfTestReport') {
      if (template.late) lines.splice(1, 0, lateLine(t, template.late));
      if (template.manageUrl) lines.push(t('mail:reports.manage', { url: template.manageUrl }));
    }
    return {
      subject: t(`mail:${template.name}.subject`, { ...vars, ...inSubject }),
      text: [greeting, '', ...lines, '', signature].join('\n'),
      html: layout([greeting, ...lines, signature]),
    };
  }
  if (template.name === 'periodicReport') return renderPeriodicReport(template, language, inBody, inSubject);
  if (template.name === 'emailChanged') {
    const body = t('mail:emailChanged.body', { email: template.email });
    return {
      subject: t('mail:emailChanged.subject'),
      text: [greeting, '', body, '', signature].join('\n'),
      html: layout([greeting, body, signature]),
    };
  }
  const intro = t(`mail:${template.name}.intro`);
  const validity = t('mail:common.validity', { minutes: Limits.codeTtlSeconds / 60 });
  const ignore = t('mail:common.ignore');
  return {
    subject: t(`mail:${template.name}.subject`, { code: template.code }),
    text: [greeting, '', intro, '', `    ${template.code}`, '', validity, ignore, '', signature].join('\n'),
    html: layout([greeting, intro, validity, ignore, signature], template.code),
  };
}

/** The sentence that says a report is late, and why. */
function lateLine(t: ReturnType<typeof translator>, late: LateNotice): string {
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
function renderPeriodicReport(
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
  return {
    subject,
    text: [greeting, '', ...lines, '', signature].join('\n'),
    html: layout([greeting, ...lines, signature]),
  };
}
