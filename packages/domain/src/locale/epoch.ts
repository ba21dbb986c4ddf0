/** Epoch seconds (UTC), the one unit of every instant the API sends or takes (docs/decisions.md). */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Epoch seconds of a date that may be missing. */
export function epochSecondsOrNull(date: Date | null | undefined): number | null {
  return date ? epochSeconds(date) : null;
}
