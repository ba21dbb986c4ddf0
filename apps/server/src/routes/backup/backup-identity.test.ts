import type { BackupSummary } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import {
  changeBackupNetwork,
  dumpDifferences,
  dumpNetworkConfiguration,
  seedBackupNetwork,
} from '../../../test/support/backup-world.ts';

describeApi('a backup of a furnished network, changed and restored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('gives back exactly the configuration it was taken of, and restoring twice is the same', async () => {
    const { owner, network } = await networkTeam(t);
    const nid = network.id;
    await seedBackupNetwork(t.db, nid, 100, owner.user.id);
    const original = await dumpNetworkConfiguration(t.db, nid);
    const backup = (await call(t.app, 'backupAdd', { nid, name: 'Furnished' }, owner.session)).body
      .data as BackupSummary;

    await changeBackupNetwork(t.db, nid, owner.user.id);
    const changed = await dumpNetworkConfiguration(t.db, nid);
    expect(dumpDifferences(original, changed)).toHaveLength(9);

    expect((await call(t.app, 'backupRestore', { backupId: backup.id }, owner.session)).body).toEqual({
      code: 0,
      data: { skipped: [] },
    });
    const restored = await dumpNetworkConfiguration(t.db, nid);
    expect(dumpDifferences(original, restored)).toEqual([]);
    expect(restored).toEqual(original);

    expect((await call(t.app, 'backupRestore', { backupId: backup.id }, owner.session)).body.code).toBe(0);
    expect(await dumpNetworkConfiguration(t.db, nid)).toEqual(restored);
  });
});
