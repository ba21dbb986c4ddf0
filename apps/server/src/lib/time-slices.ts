import { setImmediate as nextTurn } from 'node:timers/promises';

/** Gives timers and I/O a turn of the event loop before going on. */
export const yieldToEventLoop = (): Promise<void> => nextTurn();

/** Longest stretch of work between two turns of the event loop, by default. */
const SLICE_MS = 8;

/**
 * Long loops on the main thread (a round of gateway messages, the rows of a batch) give timers and I/O a turn
 * every `sliceMs` of work: `await pause()` between items yields only once the slice is used up, so a fast item
 * costs no turn and a slow round never holds the loop for long.
 */
export function timeSlices(sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
