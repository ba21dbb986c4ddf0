import {
  AckMessageSchema,
  type GatewayChannelName,
  InventoryMessageSchema,
  PresenceMessageSchema,
  ReportMessageSchema,
  StateMessageSchema,
} from '@lightwell/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gateways } from '../../db/schema.ts';
import { timeSlices } from '../../lib/time-slices.ts';
import type { AckEvent, Applied, LinkedGateway, ManualEvent } from '../../link-types.ts';
import { applyInventory } from '../channels/inventory.ts';
import { applyPresence } from '../channels/presence.ts';
import { applySingleReport, routeReport } from '../channels/reports.ts';
import { applyState } from '../channels/state.ts';
import {
  type AppliedChannel,
  type Checked,
  type CheckedMessage,
  keepReport,
  type MessageOf,
  newRound,
  noteChanged,
  type Received,
  type Round,
  type StageContext,
} from './contracts.ts';

/*
 * Stage 3, drain: a round taken from the queue is checked (its gateways looked up, each message parsed and
 * checked against its channel's schema), then each message is applied by its channel, in the order received.
 * Reports are sorted on their way (`routeReport`) into the round that the store stage takes.
 */

/** The schema each applied channel's messages must pass. */
const SCHEMAS: {
  [C in AppliedChannel]: { safeParse(body: unknown): { success: true; data: MessageOf[C] } | { success: false } };
} = {
  presence: PresenceMessageSchema,
  inventory: InventoryMessageSchema,
  state: StateMessageSchema,
  report: ReportMessageSchema,
  ack: AckMessageSchema,
};

/** A message checked against its channel's schema: null when refused, undefined on a channel the console ignores. */
function checkMessage(channel: GatewayChannelName, body: unknown): CheckedMessage | null | undefined {
  if (!Object.hasOwn(SCHEMAS, channel)) return undefined;
  const result = SCHEMAS[channel as AppliedChannel].safeParse(body);
  return result.success ? ({ channel, data: result.data } as CheckedMessage) : null;
}

/** Gateways by sn (one query for a batch of messages). */
async function findGateways(db: Db, sns: string[]): Promise<Map<string, LinkedGateway>> {
  if (sns.length === 0) return new Map();
  const rows = await db
    .select({ id: gateways.id, nid: gateways.nid, sn: gateways.sn })
    .from(gateways)
    .where(inArray(gateways.sn, sns));
  return new Map(rows.map((row) => [row.sn, row]));
}

/** A round's messages that passed their schema, with their gateways; null when the lookup failed. */
export async function checkRound({ db, log }: StageContext, batch: Received[]): Promise<Checked[] | null> {
  let found: Map<string, LinkedGateway>;
  try {
    found = await findGateways(db, [...new Set(batch.map((m) => m.sn))]);
  } catch (error) {
    log.error({ err: error }, 'gateway lookup failed; messages dropped');
    return null;
  }
  const checked: Checked[] = [];
  const pause = timeSlices();
  for (const message of batch) {
    await pause();
    const gateway = found.get(message.sn);
    if (!gateway) continue;
    let body: unknown;
    try {
      body = JSON.parse(message.payload.toString('utf8'));
    } catch {
      log.warn({ sn: message.sn, channel: message.channel }, 'gateway message is not JSON');
      continue;
    }
    const parsed = checkMessage(message.channel, body);
    if (parsed) checked.push({ gateway, message: parsed, receivedAt: message.receivedAt });
    else if (parsed === null) {
      log.warn({ sn: message.sn, channel: message.channel }, 'gateway message refused by its schema');
    }
  }
  return checked;
}

/** What the drain stage hands on besides the round: acknowledgements, presses, inventory requests. */
export interface DrainHooks {
  /** Runs the ack handlers (a failing one is logged). */
  ack(event: AckEvent): Promise<void>;
  /** Runs the manual-switching handlers (a failing one is logged). */
  manual(event: ManualEvent): Promise<void>;
  /** Asks a gateway for its full inventory. */
  requestInventory(gateway: LinkedGateway, why: string): void;
}

/** Applies each checked message by its channel; answers the round to store and announce. */
export async function drainRound(ctx: StageContext, batch: Checked[], hooks: DrainHooks): Promise<Round> {
  const round = newRound();
  const pause = timeSlices();
  for (const { gateway, message, receivedAt } of batch) {
    await pause();
    try {
      const applied = await applyMessage(ctx.db, round, gateway, message, receivedAt, hooks);
      if (applied?.devices) noteChanged(round, applied.devices.nid, applied.devices.ids);
      if (applied?.events) round.events.push(...applied.events);
      if (applied?.requestInventory) hooks.requestInventory(gateway, 'gap in the state sequence');
      if (applied?.manual) await hooks.manual(applied.manual);
    } catch (error) {
      ctx.log.error({ err: error, sn: gateway.sn, channel: message.channel }, 'gateway message not applied');
    }
  }
  return round;
}

/** One message by its channel; a report is routed (`routeReport`) and kept in the round to be stored. */
async function applyMessage(
  db: Db,
  round: Round,
  gateway: LinkedGateway,
  message: CheckedMessage,
  now: Date,
  hooks: DrainHooks,
): Promise<Applied | undefined> {
  switch (message.channel) {
    case 'presence':
      return applyPresence(db, gateway, message.data, now);
    case 'inventory':
      return applyInventory(db, gateway, message.data, now);
    case 'state':
      return applyState(db, gateway, message.data, now);
    case 'report': {
      const routed = routeReport(message.data, now);
      // Consumption and triggers: applied with the round's others in the store stage, then kept with them.
      if (routed.route === 'count') {
        round.counted.push({ gateway, report: routed.report });
        return undefined;
      }
      // Straight to telemetry; or applied to what it changes first, and kept once applied.
      const applied = routed.route === 'apply' ? await applySingleReport(db, gateway, routed.report, now) : undefined;
      keepReport(round, gateway, message.data);
      return applied;
    }
    case 'ack':
      await hooks.ack({ gateway, message: message.data, receivedAt: now });
      return undefined;
  }
}
