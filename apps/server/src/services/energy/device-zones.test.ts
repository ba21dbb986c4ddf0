import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildNetwork, buildTestApp, describeApi, memberWithProject, type TestApp } from '../../../test/helpers.ts';
import { devices, nodes, zones } from '../../db/schema.ts';
import { loadEnergyDevices } from './energy-hours.ts';

describeApi('the zone of each device, as the energy screens find it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the plan node showing the device or a virtual device bound to it, of its own network only', async () => {
    const { user, pid } = await memberWithProject(t);
    const network = await buildNetwork(t.db, pid, [{ uid: user.id, userType: 2 }]);
    const other = await buildNetwork(t.db, pid, [{ uid: user.id, userType: 2 }]);
    const [first, second, third] = await t.db
      .insert(zones)
      .values(['First', 'Second', 'Third'].map((name) => ({ nid: network.id, name, points: [] })))
      .returning();
    const [elsewhere] = await t.db.insert(zones).values({ nid: other.id, name: 'Elsewhere', points: [] }).returning();
    const device = (name: string, isVirtual = false) => ({
      nid: network.id,
      kind: 'luminaire',
      name,
      model: 'B',
      mac: `${name}-${network.id}`,
      isVirtual,
    });
    const [direct, viaVirtual, twice, foreign, unplaced] = await t.db
      .insert(devices)
      .values([device('direct'), device('via-virtual'), device('twice'), device('foreign'), device('unplaced')])
      .returning();
    const [virtual] = await t.db
      .insert(devices)
      .values({ ...device('via-virtual', true), boundId: viaVirtual!.id })
      .returning();
    await t.db.insert(nodes).values([
      { nid: network.id, name: 'N1', zoneId: second!.id, rid: direct!.id },
      { nid: network.id, name: 'N2', zoneId: first!.id, vid: virtual!.id },
      // A device two nodes show is in the zone of the lower id.
      { nid: network.id, name: 'N3', zoneId: third!.id, rid: twice!.id },
      { nid: network.id, name: 'N4', zoneId: second!.id, vid: twice!.id },
      // A node of another network naming the device does not place it.
      { nid: other.id, name: 'N5', zoneId: elsewhere!.id, rid: foreign!.id },
      // A node without a zone places nothing.
      { nid: network.id, name: 'N6', zoneId: null, rid: unplaced!.id },
    ]);
    const found = await loadEnergyDevices(t.db, [network.id, other.id]);
    expect(found.map((row) => [row.name, row.zoneId])).toEqual([
      ['direct', second!.id],
      ['via-virtual', first!.id],
      ['twice', Math.min(second!.id, third!.id)],
      ['foreign', null],
      ['unplaced', null],
    ]);
  });
});
