// The isolation tests walk tables of cases, one per area (apps/server/test/isolation/): this test fails on a
// call that names a project, a network or something inside one (or an emergency call) and is in none of them.
import { calls } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { deviceCases } from './isolation/devices.ts';
import { emergencyCases, emergencyLinks } from './isolation/emergency.ts';
import { networkCases } from './isolation/networks.ts';
import { reportCases } from './isolation/reports.ts';
import { MISSING } from './isolation/walk.ts';
import { namesNetworkThing } from './support/scoped-calls.ts';

describe('the isolation tests', () => {
  it('walk every call naming a project, a network or something inside one, and every emergency call', () => {
    const areas = [networkCases, deviceCases, reportCases, emergencyCases];
    const covered = new Set<string>([
      ...areas.flatMap((cases) => cases(1, 1, MISSING)).map(([name]) => name),
      ...emergencyLinks.map(([name]) => name),
    ]);
    const scoped = Object.entries(calls)
      .filter(([, def]) => def.tag === 'emergency' || namesNetworkThing(def.payload))
      .map(([name]) => name);
    expect(scoped.filter((name) => !covered.has(name))).toEqual([]);
  });
});
