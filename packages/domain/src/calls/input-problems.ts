import type { z } from 'zod';
import { Limits } from '../limits.ts';
import { SensorDiagnosis } from '../sensor-diagnosis/rules.ts';

/**
 * What a refused input breaks, for people and programs: the field (a dotted path into the payload, `''`
 * for the payload as a whole), the rule and the rule's figures. The server turns each into a translated
 * sentence (`server:validation.rules.<rule>` with `params`, prefixed by the field's label) and answers
 * the list in `data.problems` of code 1001.
 */
export interface InputProblem {
  field: string;
  rule: InputRule;
  params: Record<string, string | number | boolean | (string | number | boolean)[]>;
}

/** The rules a payload can break; each has a sentence in `server:validation.rules`. */
export const INPUT_RULES = [
  'required',
  'type',
  'maxLength',
  'minLength',
  'notEmpty',
  'maxItems',
  'minItems',
  'maximum',
  'lessThan',
  'minimum',
  'greaterThan',
  'integer',
  'oneOf',
  'multipleOf',
  'format',
  'email',
  'password',
  'digits',
  'controlChars',
  'unknownField',
  'nothingToChange',
  'entriesDiffer',
  'polygonPoints',
  'targetIds',
  'latLngTogether',
  'chooseTarget',
  'jsonText',
  'lightSetting',
  'curveOrder',
  'timeZone',
  'diagnosisRange',
  'period',
  'reportRange',
  'yearlyMonth',
  'duplicate',
  'invalid',
  'custom',
] as const;
export type InputRule = (typeof INPUT_RULES)[number];

/**
 * Messages the schemas give their own checks, each the rule it stands for: the schemas name them here so
 * that a refusal can be translated rather than answered in the schema's English.
 */
export const RuleMessages = {
  controlChars: 'must not contain control characters',
  email: 'invalid e-mail address',
  password: '8 to 128 characters with three of: lower case, upper case, digit, special',
  digits: 'six digits',
  nothingToChange: 'nothing to change',
  entriesDiffer: 'the two e-mail entries differ',
  polygonPoints: 'a polygon needs at least 3 points',
  targetIds: 'ids are required unless the target is the network',
  latLngTogether: 'latitude and longitude go together',
  chooseTarget: 'choose at least one zone or network',
  jsonText: 'key must be the network serialised as JSON',
  lightSetting: 'set at least one of onOff, lightness, cct',
  curveOrder: 'curve times must increase',
  timeZone: 'unknown time zone',
  diagnosisRange: 'the end must come after the start, within the most intervals a task may hold',
  period: 'the period must end after it starts and span at most six years',
  reportRange: 'the last day must not come before the first, at most 366 days on',
  yearlyMonth: 'a yearly duration test needs a month',
  duplicate: 'each entry only once',
} as const satisfies Partial<Record<InputRule, string>>;

const RULE_BY_MESSAGE = new Map<string, InputRule>(
  Object.entries(RuleMessages).map(([rule, message]) => [message, rule as InputRule]),
);

/** Extra figures a rule known by its message carries. */
const RULE_PARAMS: Partial<Record<InputRule, InputProblem['params']>> = {
  digits: { digits: Limits.codeDigits },
  password: { min: Limits.passwordMin, max: Limits.passwordMax },
  diagnosisRange: { maxBuckets: SensorDiagnosis.maxBuckets },
  reportRange: { maxDays: 366 },
};

/** One zod issue, as schemas report it. */
export type InputIssue = z.core.$ZodIssue;
type Issue = InputIssue;
type Scalar = string | number | boolean;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function scalar(value: unknown): Scalar {
  return typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
}

/** Values a union of literals accepts, or null when some branch fails for another reason. */
function unionValues(issue: Extract<Issue, { code: 'invalid_union' }>): Scalar[] | null {
  const values: Scalar[] = [];
  for (const branch of issue.errors) {
    if (branch.length !== 1 || branch[0]!.code !== 'invalid_value' || branch[0]!.path.length > 0) return null;
    values.push(...branch[0]!.values.map(scalar));
  }
  return values.length > 0 ? values : null;
}

function sizeOf(value: unknown): number | undefined {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (value instanceof Set || value instanceof Map) return value.size;
  return undefined;
}

/** The rule's figures plus `given`, the length or count sent, when it can be read. */
function withSize(params: InputProblem['params'], value: unknown) {
  const given = sizeOf(value);
  return given === undefined ? params : { ...params, given };
}

function describeIssue(issue: Issue, input: unknown): Omit<InputProblem, 'field'> {
  const value = valueAt(input, issue.path);
  const typeOrValue = issue.code === 'invalid_type' || issue.code === 'invalid_union' || issue.code === 'invalid_value';
  if (typeOrValue && value === undefined && issue.path.length > 0) return { rule: 'required', params: {} };
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return { rule: 'integer', params: {} };
      return { rule: 'type', params: { expected: issue.expected } };
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return { rule: 'maxLength', params: withSize({ maximum }, value) };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { rule: 'maxItems', params: withSize({ maximum }, value) };
      return { rule: issue.inclusive === false ? 'lessThan' : 'maximum', params: { maximum } };
    }
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') {
        if (minimum === 1) return { rule: 'notEmpty', params: {} };
        return { rule: 'minLength', params: withSize({ minimum }, value) };
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return { rule: 'minItems', params: withSize({ minimum }, value) };
      return { rule: issue.inclusive === false ? 'greaterThan' : 'minimum', params: { minimum } };
    }
    case 'invalid_value':
      return { rule: 'oneOf', params: { values: issue.values.map(scalar) } };
    case 'invalid_union': {
      const values = unionValues(issue);
      return values ? { rule: 'oneOf', params: { values } } : { rule: 'invalid', params: {} };
    }
    case 'not_multiple_of':
      return { rule: 'multipleOf', params: { divisor: Number(issue.divisor) } };
    case 'invalid_format': {
      const known = RULE_BY_MESSAGE.get(issue.message);
      if (known) return { rule: known, params: RULE_PARAMS[known] ?? {} };
      if (issue.format === 'email') return { rule: 'email', params: {} };
      return { rule: 'format', params: {} };
    }
    case 'custom': {
      const known = RULE_BY_MESSAGE.get(issue.message);
      if (known) return { rule: known, params: RULE_PARAMS[known] ?? {} };
      return { rule: 'custom', params: { detail: issue.message } };
    }
    default:
      return { rule: 'invalid', params: {} };
  }
}

/**
 * The problems of a refused payload, one per zod issue (an unknown field is reported under its own
 * name). `input` is the payload as sent, to tell a missing field from a wrong one and to count what was
 * given.
 */
export function inputProblems(issues: readonly Issue[], input: unknown): InputProblem[] {
  return issues.flatMap((issue) => {
    const field = issue.path.map(String).join('.');
    const described = describeIssue(issue, input);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: field ? `${field}.${key}` : key,
        rule: 'unknownField' as const,
        params: {},
      }));
    }
    return [{ field, ...described }];
  });
}
