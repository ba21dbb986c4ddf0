/**
 * Splits an integer total in proportion to non-negative weights so the parts are integers that add up
 * to the total exactly (largest remainder; ties go to the earlier part). All-zero weights give every
 * part 0: the caller decides where such a total goes.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total)) throw new RangeError(`${total} is not a safe integer`);
  if (weights.some((weight) => !(weight >= 0))) throw new RangeError('weights must be non-negative');
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const sign = total < 0 ? -1n : 1n;
  const whole = BigInt(Math.abs(total));
  // Weights become integers at micro precision so the arithmetic below stays exact in bigint.
  const scaled = weights.map((weight) => BigInt(Math.round((weight / sum) * 1e9)));
  const scaledSum = scaled.reduce((a, b) => a + b, 0n);
  const parts = scaled.map((weight) => (whole * weight) / scaledSum);
  let left = whole - parts.reduce((a, b) => a + b, 0n);
  const order = scaled
    .map((weight, index) => ({ index, remainder: (whole * weight) % scaledSum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map((part) => Number(part * sign));
}
