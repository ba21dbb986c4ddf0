/** Why a register holds no reading (DALI Parts 252/253): MASK = not implemented, TMASK = not available now. */
export const NO_READING_REASONS = ['absent', 'unavailable'] as const;
export type NoReadingReason = (typeof NO_READING_REASONS)[number];

/** A decoded register: the integer it holds, or no reading with the reason. Never 0 for a missing value. */
export type RawReading = { value: bigint; reason: null } | { value: null; reason: NoReadingReason };

/** A scaled reading: raw × 10^scale in the register's unit, kept as the exact integer and its power of ten. */
export type ScaledReading =
  | { raw: bigint; scale: number; reason: null }
  | { raw: null; scale: null; reason: NoReadingReason };

/** Smallest power of ten a D4i scale byte may hold (notes §1). */
export const SCALE_MIN = -6;
/** Largest power of ten a D4i scale byte may hold (notes §1). */
export const SCALE_MAX = 6;

/**
 * Decodes a `bytes`-wide unsigned register: all-FF (MASK) is "absent", all-FF minus 1 (TMASK) is
 * "temporarily unavailable"; anything else is the value (notes §1, section 3 D4i bank).
 */
export function decodeRawValue(raw: bigint | number, bytes: number): RawReading {
  const value = BigInt(raw);
  const mask = (1n << BigInt(8 * bytes)) - 1n;
  if (value < 0n || value > mask) throw new RangeError(`${value} does not fit ${bytes} byte(s)`);
  if (value === mask) return { value: null, reason: 'absent' };
  if (value === mask - 1n) return { value: null, reason: 'unavailable' };
  return { value, reason: null };
}

/** The signed power of ten of a scale byte (two's complement), or null when outside −6..+6. */
export function decodeScale(byte: number): number | null {
  const scale = byte > 127 ? byte - 256 : byte;
  return scale >= SCALE_MIN && scale <= SCALE_MAX ? scale : null;
}

/**
 * A D4i scaled field (bank 202 energy: scale byte + 6 bytes, power: scale byte + 4 bytes): the value is
 * raw × 10^scale. MASK/TMASK in the value bytes is no reading; a scale outside −6..+6 is treated as absent.
 */
export function decodeScaledValue(scaleByte: number, raw: bigint | number, bytes: number): ScaledReading {
  const decoded = decodeRawValue(raw, bytes);
  if (decoded.value === null) return { raw: null, scale: null, reason: decoded.reason };
  const scale = decodeScale(scaleByte);
  if (scale === null) return { raw: null, scale: null, reason: 'absent' };
  return { raw: decoded.value, scale, reason: null };
}

/** The exact decimal text of raw × 10^scale: (123n, −2) → "1.23", (5n, 3) → "5000". */
export function scaledToDecimal(raw: bigint, scale: number): string {
  if (scale >= 0) return (raw * 10n ** BigInt(scale)).toString();
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString().padStart(-scale + 1, '0');
  const text = `${digits.slice(0, scale)}.${digits.slice(scale)}`.replace(/\.?0+$/, '');
  return negative ? `-${text}` : text;
}
