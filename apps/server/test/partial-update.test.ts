import { type CallName, calls } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

import { cases, data as dataOf, rowOf } from './support/partial-cases.ts';

const data = <T>(name: CallName, payload: Record<string, unknown>, session: Session) =>
  dataOf<T>(t, name, payload, session);

const omit = (row: object, keys: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));

describeApi('partial updates', () => {
  it('walks every update call of the contract', () => {
    const updateCalls = Object.keys(calls).filter((name) => /update$/i.test(name));
    expect(Object.keys(cases).sort()).toEqual(updateCalls.sort());
  });

  it.each(Object.keys(cases))('%s keeps the stored values of the fields it was not given', async (name) => {
    const team = await networkTeam(t);
    const partial = await cases[name]!(t, team);
    const before = await partial.stored();
    const reply = await call(t.app, name as CallName, partial.payload, partial.session);
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(0);
    const after = await partial.stored();
    const unchanged = (row: object) =>
      Array.isArray(row) ? row.map((item: object) => omit(item, ['name', 'updatedAt'])) : omit(row, partial.changes);
    expect(unchanged(after)).toEqual(unchanged(before));
  });

  it('networkLocationUpdate takes latitude and longitude both or neither: one alone is 1001 and changes nothing', async () => {
    const { owner, network } = await networkTeam(t);
    const located = { latitude: 52.52, longitude: 13.405, timeZone: 'Europe/Berlin' };
    await data('networkLocationUpdate', { nid: network.id, ...located }, owner.session);
    const before = await rowOf.network(t.db, network.id);
    for (const alone of [
      { latitude: 48.1 },
      { longitude: 11.5, timeZone: 'Europe/Vienna' },
      { latitude: 48.1, longitude: null },
      { latitude: null, timeZone: 'UTC' },
    ]) {
      const reply = await call(t.app, 'networkLocationUpdate', { nid: network.id, ...alone }, owner.session);
      expect(reply.body.code, JSON.stringify(alone)).toBe(1001);
    }
    expect(await rowOf.network(t.db, network.id)).toEqual(before);
    // Neither: the time zone alone keeps the place; both null clear it.
    expect(await data('networkLocationUpdate', { nid: network.id, timeZone: 'Europe/Berlin' }, owner.session)).toEqual(
      located,
    );
    const cleared = { nid: network.id, latitude: null, longitude: null };
    expect(await data('networkLocationUpdate', cleared, owner.session)).toEqual({
      latitude: null,
      longitude: null,
      timeZone: 'Europe/Berlin',
    });
  });
});
