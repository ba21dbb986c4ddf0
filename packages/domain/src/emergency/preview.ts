import type { ActionPreview } from './schemas.ts';
import { reducedCoverUntil } from './stagger.ts';
import { type ActionHold, type DurationKind, type EmergencyAction, EmergencyLimits, STATUS_BITS } from './types.ts';

/** A fitting as an action preview sees it. */
export interface PreviewFitting {
  id: number;
  name: string;
  online: boolean;
  zoneId: number | null;
  zoneName: string | null;
  ratedMinutes: number | null;
  statusBits: number;
  /** 0-254, 255 unknown. */
  batteryCharge: number;
  mainsPresent: boolean | null;
  mode: number | null;
}

/** Options of an action, as the calls take them. */
export interface PreviewOptions {
  durationKind?: DurationKind | undefined;
  durationMinutes?: number | undefined;
  inhibitMinutes?: number | undefined;
}

/** Minutes a function test keeps a fitting on battery, rounded up (the simulator's and most drivers' test is under 1 minute). */
export const FUNCTION_TEST_MINUTES = 1;
/** Rated duration assumed for a fitting that did not report one: 3 h, the usual rating (notes §1). */
export const DEFAULT_RATED_MINUTES = 180;

/** Minutes a duration test runs on a fitting: custom minutes, its rated time, or null until the battery is empty. */
export function durationTestMinutes(options: PreviewOptions, ratedMinutes: number | null): number | null {
  const kind = options.durationKind ?? 'preset';
  if (kind === 'batteryEmpty') return null;
  if (kind === 'custom') return options.durationMinutes ?? ratedMinutes ?? DEFAULT_RATED_MINUTES;
  return ratedMinutes ?? DEFAULT_RATED_MINUTES;
}

/** Whether a fitting is in a real emergency: mains lost, or in emergency or extended emergency mode. */
export const isInEmergency = (fitting: Pick<PreviewFitting, 'mainsPresent' | 'mode'>) =>
  fitting.mainsPresent === false || fitting.mode === 1 || fitting.mode === 4;

/**
 * Why `action` must not be sent to a fitting, or null when it may (docs/commands.md "Emergency actions"):
 * "resume normal" never ends a real emergency (mains lost, emergency or extended emergency mode), so it
 * is not sent to such a fitting and its outcome in the task says so.
 */
export function actionHold(
  action: EmergencyAction,
  fitting: Pick<PreviewFitting, 'mainsPresent' | 'mode'>,
): ActionHold | null {
  return action === 'resume' && isInEmergency(fitting) ? 'inEmergency' : null;
}

/**
 * What an action would do, for its confirmation (issue 14: "each asks for confirmation saying how many
 * fittings will be on battery and for how long"): tests put the online fittings on battery (a duration
 * test for its minutes, null until empty; fittings whose battery is not full hold it pending), and zones
 * with more than one fitting in a duration test are named as neighbours together; inhibit says when it
 * ends; resume counts fittings in a real emergency, which it does not end, and lists them as held (not
 * sent, with the reason, as the task's outcome will say).
 */
export function actionPreview(
  fittings: readonly PreviewFitting[],
  action: EmergencyAction,
  options: PreviewOptions,
  now: Date,
): ActionPreview {
  const online = fittings.filter((f) => f.online);
  const testing = action === 'functionTest' || action === 'durationTest';
  const minutes =
    action === 'functionTest'
      ? FUNCTION_TEST_MINUTES
      : action === 'durationTest'
        ? longest(online.map((f) => durationTestMinutes(options, f.ratedMinutes)))
        : null;
  const notCharged = online.filter(
    (f) => (f.statusBits & STATUS_BITS.batteryFull) === 0 && f.batteryCharge !== EmergencyLimits.batteryFull,
  ).length;
  const zones = new Map<string, { zoneId: number | null; name: string | null; fittings: number }>();
  if (action === 'durationTest') {
    for (const f of online) {
      const key = String(f.zoneId);
      const entry = zones.get(key) ?? { zoneId: f.zoneId, name: f.zoneName, fittings: 0 };
      entry.fittings += 1;
      zones.set(key, entry);
    }
  }
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const fullTestEnd = minutes === null ? null : new Date(now.getTime() + minutes * 60_000);
  const inhibitMinutes = options.inhibitMinutes ?? EmergencyLimits.inhibitMinutes;
  return {
    action,
    fittings: fittings.length,
    online: online.length,
    onBattery: testing ? online.length : 0,
    minutesOnBattery: testing ? minutes : 0,
    notCharged: action === 'durationTest' ? notCharged : 0,
    neighbourZones: [...zones.values()].filter((zone) => zone.fittings > 1),
    reducedCoverUntil:
      action === 'durationTest' && online.length > 0 ? seconds(reducedCoverUntil(fullTestEnd ?? now)) : null,
    inhibitUntil: action === 'inhibit' ? seconds(new Date(now.getTime() + inhibitMinutes * 60_000)) : null,
    inEmergency: fittings.filter(isInEmergency).length,
    held: fittings.flatMap((f) => {
      const reason = actionHold(action, f);
      return reason ? [{ deviceId: f.id, name: f.name, reason }] : [];
    }),
  };
}

/** The longest of some durations; null (until empty) wins. */
function longest(values: (number | null)[]): number | null {
  if (values.length === 0) return 0;
  if (values.some((value) => value === null)) return null;
  return Math.max(...(values as number[]));
}
