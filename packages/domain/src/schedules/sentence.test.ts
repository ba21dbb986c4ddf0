import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../locale/language.ts';
import de from '../locales/de/schedule.json' with { type: 'json' };
import en from '../locales/en/schedule.json' with { type: 'json' };
import es from '../locales/es/schedule.json' with { type: 'json' };
import zh from '../locales/zh/schedule.json' with { type: 'json' };
import { encodeSchedule, ScheduleCode } from './encoding.ts';
import { type Phrase, renderPhrase, type SentenceSchedule, scheduleSentence } from './sentence.ts';

type Catalogue = { [key: string]: string | Catalogue };

/** A translate function over the committed catalogue, failing on a missing key like the locale test. */
function translator(language: Language) {
  const catalogue = { en, zh, de, es }[language] as Catalogue;
  return (key: string, params: Record<string, string>) => {
    const text = key
      .split('.')
      .slice(1)
      .reduce<Catalogue | string | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        catalogue,
      );
    if (typeof text !== 'string') throw new Error(`${language}: no text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? `{{${name}}}`);
  };
}

const say = (schedule: SentenceSchedule, language: Language) =>
  renderPhrase(scheduleSentence(schedule, language), translator(language));

const timer = (form: Partial<Parameters<typeof encodeSchedule>[0]>, extra: Partial<SentenceSchedule> = {}) => ({
  kind: 'schedule' as const,
  ...encodeSchedule({
    year: 'every',
    months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    day: 0,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    hour: 7,
    minute: 30,
    second: 0,
    ...form,
  }),
  ...extra,
});

const everyDayAt0730 = timer({});
const weekdaysAt0730 = timer({ weekdays: [1, 2, 3, 4, 5] });
const christmasEve = timer({ months: [12], day: 24, hour: 18, minute: 0 });
const sunsetEarly = timer({ hour: 0, minute: 0 }, { kind: 'astro', astroEvent: 'sunset', astroShift: -15 });

describe('timer sentences (section 3 encoding read as words)', () => {
  it.each<[Language, string[]]>([
    ['en', ['every day at 07:30', 'Mon–Fri at 07:30', 'on 24 Dec every year at 18:00', 'every day at sunset − 15 min']],
    [
      'de',
      [
        'jeden Tag um 07:30',
        'Mo–Fr um 07:30',
        'jedes Jahr am 24. Dez. um 18:00',
        'jeden Tag bei Sonnenuntergang − 15 min',
      ],
    ],
    [
      'es',
      [
        'todos los días a las 07:30',
        'lun–vie a las 07:30',
        'cada año el 24 dic a las 18:00',
        'todos los días al atardecer − 15 min',
      ],
    ],
    ['zh', ['每天 07:30', '每周一–周五 07:30', '每年12月24日 18:00', '每天日落 − 15 分钟']],
  ])('reads the usual timers in %s', (language, expected) => {
    expect([everyDayAt0730, weekdaysAt0730, christmasEve, sunsetEarly].map((s) => say(s, language))).toEqual(expected);
  });

  it('never shows register values', () => {
    for (const language of LANGUAGES) {
      const text = say(sunsetEarly, language);
      expect(text).not.toMatch(/4095|127|\b100\b/);
      expect(text).not.toContain('{{');
    }
  });

  it('reads weekday runs, months, years and the special hour and minute codes', () => {
    expect(say(timer({ weekdays: [1, 3, 5, 6, 7] }), 'en')).toBe('Mon, Wed, Fri–Sun at 07:30');
    expect(say(timer({ weekdays: [6, 7], months: [6, 7, 8] }), 'en')).toBe('Sat, Sun in Jun–Aug at 07:30');
    expect(say(timer({ year: 2027 }), 'en')).toBe('every day in 2027 at 07:30');
    expect(say(timer({ year: 2027, months: [12], day: 24 }), 'en')).toBe('on 24 Dec 2027 at 07:30');
    expect(say(timer({ day: 1 }), 'en')).toBe('on day 1 of every month at 07:30');
    expect(say(timer({ day: 13, weekdays: [5] }), 'en')).toBe('on day 13 of every month, only if a Fri at 07:30');
    expect(say(timer({ second: 15 }), 'en')).toBe('every day at 07:30:15');
    expect(say(timer({ hour: 'every', minute: 5 }), 'en')).toBe('every day every hour at minute 05');
    expect(say(timer({ hour: 'every', minute: 'every15' }), 'en')).toBe('every day every 15 minutes');
    expect(say(timer({ hour: 9, minute: 'every20' }), 'en')).toBe('every day every 20 minutes from 09:00 to 09:59');
    expect(say(timer({ hour: 'random', minute: 0 }), 'en')).toBe('every day once at a random hour, at minute 00');
    expect(say(timer({ hour: 'random', minute: 'random' }), 'en')).toBe('every day once a day at a random hour');
    expect(say(timer({ hour: 'every', minute: 'random' }), 'en')).toBe('every day every hour at a random minute');
    expect(say(timer({ hour: 9, minute: 'random' }), 'en')).toBe(
      'every day once at a random minute from 09:00 to 09:59',
    );
    expect(say({ ...sunsetEarly, astroEvent: 'sunrise', astroShift: 20 }, 'en')).toBe('every day at sunrise + 20 min');
    expect(say({ ...sunsetEarly, astroShift: 0 }, 'en')).toBe('every day at sunset');
  });

  it('has every phrase in every language', () => {
    const schedules: SentenceSchedule[] = [];
    for (const hour of [7, ScheduleCode.everyHour, ScheduleCode.randomHour])
      for (const minute of [30, 60, 61, 62, 63]) schedules.push({ ...everyDayAt0730, hour, minute });
    for (const day of [0, 24])
      for (const dayOfWeek of [127, 31])
        for (const month of [4095, 2048, 224])
          for (const year of [100, 27]) schedules.push({ ...everyDayAt0730, day, dayOfWeek, month, year });
    for (const astroEvent of ['sunrise', 'sunset'] as const)
      for (const astroShift of [0, 10]) schedules.push({ ...sunsetEarly, astroEvent, astroShift });
    const keys = new Set<string>();
    const collect = (phrase: Phrase) => {
      keys.add(phrase.key);
      for (const value of Object.values(phrase.params)) if (typeof value !== 'string') collect(value);
    };
    for (const schedule of schedules) collect(scheduleSentence(schedule, 'en'));
    expect(keys.size).toBeGreaterThan(25);
    for (const language of LANGUAGES)
      for (const schedule of schedules) expect(() => say(schedule, language)).not.toThrow();
  });
});
