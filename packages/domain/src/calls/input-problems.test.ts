import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../locale/language.ts';
import de from '../locales/de/server.json' with { type: 'json' };
import en from '../locales/en/server.json' with { type: 'json' };
import es from '../locales/es/server.json' with { type: 'json' };
import zh from '../locales/zh/server.json' with { type: 'json' };
import { calls } from './index.ts';
import { INPUT_RULES, inputProblems } from './input-problems.ts';

function problemsOf(name: keyof typeof calls, body: Record<string, unknown>) {
  const parsed = calls[name].body.safeParse(body);
  if (parsed.success) throw new Error(`${name} accepted ${JSON.stringify(body)}`);
  return inputProblems(parsed.error.issues, body);
}

type Catalogue = { [key: string]: string | Catalogue };
const serverCatalogue = (language: Language) => ({ en, zh, de, es })[language] as unknown as Catalogue;

describe('problems of a refused payload', () => {
  const seven = Array.from({ length: 7 }, (_, i) => `guest${i}@example.com`);

  it('a list over its limit gives the limit and the count sent', () => {
    expect(problemsOf('shareNetwork', { nid: 1, emails: seven, userType: 1 })).toEqual([
      { field: 'emails', rule: 'maxItems', params: { maximum: 6, given: 7 } },
    ]);
  });

  it('a union of literals gives the values it accepts', () => {
    expect(problemsOf('projectVoList', { pageSize: 30 })).toEqual([
      { field: 'pageSize', rule: 'oneOf', params: { values: [10, 20, 50, 100] } },
    ]);
  });

  it('tells a missing field from a wrong type, and names unknown fields and list entries', () => {
    expect(problemsOf('shareNetwork', { nid: 'x', emails: ['a@example.com', 'nope'], colour: 1 })).toEqual([
      { field: 'nid', rule: 'type', params: { expected: 'number' } },
      { field: 'emails.1', rule: 'email', params: {} },
      { field: 'userType', rule: 'required', params: {} },
      { field: 'colour', rule: 'unknownField', params: {} },
    ]);
  });

  it('texts: length with the length sent, control characters, password rule, six digits', () => {
    const problems = problemsOf('register', {
      email: 'a@example.com',
      name: 'a\u0001b',
      password: 'short',
      code: '12',
      language: 0,
    });
    expect(problems).toEqual([
      { field: 'name', rule: 'controlChars', params: {} },
      { field: 'password', rule: 'password', params: { min: 8, max: 128 } },
      { field: 'code', rule: 'digits', params: { digits: 6 } },
    ]);
    expect(problemsOf('nameUpdate', { name: 'n'.repeat(33) })).toEqual([
      { field: 'name', rule: 'maxLength', params: { maximum: 32, given: 33 } },
    ]);
  });

  it('numbers out of range and rules of the whole payload', () => {
    expect(problemsOf('projectVoList', { page: 0 })).toEqual([
      { field: 'page', rule: 'minimum', params: { minimum: 1 } },
    ]);
    expect(problemsOf('projectVoList', { page: 1.5 })).toEqual([{ field: 'page', rule: 'integer', params: {} }]);
    expect(problemsOf('gatewayUpdate', { gatewayId: 1 })).toEqual([{ field: '', rule: 'nothingToChange', params: {} }]);
    expect(problemsOf('updateSetting', {})).toEqual([{ field: '', rule: 'nothingToChange', params: {} }]);
    expect(problemsOf('emailCode', { email: 'a@example.com', emailConfirm: 'b@example.com', password: 'x' })).toEqual([
      { field: '', rule: 'entriesDiffer', params: {} },
    ]);
  });
});

describe('texts of refused payloads in every language', () => {
  it.each(LANGUAGES)('%s has a sentence for every rule', (language) => {
    const rules = (serverCatalogue(language).validation as Catalogue).rules as Catalogue;
    expect(INPUT_RULES.filter((rule) => typeof rules[rule] !== 'string')).toEqual([]);
  });

  it.each(LANGUAGES)('%s has a label for every payload field of every call', (language) => {
    const labels = serverCatalogue(language).fields as Catalogue;
    const fields = new Set(Object.values(calls).flatMap((call) => Object.keys(call.payload)));
    expect([...fields].filter((field) => typeof labels[field] !== 'string')).toEqual([]);
  });
});
