import { describe, expect, it } from 'vitest';
import type { Received } from './contracts.ts';
import { createQueue } from './queue.ts';

const message = (at: string): Received => ({
  sn: 'GW1',
  channel: 'report',
  payload: Buffer.from('{}'),
  receivedAt: new Date(at),
});

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
}

describe('the report queue’s backlog (ingest lag and depth for metrics)', () => {
  it('counts messages waiting and in the round in hand, dates the oldest, and is empty once applied', async () => {
    const applying = gate();
    const checking = gate();
    let rounds = 0;
    const queue = createQueue<Received[]>({
      async check(batch) {
        rounds += 1;
        if (rounds === 1) checking.open();
        return batch;
      },
      async apply() {
        await applying.opened;
      },
    });
    expect(queue.backlog()).toEqual({ messages: 0, oldestReceivedAt: null });
    queue.push(message('2026-03-02T00:00:00Z'));
    queue.push(message('2026-03-02T00:00:01Z'));
    expect(queue.backlog()).toEqual({ messages: 2, oldestReceivedAt: new Date('2026-03-02T00:00:00Z') });
    await checking.opened;
    // Both are in the round being applied now; a third waits for the next round.
    queue.push(message('2026-03-02T00:00:05Z'));
    expect(queue.backlog()).toEqual({ messages: 3, oldestReceivedAt: new Date('2026-03-02T00:00:00Z') });
    applying.open();
    await queue.drain();
    expect(queue.backlog()).toEqual({ messages: 0, oldestReceivedAt: null });
  });
});
