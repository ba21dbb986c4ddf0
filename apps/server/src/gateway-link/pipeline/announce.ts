import type { LiveEvent } from '@lightwell/domain';
import type { LiveHub } from '../../link-types.ts';
import { loadDeviceStates } from '../device-states.ts';
import type { Round, StageContext } from './contracts.ts';

/*
 * After the store stage: a round's live events go to browsers, its device changes coalesced into one
 * `devices` event per network.
 */

/** Publishes a stored round's live events; a failure is logged or dropped, never thrown. */
export async function announceRound({ db, log, now }: StageContext, round: Round, live: LiveHub): Promise<void> {
  const events: LiveEvent[] = round.events;
  for (const [nid, ids] of round.changed) {
    try {
      const states = await loadDeviceStates(db, nid, [...ids], now());
      if (states.length > 0) events.push({ type: 'devices', nid, devices: states });
    } catch (error) {
      log.error({ err: error }, 'device states not loaded');
    }
  }
  await Promise.all(events.map((event) => live.publish(event).catch(() => undefined)));
}
