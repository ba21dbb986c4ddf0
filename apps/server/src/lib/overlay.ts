/**
 * The fields `keys` of a stored row, each replaced by the value an update gives for it: a field the
 * update leaves out (undefined) keeps its stored value. Used by the update calls that check the whole
 * record after the change (a partial update never changes what it was not given).
 */
export function overlay<T>(stored: object, given: object, keys: readonly string[]): T {
  const row = stored as Record<string, unknown>;
  const changes = given as Record<string, unknown>;
  return Object.fromEntries(keys.map((key) => [key, changes[key] !== undefined ? changes[key] : row[key]])) as T;
}
