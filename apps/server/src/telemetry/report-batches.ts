import type { ReportMessage } from '@lightwell/domain';
import type { ReadingRow } from './reading-rows.ts';
import type { MarkOutcome } from './sequence.ts';

/* What is handed to `storeReports` and what it answers, and the unit it stores a report as. */

/** The gateway reports came from, as stored (the gateway link's `LinkedGateway`). */
export interface ReportingGateway {
  id: number;
  nid: number;
  sn: string;
}

/** Reports of one gateway received together (already applied where they also change device state). */
export interface GatewayReports {
  gateway: ReportingGateway;
  reports: ReportMessage[];
}

/** What to tell a gateway once its reports are committed: null while it has not started a stream. */
export interface StoreOutcome {
  gateway: ReportingGateway;
  mark: MarkOutcome | null;
  /** Its readings named devices the console does not know (no inventory yet): their readings were dropped. */
  strangers?: boolean;
}

/** A report that carries a number (every report but a lost range). */
export type NumberedReport = Exclude<ReportMessage, { kind: 'lost' }>;

/** One report with the reading rows it brings (for the devices the console knows). */
export interface Unit {
  gateway: ReportingGateway;
  report: ReportMessage;
  rows: ReadingRow[];
}
