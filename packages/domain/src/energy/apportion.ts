/** Weights become integers at this precision (parts per billion) so the arithmetic stays exact. */
const SCALE = 1e9;

/**
 * Splits an integer total in proportion to non-negative weights so the parts are integers that add up
 * to the total exactly (largest remainder; ties go to the earlier part). All-zero weights give every
 * part 0: the caller decides where such a total goes.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total)) throw new RangeError(`${total} is not a safe integer`);
  let sum = 0;
  for (const weight of weights) {
    if (!(weight >= 0)) throw new RangeError('weights must be non-negative');
    sum += weight;
  }
  if (!Number.isFinite(sum)) throw new RangeError('weights must be finite');
  if (sum === 0) return weights.map(() => 0);
  const whole = Math.abs(total);
  const scaled = weights.map((weight) => Math.round((weight / sum) * SCALE));
  let scaledSum = 0;
  for (const weight of scaled) scaledSum += weight;
  // Every product below is at most whole × scaledSum: while that is a safe integer, numbers are exact.
  if (whole * scaledSum > Number.MAX_SAFE_INTEGER) return apportionExact(total, scaled, scaledSum);
  const sign = total < 0 ? -1 : 1;
  const parts: number[] = [];
  const remainders: number[] = [];
  let left = whole;
  for (const weight of scaled) {
    const product = whole * weight;
    const remainder = product % scaledSum;
    const part = (product - remainder) / scaledSum;
    parts.push(part);
    remainders.push(remainder);
    left -= part;
  }
  // `left` is less than the count of positive remainders (they add up to left × scaledSum, each below it).
  if (left > 0 && parts.length > 16) {
    const order = remainders.map((_, index) => index);
    order.sort((a, b) => remainders[b]! - remainders[a]! || a - b);
    for (let index = 0; index < left; index += 1) parts[order[index]!]! += 1;
  } else {
    // A few parts: the largest remainder left each time, ties to the earlier part; a taken one is marked −1.
    for (let round = 0; round < left; round += 1) {
      let best = 0;
      for (let index = 1; index < remainders.length; index += 1) {
        if (remainders[index]! > remainders[best]!) best = index;
      }
      parts[best]! += 1;
      remainders[best] = -1;
    }
  }
  return sign < 0 ? parts.map((part) => (part === 0 ? 0 : -part)) : parts;
}

/** `apportion` of scaled weights in bigint, for a total too large for exact number arithmetic. */
function apportionExact(total: number, scaledWeights: readonly number[], scaledTotal: number): number[] {
  const sign = total < 0 ? -1n : 1n;
  const whole = BigInt(Math.abs(total));
  const scaled = scaledWeights.map((weight) => BigInt(weight));
  const scaledSum = BigInt(scaledTotal);
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
