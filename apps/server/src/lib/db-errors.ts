/** True when `error` (or its cause, as drizzle wraps driver errors) is a unique-key violation. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return !constraint || name === constraint || (message ?? '').includes(constraint);
  }
  return false;
}
