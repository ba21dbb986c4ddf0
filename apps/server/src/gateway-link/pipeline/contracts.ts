import type {
  AckMessage,
  GatewayChannelName,
  InventoryMessage,
  LiveEvent,
  PresenceMessage,
  ReportMessage,
  StateMessage,
} from '@lightwell/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { LinkedGateway } from '../../link-types.ts';
import type { CountedReportOf, GatewayReports } from '../../telemetry/index.ts';

/*
 * What passes between the stages of the report pipeline (docs/server-pipeline.md):
 * receive → `Received` → queue → `Checked` → drain → `Round` → store → `StoreOutcome` (telemetry) → confirm.
 */

/** What every stage works with: the database, the log and the console's clock. */
export interface StageContext {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * receive → queue: a gateway message as it came. A queue that grows under load holds bytes outside the
 * JavaScript heap, and each message is parsed only just before it is applied (so its objects die young
 * instead of being copied by every collection while they wait).
 */
export interface Received {
  sn: string;
  channel: GatewayChannelName;
  payload: Buffer;
  receivedAt: Date;
}

/** What each channel the console applies carries, once checked. */
export interface MessageOf {
  presence: PresenceMessage;
  inventory: InventoryMessage;
  state: StateMessage;
  report: ReportMessage;
  ack: AckMessage;
}

/** A channel whose messages the console applies. */
export type AppliedChannel = keyof MessageOf;

/** A received message that passed its channel's schema. */
export type CheckedMessage = { [C in AppliedChannel]: { channel: C; data: MessageOf[C] } }[AppliedChannel];

/** queue → drain: a checked message of a known gateway, waiting to be applied. */
export interface Checked {
  gateway: LinkedGateway;
  message: CheckedMessage;
  receivedAt: Date;
}

/**
 * drain → store: what a round left once each message was applied by its channel: the reports to store (by
 * gateway, in the order received), the counted reports to apply together first, and the device changes and
 * live events to announce once stored.
 */
export interface Round {
  kept: Map<string, GatewayReports>;
  counted: CountedReportOf[];
  changed: Map<number, Set<number>>;
  events: LiveEvent[];
}

/** An empty round. */
export function newRound(): Round {
  return { kept: new Map(), counted: [], changed: new Map(), events: [] };
}

/** Adds a report to what the round stores for its gateway. */
export function keepReport(round: Round, gateway: LinkedGateway, report: ReportMessage): void {
  const entry = round.kept.get(gateway.sn) ?? { gateway, reports: [] };
  entry.reports.push(report);
  round.kept.set(gateway.sn, entry);
}

/** Notes devices of a network whose state changed in the round (one `devices` event per network). */
export function noteChanged(round: Round, nid: number, ids: Iterable<number>): void {
  const set = round.changed.get(nid) ?? new Set<number>();
  for (const id of ids) set.add(id);
  round.changed.set(nid, set);
}
