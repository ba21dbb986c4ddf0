// The steps of `npm start` and their times, printed on a first start (what a newcomer waits for).

/**
 * Runs `work` and, when it resolves with true (it did something: built, created), records its time under
 * `name` in `phases`. Resolves with what `work` resolved with.
 */
export async function timePhase(phases, name, work) {
  const started = performance.now();
  const did = await work();
  if (did) phases[name] = Math.round(performance.now() - started);
  return did;
}

/** `name 1.2 s, name 0.3 s` of a record of milliseconds by step, in its order; `nothing to do` when empty. */
export function formatPhases(phases) {
  const entries = Object.entries(phases);
  if (entries.length === 0) return 'nothing to do';
  return entries.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', ');
}
