/** One changed field of an audit event: its name and its value before and after (undefined: absent). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isEmpty = (value: unknown) => value === null || value === undefined;
// A field that is null on one side and absent on the other did not change.
const same = (a: unknown, b: unknown) => (isEmpty(a) && isEmpty(b)) || JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields an audit event changed, in a readable order: for two records the fields whose values
 * differ; for a record created or removed (one side empty) every field of the other side; for plain
 * values a single change without a field name.
 */
export function describeChanges(before: unknown, after: unknown): FieldChange[] {
  if (isEmpty(before) && isEmpty(after)) return [];
  if ((isRecord(before) || isEmpty(before)) && (isRecord(after) || isEmpty(after))) {
    const from = isRecord(before) ? before : {};
    const to = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return fields
      .filter((field) => !same(from[field], to[field]))
      .map((field) => ({ field, before: from[field], after: to[field] }));
  }
  return same(before, after) ? [] : [{ field: '', before, after }];
}
