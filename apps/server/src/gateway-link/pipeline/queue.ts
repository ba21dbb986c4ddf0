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

/** Messages received and not yet applied: waiting in the queue or in a round in hand. */
interface Backlog {
  messages: number;
  /** When the oldest of them was received; null when there is none. */
  oldestReceivedAt: Date | null;
}

/** The queue of one link. */
export interface MessageQueue {
  push(message: Received): void;
  /** What is received and not yet applied, read at once (metrics). */
  backlog(): Backlog;
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
  /** The first message of each round taken and not yet applied, with the round's size. */
  const inHand = new Map<Received, number>();

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
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, BATCH_SIZE);
        const first = batch[0]!;
        inHand.set(first, batch.length);
        const checked = await steps.check(batch);
        await applying;
        applying = (checked ? steps.apply(checked) : Promise.resolve()).finally(() => inHand.delete(first));
      }
      await applying;
    } finally {
      // A failed round ends the loop: what it held is no longer in hand.
      inHand.clear();
    }
  }

  return {
    push(message) {
      queue.push(message);
      schedule();
    },
    backlog() {
      let messages = queue.length;
      let oldest = queue[0]?.receivedAt ?? null;
      for (const [first, size] of inHand) {
        messages += size;
        if (oldest === null || first.receivedAt < oldest) oldest = first.receivedAt;
      }
      return { messages, oldestReceivedAt: oldest };
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
