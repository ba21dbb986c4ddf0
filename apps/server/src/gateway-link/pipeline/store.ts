import { applyCountedReports, type StoreOutcome, storeReports } from '../../telemetry/index.ts';
import { keepReport, noteChanged, type Round, type StageContext } from './contracts.ts';

/*
 * Stage 4, store: the round's counted reports are applied together (`applyCountedReports`, the one way they
 * are applied) and kept with the others; then every kept report goes to telemetry (`storeReports`: receipts,
 * readings, rollups), which hands each committed transaction's outcomes to the confirm stage.
 */

/** Stores a round; what fails is logged and not confirmed, so the gateways send it again. */
export async function storeRound(
  { db, log, now }: StageContext,
  round: Round,
  confirm: (outcomes: StoreOutcome[]) => void,
): Promise<void> {
  if (round.counted.length > 0) {
    try {
      for (const [nid, ids] of await applyCountedReports(db, round.counted, now())) noteChanged(round, nid, ids);
      for (const { gateway, report } of round.counted) keepReport(round, gateway, report);
    } catch (error) {
      // Not applied, so not kept or confirmed: the gateways send these reports again.
      log.error({ err: error }, 'consumption and trigger reports not applied');
    }
  }
  if (round.kept.size > 0) {
    try {
      await storeReports(db, [...round.kept.values()], now(), confirm);
    } catch (error) {
      // What was not committed is not confirmed: the gateways send those reports again.
      log.error({ err: error }, 'reports not stored');
    }
  }
}
