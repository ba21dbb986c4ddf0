import { INTERVAL_FLAGS, type IntervalFlag, SEGMENT_STARTS, type SegmentStart } from './counter.ts';
import { ASSUMPTION_KEYS, type AssumptionKey } from './estimate.ts';
import { NO_READING_REASONS, type NoReadingReason } from './raw-value.ts';
import { SAVING_CAUSES, type SavingShare } from './savings.ts';
import { ENERGY_SOURCES, type EnergySource } from './source-priority.ts';

/** Catalogue key of an energy source's name (`energy` namespace). */
export const energySourceKey = (source: EnergySource) => `energy.source.${source}` as const;
/** Catalogue key of an estimate assumption; its params fill the text's placeholders. */
export const assumptionKey = (key: AssumptionKey) => `energy.assumption.${key}` as const;
/** Catalogue key of a saving cause, or of the unattributed rest. */
export const savingCauseKey = (cause: SavingShare) => `energy.cause.${cause}` as const;
/** Catalogue key of an interval flag. */
export const intervalFlagKey = (flag: IntervalFlag) => `energy.flag.${flag}` as const;
/** Catalogue key of why a counter segment started. */
export const segmentStartKey = (start: SegmentStart) => `energy.segment.${start}` as const;
/** Catalogue key of why a register holds no reading. */
export const noReadingKey = (reason: NoReadingReason) => `energy.noReading.${reason}` as const;

/** Every user-visible text key of the energy rules; each must exist in en, zh, de and es. */
export const ENERGY_TEXT_KEYS: readonly string[] = [
  ...ENERGY_SOURCES.map(energySourceKey),
  ...ASSUMPTION_KEYS.map(assumptionKey),
  ...[...SAVING_CAUSES, 'unattributed' as const].map(savingCauseKey),
  ...INTERVAL_FLAGS.map(intervalFlagKey),
  ...SEGMENT_STARTS.map(segmentStartKey),
  ...NO_READING_REASONS.map(noReadingKey),
];
