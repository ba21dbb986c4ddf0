import { yieldToEventLoop } from '../../lib/time-slices.ts';
import type { Received } from './contracts.ts';

/*
 * Stage 2, queue: received messages wait here, off the MQTT acknowledgement path, and are taken in rounds.
 * Each round is checked (`check`), then applied (`apply`) once the round before it is done.
 */

/**
 * Most messages taken in one round: reports of every gateway in a round are stored together (a few
 * statements per round and per transaction of readings), so a queue that grew under load is taken in
 * larger rounds and the fixed cost of a round is shared by more messages.
 */
const BATCH_SIZE = 5000;

/** The two steps of a round: `check` (null drops the round) and `apply`. */
export interface RoundSteps<T> {
  check(batch: Received[]): Promise<T | null>;
  apply(checked: T): Promise<void>;
}

/** The queue of one link. */
export interface MessageQueue {
  push(message: Received): void;
  /** Resolves when every message pushed so far has been applied (until closed). */
  drain(): Promise<void>;
  /** Takes no more rounds. */
  close(): void;
}

/** A queue that drains itself in rounds through `steps`, starting a turn of the event loop after a push. */
export function createQueue<T>(steps: RoundSteps<T>): MessageQueue {
  const queue: Received[] = [];
  let draining: Promise<void> | null = null;
  let closed = false;

  function schedule(): void {
    if (draining || closed) return;
    draining = yieldToEventLoop()
      .then(drainLoop)
      .finally(() => {
        draining = null;
        if (queue.length > 0) schedule();
      });
  }

  /**
   * Rounds overlap by one step: while a round's reports are being stored, the next round is taken from the
   * queue, its gateways looked up and its messages checked against their schemas (the console's share of the
   * work), so the database is not left waiting for it. Everything a round changes, stores and announces
   * happens after the round before it is done, in the order the rounds were taken.
   */
  async function drainLoop(): Promise<void> {
    let applying: Promise<void> = Promise.resolve();
    while (queue.length > 0) {
      const checked = await steps.check(queue.splice(0, BATCH_SIZE));
      await applying;
      applying = checked ? steps.apply(checked) : Promise.resolve();
    }
    await applying;
  }

  return {
    push(message) {
      queue.push(message);
      schedule();
    },
    async drain() {
      while (draining || (queue.length > 0 && !closed)) {
        if (!draining) schedule();
        await draining;
      }
    },
    close() {
      closed = true;
    },
  };
}
