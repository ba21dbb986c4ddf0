/** Why a register holds no reading (DALI Parts 252/253): MASK = not implemented, TMASK = not available now. */
export const NO_READING_REASONS = ['absent', 'unavailable'] as const;
export type NoReadingReason = (typeof NO_READING_REASONS)[number];

/** The exact decimal text of raw × 10^scale: (123n, −2) → "1.23", (5n, 3) → "5000". */
export function scaledToDecimal(raw: bigint, scale: number): string {
  if (scale >= 0) return (raw * 10n ** BigInt(scale)).toString();
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString().padStart(-scale + 1, '0');
  const text = `${digits.slice(0, scale)}.${digits.slice(scale)}`.replace(/\.?0+$/, '');
  return negative ? `-${text}` : text;
}
