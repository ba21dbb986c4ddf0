import { describe, expect, it } from 'vitest';
import { formatPhases, timePhase } from './lib/start-phases.mjs';

describe('the start phases', () => {
  it('records a step that did something and leaves out one that did not', async () => {
    const phases = {};
    expect(await timePhase(phases, 'web app build', async () => true)).toBe(true);
    expect(await timePhase(phases, 'server bundle', async () => false)).toBe(false);
    expect(Object.keys(phases)).toEqual(['web app build']);
    expect(phases['web app build']).toBeGreaterThanOrEqual(0);
  });

  it('prints the steps in their order, in seconds', () => {
    expect(formatPhases({ 'web app build': 21_340, migrations: 2_060 })).toBe('web app build 21.3 s, migrations 2.1 s');
    expect(formatPhases({})).toBe('nothing to do');
  });
});
