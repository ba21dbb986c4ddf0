import type { TaskSummary } from '@lightwell/domain';
import type { TFunction } from 'i18next';

/**
 * Failure reasons with their own text (the gateway's, and `inEmergency`: the console did not send "resume
 * normal" to a fitting in a real emergency); anything else is told as a fault.
 */
export const FAILURE_REASONS = [
  'offline',
  'timeout',
  'fault',
  'unsupported',
  'canceled',
  'busy',
  'inEmergency',
] as const;

const reasonKey = (reason: string) => ((FAILURE_REASONS as readonly string[]).includes(reason) ? reason : 'fault');

/** The counts a tally is made of. */
export type TallyCounts = Pick<TaskSummary, 'total' | 'executed' | 'failed' | 'failures'>;

/**
 * The per-device tally of a task (issue 5): "9 executed, 1 failed (device not online)". Several reasons
 * are listed with their device counts, joined the language's way; devices without an outcome yet are
 * added as "2 waiting". `language` is the interface language (for the list joining).
 */
export function formatTaskTally(t: TFunction, task: TallyCounts, language: string): string {
  let text = t('control.tally.executed', { count: task.executed });
  if (task.failed > 0) {
    const reasons = Object.entries(task.failures)
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([reason, count], _index, all) => {
        const name = t(`control.reasons.${reasonKey(reason)}`);
        return all.length === 1 ? name : t('control.tally.reasonCount', { count, reason: name });
      });
    text =
      reasons.length > 0
        ? t('control.tally.failedWhy', {
            count: task.failed,
            done: text,
            reasons: new Intl.ListFormat(language, { type: 'conjunction' }).format(reasons),
          })
        : t('control.tally.failed', { count: task.failed, done: text });
  }
  const pending = task.total - task.executed - task.failed;
  if (pending > 0) text = t('control.tally.pending', { count: pending, done: text });
  return text;
}
