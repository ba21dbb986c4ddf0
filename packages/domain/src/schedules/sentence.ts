import type { Language } from '../locale/language.ts';
import type { AstroEvent } from './astro.ts';
import { decodeMonths, decodeWeekdays, ScheduleCode, type ScheduleFields } from './encoding.ts';

/*
 * A schedule or astro timer read as a sentence ("every day at sunset − 15 min", "Mon–Fri at 07:30",
 * "on 24 Dec every year at 18:00") from its encoded fields (section 3), never as register values. The
 * sentence is a translation key with parameters; the names in it (weekdays, months, dates) come from
 * Intl in the interface language. The second field shows only as a number other than 0: the scheduler
 * acts once a minute, so its every-second codes change nothing a person would notice.
 */

/** A translation key (namespace first) with its parameters: text, or phrases rendered first. */
export interface Phrase {
  key: string;
  params: { [name: string]: string | Phrase };
}

/** What a sentence needs of a schedule. */
export interface SentenceSchedule extends ScheduleFields {
  kind: 'schedule' | 'astro';
  astroEvent?: AstroEvent | null;
  astroShift?: number;
}

const INTL_LOCALE: Record<Language, string> = { en: 'en-GB', zh: 'zh-CN', de: 'de-DE', es: 'es-ES' };
const LIST_SEPARATOR: Record<Language, string> = { en: ', ', zh: '、', de: ', ', es: ', ' };
const RANGE = '–';
const K = 'schedule.sentence';

const formats = new Map<string, Intl.DateTimeFormat>();

/** An Intl date format of a language, made once (making one costs far more than using it). */
function intlFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

const pad = (n: number) => String(n).padStart(2, '0');
const phrase = (key: string, params: Phrase['params'] = {}): Phrase => ({ key: `${K}.${key}`, params });

/** Runs of consecutive numbers: three or more read as a range ("Mon–Fri"), shorter ones one by one. */
function runs(values: readonly number[], name: (value: number) => string, language: Language): string {
  const groups: number[][] = [];
  for (const value of values) {
    const last = groups.at(-1);
    if (last && last.at(-1) === value - 1) last.push(value);
    else groups.push([value]);
  }
  const items = groups.flatMap((group) =>
    group.length >= 3 ? [`${name(group[0]!)}${RANGE}${name(group.at(-1)!)}`] : group.map(name),
  );
  return items.join(LIST_SEPARATOR[language]);
}

/** Short weekday names of ISO weekdays 1-7, with ranges: "Mon–Fri", "Sat, Sun". */
export function weekdayList(weekdays: readonly number[], language: Language): string {
  const format = intlFormat(language, { weekday: 'short' });
  // 5 January 2026 is a Monday.
  return runs(weekdays, (day) => format.format(Date.UTC(2026, 0, 4 + day)), language);
}

/** Short month names of calendar months 1-12, with ranges: "Jun–Aug", "Dec". */
export function monthList(months: readonly number[], language: Language): string {
  const format = intlFormat(language, { month: 'short' });
  return runs(months, (month) => format.format(Date.UTC(2026, month - 1, 1)), language);
}

function datePhrase(month: number, day: number, year: number | null, language: Language): string {
  const format = intlFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(year === null ? {} : { year: 'numeric' }),
  });
  return format.format(Date.UTC(year ?? 2024, month - 1, day));
}

function daysPhrase(fields: ScheduleFields, language: Language): Phrase {
  const year = fields.year === ScheduleCode.everyYear ? null : 2000 + fields.year;
  const months = decodeMonths(fields.month);
  const allMonths = fields.month === ScheduleCode.everyMonth;
  const weekdays = decodeWeekdays(fields.dayOfWeek);
  const allWeekdays = fields.dayOfWeek === ScheduleCode.everyWeekday;
  const monthText = monthList(months, language);
  const inYear = (inner: Phrase) =>
    year === null ? inner : phrase('days.inYear', { days: inner, year: String(year) });
  let days: Phrase;
  if (fields.day === ScheduleCode.anyDay) {
    const weekdayText = weekdayList(weekdays, language);
    if (allMonths) days = allWeekdays ? phrase('days.everyDay') : phrase('join.weekdays', { weekdays: weekdayText });
    else
      days = allWeekdays
        ? phrase('days.everyDayIn', { months: monthText })
        : phrase('days.weekdaysIn', { weekdays: weekdayText, months: monthText });
    days = inYear(days);
  } else if (months.length === 1) {
    const date = datePhrase(months[0]!, fields.day, year, language);
    days = year === null ? phrase('days.dateEveryYear', { date }) : phrase('join.date', { date });
  } else {
    const day = String(fields.day);
    days = inYear(
      allMonths ? phrase('days.dayEveryMonth', { day }) : phrase('days.dayOfMonths', { day, months: monthText }),
    );
  }
  if (fields.day !== ScheduleCode.anyDay && !allWeekdays)
    return phrase('days.onlyOn', { days, weekdays: weekdayList(weekdays, language) });
  return days;
}

const REPEATS: Partial<Record<number, string>> = {
  [ScheduleCode.everyMinute]: 'everyMinute',
  [ScheduleCode.every15]: 'every15',
  [ScheduleCode.every20]: 'every20',
};

function timePhrase(schedule: SentenceSchedule): Phrase {
  if (schedule.kind === 'astro') {
    const event = schedule.astroEvent ?? 'sunset';
    const shift = schedule.astroShift ?? 0;
    if (shift === 0) return phrase(`time.${event}`);
    return phrase(`time.${event}Shift`, { shift: `${shift < 0 ? '−' : '+'} ${Math.abs(shift)}` });
  }
  const { hour, minute, second } = schedule;
  const repeat = REPEATS[minute];
  if (hour === ScheduleCode.randomHour)
    return minute < 60 ? phrase('time.randomHour', { minute: pad(minute) }) : phrase('time.randomHourAny');
  if (hour === ScheduleCode.everyHour) {
    if (repeat) return phrase(`time.${repeat}`);
    if (minute === ScheduleCode.randomMinute) return phrase('time.randomMinuteEveryHour');
    return phrase('time.everyHourAt', { minute: pad(minute) });
  }
  const span = { from: `${pad(hour)}:00`, to: `${pad(hour)}:59` };
  if (repeat) return phrase(`time.${repeat}InHour`, span);
  if (minute === ScheduleCode.randomMinute) return phrase('time.randomMinuteInHour', span);
  const seconds = second > 0 && second < 60 ? `:${pad(second)}` : '';
  return phrase('time.at', { time: `${pad(hour)}:${pad(minute)}${seconds}` });
}

/** The sentence of a schedule or astro timer in an interface language (names from Intl). */
export function scheduleSentence(schedule: SentenceSchedule, language: Language): Phrase {
  return phrase('join.full', { days: daysPhrase(schedule, language), time: timePhrase(schedule) });
}

/** A translation function: i18next's `t`, or anything that fills a key's `{{placeholders}}`. */
export type Translate = (key: string, params: Record<string, string>) => string;

/** Renders a phrase with a translation function, the phrases in its parameters first. */
export function renderPhrase(phrase: Phrase, t: Translate): string {
  const params = Object.fromEntries(
    Object.entries(phrase.params).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : renderPhrase(value, t),
    ]),
  );
  return t(phrase.key, params);
}
