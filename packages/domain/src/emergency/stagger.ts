import { EmergencyLimits, type StaggerSplit } from './types.ts';

const MINUTE = 60_000;

/** A fitting as the stagger plan sees it. */
export interface StaggerFitting {
  id: number;
  zoneId: number | null;
  groupIds: readonly number[];
}

/** Batches of fittings that may run a duration test together, first batch first. */
export interface StaggerPlan {
  split: StaggerSplit;
  batches: number[][];
}

/**
 * Splits fittings into batches so neighbours never run a duration test together (issue 14 "Staggering"):
 * `zone` – no two fittings of one zone in a batch; `group` – no two fittings sharing a group; `alternate` –
 * in each zone, alternate fittings (by id): every other one in the first batch, the rest in the second, so
 * half the zone keeps full cover. Fittings without a zone (or group) count as one zone (or group) of their
 * own kind. Batches are filled greedily by id, so the plan is the same on every server.
 */
export function staggerPlan(fittings: readonly StaggerFitting[], split: StaggerSplit): StaggerPlan {
  const sorted = [...fittings].sort((a, b) => a.id - b.id);
  if (split === 'alternate') {
    const position = new Map<string, number>();
    const batches: number[][] = [[], []];
    for (const fitting of sorted) {
      const key = String(fitting.zoneId);
      const index = position.get(key) ?? 0;
      position.set(key, index + 1);
      batches[index % 2]!.push(fitting.id);
    }
    return { split, batches: batches.filter((batch) => batch.length > 0) };
  }
  const keysOf = (fitting: StaggerFitting): string[] =>
    split === 'zone'
      ? [`z${fitting.zoneId}`]
      : fitting.groupIds.length > 0
        ? fitting.groupIds.map((id) => `g${id}`)
        : ['g-none'];
  const batches: { ids: number[]; keys: Set<string> }[] = [];
  for (const fitting of sorted) {
    const keys = keysOf(fitting);
    let batch = batches.find((candidate) => keys.every((key) => !candidate.keys.has(key)));
    if (!batch) {
      batch = { ids: [], keys: new Set() };
      batches.push(batch);
    }
    batch.ids.push(fitting.id);
    for (const key of keys) batch.keys.add(key);
  }
  return { split, batches: batches.map((batch) => batch.ids) };
}

/** One fitting's slot in a timed stagger plan. */
export interface StaggerSlot {
  id: number;
  batch: number;
  start: Date;
  /** Expected end of the test on battery. */
  end: Date;
  /** Full cover again: the end plus the recharge time. */
  reducedCoverUntil: Date;
}

/**
 * Times a stagger plan from `start`: batch k starts `spacingMinutes` × k later. The default spacing is the
 * test's minutes plus the recharge time, so a batch starts only when the one before has full cover again.
 */
export function timeStagger(
  plan: StaggerPlan,
  start: Date,
  options: { testMinutes: number; spacingMinutes?: number },
): StaggerSlot[] {
  const spacing = options.spacingMinutes ?? options.testMinutes + EmergencyLimits.rechargeHours * 60;
  return plan.batches.flatMap((batch, index) => {
    const begin = new Date(start.getTime() + index * spacing * MINUTE);
    const end = new Date(begin.getTime() + options.testMinutes * MINUTE);
    return batch.map((id) => ({ id, batch: index, start: begin, end, reducedCoverUntil: reducedCoverUntil(end) }));
  });
}

/**
 * When a fitting has full cover again after running on battery (acceptance check 3: "reduced cover until
 * +24 h"): the recharge time from empty, scaled by how far the battery is from full when the charge is
 * known (0-254), else the whole recharge time.
 */
export function reducedCoverUntil(endedAt: Date, batteryCharge: number | null = null): Date {
  const known = batteryCharge !== null && batteryCharge >= 0 && batteryCharge <= EmergencyLimits.batteryFull;
  const share = known ? 1 - batteryCharge / EmergencyLimits.batteryFull : 1;
  return new Date(endedAt.getTime() + Math.round(share * EmergencyLimits.rechargeHours * 60) * MINUTE);
}

/**
 * The most fittings of one zone on battery at the same time in a set of slots (the bench and tests check it
 * against the split's limit: 1 for zone, half a zone rounded up for alternate).
 */
export function peakPerZone(
  slots: readonly { id: number; start: Date; end: Date }[],
  zoneOf: (id: number) => number | null,
): number {
  const events = new Map<string, { at: number; delta: number }[]>();
  for (const slot of slots) {
    const key = String(zoneOf(slot.id));
    const list = events.get(key) ?? [];
    list.push({ at: slot.start.getTime(), delta: 1 }, { at: slot.end.getTime(), delta: -1 });
    events.set(key, list);
  }
  let peak = 0;
  for (const list of events.values()) {
    // Ends before starts at the same instant: a batch that ends as the next begins does not overlap it.
    list.sort((a, b) => a.at - b.at || a.delta - b.delta);
    let running = 0;
    for (const event of list) {
      running += event.delta;
      peak = Math.max(peak, running);
    }
  }
  return peak;
}
