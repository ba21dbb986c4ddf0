import { gatewayTopic } from '@lightwell/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { ServerKeys } from '../lib/server-keys.ts';
import type { AckHandler, GatewayLink, LiveHub, ManualHandler } from '../link-types.ts';
import { connectToBroker } from './connection.ts';
import { announceRound } from './pipeline/announce.ts';
import { createConfirmer } from './pipeline/confirm.ts';
import type { Checked, StageContext } from './pipeline/contracts.ts';
import { checkRound, drainRound } from './pipeline/drain.ts';
import { createQueue } from './pipeline/queue.ts';
import { receive } from './pipeline/receive.ts';
import { storeRound } from './pipeline/store.ts';

/*
 * The gateway link of one server process, drawn in docs/server-pipeline.md: the broker connection
 * (connection.ts) feeds the report pipeline, receive → queue → drain → store → confirm (pipeline/), whose
 * drain stage applies each message by its channel (channels/).
 */

export interface LinkOptions {
  config: Config;
  db: Db;
  /** Keys derived from the server-only secret (the console's broker password). */
  keys: ServerKeys;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** The link and the live hub of one server process, sharing one MQTT connection. */
export interface LinkBundle {
  link: GatewayLink;
  live: LiveHub;
}

/** Runs each handler in turn; a failing one is logged and does not stop the others. */
async function handOn<E>(
  log: FastifyBaseLogger,
  handlers: Set<(event: E) => Promise<void> | void>,
  event: E,
  failure: string,
): Promise<void> {
  for (const handler of handlers) {
    try {
      await handler(event);
    } catch (error) {
      log.error({ err: error }, failure);
    }
  }
}

/**
 * Connects this server process to the gateways: starts the embedded broker unless `MQTT_URL` is set,
 * connects the console's MQTT client, subscribes to what gateways send and to live updates, and applies
 * received messages in rounds off the MQTT acknowledgement path.
 */
export async function createGatewayLink(options: LinkOptions): Promise<LinkBundle> {
  const stage: StageContext = { db: options.db, log: options.log, now: options.now };
  const { log } = options;
  const ackHandlers = new Set<AckHandler>();
  const manualHandlers = new Set<ManualHandler>();
  let closed = false;
  const queue = createQueue<Checked[]>({
    check: (batch) => checkRound(stage, batch),
    async apply(checked) {
      const round = await drainRound(stage, checked, {
        ack: (event) => handOn(log, ackHandlers, event, 'ack handler failed'),
        manual: (event) => handOn(log, manualHandlers, event, 'manual handler failed'),
        requestInventory: (gateway, why) => confirmer.requestInventory(gateway, why),
      });
      await storeRound(stage, round, (outcomes) => confirmer.confirm(outcomes));
      await announceRound(stage, round, connection.live);
    },
  });
  const connection = await connectToBroker(options, (topic, payload) => {
    const received = receive(topic, payload, options.now());
    if (received) queue.push(received);
  });
  const confirmer = createConfirmer(stage, (gatewaySn, message) =>
    connection.publish(gatewayTopic(gatewaySn, 'command'), JSON.stringify(message)),
  );

  const link: GatewayLink = {
    brokerUrl: connection.brokerUrl,
    get connected() {
      return !closed && connection.connected;
    },
    backlog: () => queue.backlog(),
    async publish(gatewaySn, channel, message) {
      await connection.publish(gatewayTopic(gatewaySn, channel), JSON.stringify(message));
    },
    onAck(handler) {
      ackHandlers.add(handler);
      return () => ackHandlers.delete(handler);
    },
    onManual(handler) {
      manualHandlers.add(handler);
      return () => manualHandlers.delete(handler);
    },
    revokeGateway: (gatewaySn) => connection.revoke(gatewaySn),
    announceUsersChanged: (uids) => connection.announceUsersChanged(uids),
    onUsersChanged: (handler) => connection.onUsersChanged(handler),
    drain: () => queue.drain(),
    async close() {
      if (closed) return;
      await queue.drain();
      closed = true;
      queue.close();
      confirmer.close();
      await connection.close();
    },
  };
  return { link, live: connection.live };
}
