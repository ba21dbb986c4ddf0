// npm run drill:backup-restore: backup → change → restore of a network of BENCH_DEVICES (2,000) luminaires in
// zones of 20, groups, scenes and schedules, in this process (buildApp on PGlite in memory, or a scratch
// database on BENCH_DATABASE_URL, dropped at the end). The network's configuration tables, dumped as sorted
// rows without the columns that are not configuration (test/support/backup-world.ts), must be the same after
// the restore as when the backup was taken, and again after a second restore. Prints the times and the
// answer on one line; exits 1 when not identical.
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { backups, networks, networkUsers, users } from '../../apps/server/src/db/schema.ts';
import { createDefaultProject } from '../../apps/server/src/services/create-default-project.ts';
import { restoreBackup } from '../../apps/server/src/services/restore-backup.ts';
import { takeBackup } from '../../apps/server/src/services/take-backup.ts';
import {
  changeBackupNetwork,
  dumpDifferences,
  dumpNetworkConfiguration,
  seedBackupNetwork,
} from '../../apps/server/test/support/backup-world.ts';
import { adminQuery, withDatabase } from '../src/scratch-database.ts';

const count = Number(process.env.BENCH_DEVICES ?? 2000);
const serverUrl = process.env.BENCH_DATABASE_URL;
const scratch = `lw_drill_backup_${process.pid}`;
if (serverUrl) await adminQuery(serverUrl, `CREATE DATABASE ${scratch}`);
const database = await openDatabase({ url: serverUrl && withDatabase(serverUrl, scratch), dataDir: 'memory://' });
const app = await buildApp({
  config: loadConfig({
    LOG_LEVEL: 'silent',
    DEMO: 'false',
    SIGNING_SECRET: 'drill-signing-secret-0123456789',
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
  }),
  database,
});
const db = database.db;

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, Math.round(performance.now() - started)];
};
const say = (line: string) => process.stdout.write(`${line}\n`);

let identical = false;
try {
  const [user] = await db
    .insert(users)
    .values({ email: 'drill@example.com', name: 'Drill', passwordHash: 'x' })
    .returning();
  const pid = await createDefaultProject(db, user!.id, user!.language);
  const [network] = await db.insert(networks).values({ pid, name: 'Drill network', createdBy: user!.id }).returning();
  const nid = network!.id;
  await db.insert(networkUsers).values({ nid, uid: user!.id, userType: 2 });
  const [, seedMs] = await timed(() => seedBackupNetwork(db, nid, count, user!.id));
  say(`seeded ${count} devices in ${seedMs} ms (${database.kind})`);
  const original = await dumpNetworkConfiguration(db, nid);
  const rows = Object.values(original).reduce((sum, part) => sum + part.length, 0);
  const [summary, backupMs] = await timed(() => takeBackup(app.ctx, user!.id, nid, 'Drill'));
  say(`backup ${summary.id} taken in ${backupMs} ms (${rows} configuration rows)`);
  const [, changeMs] = await timed(() => changeBackupNetwork(db, nid, user!.id));
  const changed = dumpDifferences(original, await dumpNetworkConfiguration(db, nid));
  say(`changed in ${changeMs} ms: ${changed.join(', ')}`);
  const [row] = await db.select().from(backups).where(eq(backups.id, summary.id));
  const [first, restoreMs] = await timed(() => restoreBackup(app.ctx, user!.id, row!));
  const afterFirst = await dumpNetworkConfiguration(db, nid);
  const firstDiff = dumpDifferences(original, afterFirst);
  say(`restored in ${restoreMs} ms, skipped ${first.skipped.length}; differences: ${firstDiff.join(', ') || 'none'}`);
  const [, againMs] = await timed(() => restoreBackup(app.ctx, user!.id, row!));
  const secondDiff = dumpDifferences(afterFirst, await dumpNetworkConfiguration(db, nid));
  say(`restored again in ${againMs} ms; differences from the first restore: ${secondDiff.join(', ') || 'none'}`);
  identical = firstDiff.length === 0 && secondDiff.length === 0 && first.skipped.length === 0;
  say(
    `backup-restore ${database.kind}, ${count} devices (${rows} rows): backup ${backupMs} ms, restore ${restoreMs} ms, restore again ${againMs} ms; identical: ${identical ? 'yes' : 'no'}`,
  );
} finally {
  await app.close();
  await database.close();
  if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
}
process.exit(identical ? 0 : 1);
