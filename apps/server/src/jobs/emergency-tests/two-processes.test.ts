import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, createPgDatabase, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { describeDeployment } from '../../../test/mqtt/mosquitto.ts';
import { devices, emergencyTestRecords, outbox, projectRecipients } from '../../db/schema.ts';
import { buildFault, buildFittings, buildZone } from '../../routes/emergency/test-fittings.ts';
import { sweepEmergencyFaults } from '../../services/emergency/fault-mail.ts';
import { runEmergencyTests } from '../run-emergency-tests.ts';
import { londonNetwork, promptGateway, recordingStarter } from './test-job.ts';

const describeTwoProcesses = await describeDeployment();

describeTwoProcesses('the emergency self-test job with two server processes', () => {
  let drop: () => Promise<void>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const database = await createPgDatabase();
    drop = database.drop;
    a = await buildTestApp({}, { databaseUrl: database.url });
    b = await buildTestApp({}, { databaseUrl: database.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('starts each batch once and grades each window once, however the processes race', async () => {
    for (const app of [a, b]) app.clock.offsetMs = new Date('2026-03-20T12:00:00Z').getTime() - Date.now();
    const { owner, network } = await londonNetwork(a);
    const zone = await buildZone(a.db, network.id, 'Stairs');
    await buildFittings(a.db, network.id, zone.id, 4, { createdAt: new Date('2026-01-01T00:00:00Z') });
    await call(
      a.app,
      'emergencyScheduleAdd',
      { nid: network.id, name: 'Monthly', testKind: 'function', day: 3, minuteOfDay: 600 },
      owner.session,
    );
    const { asked, start } = recordingStarter();
    for (const app of [a, b]) app.clock.offsetMs = new Date('2026-04-03T09:00:30Z').getTime() - Date.now();
    await Promise.all([runEmergencyTests(a.app.ctx, start), runEmergencyTests(b.app.ctx, start)]);
    await Promise.all([runEmergencyTests(a.app.ctx, start), runEmergencyTests(b.app.ctx, start)]);
    expect(asked).toHaveLength(1);
    for (const app of [a, b]) app.clock.offsetMs = new Date('2026-04-30T23:05:00Z').getTime() - Date.now();
    await Promise.all([runEmergencyTests(a.app.ctx, start), runEmergencyTests(b.app.ctx, start)]);
    const missed = await a.db.select().from(emergencyTestRecords).where(eq(emergencyTestRecords.nid, network.id));
    expect(missed).toHaveLength(4);
  });

  it('tries a fitting that is back once, however the processes race', async () => {
    for (const app of [a, b]) app.clock.offsetMs = new Date('2026-09-20T12:00:00Z').getTime() - Date.now();
    const { owner, network } = await londonNetwork(a);
    const zone = await buildZone(a.db, network.id, 'Stairs');
    const [away] = await buildFittings(a.db, network.id, zone.id, 1, { createdAt: new Date('2026-01-01T00:00:00Z') });
    await a.db.update(devices).set({ online: false }).where(eq(devices.id, away!.id));
    await call(
      a.app,
      'emergencyScheduleAdd',
      { nid: network.id, name: 'Monthly', testKind: 'function', day: 3, minuteOfDay: 600 },
      owner.session,
    );
    const gateway = await promptGateway(a, network.id);
    const both = async (iso: string) => {
      for (const app of [a, b]) app.clock.offsetMs = new Date(iso).getTime() - Date.now();
      await Promise.all([runEmergencyTests(a.app.ctx, gateway.start), runEmergencyTests(b.app.ctx, gateway.start)]);
    };
    await both('2026-10-03T09:00:30Z');
    await a.db.update(devices).set({ online: true }).where(eq(devices.id, away!.id));
    await both('2026-10-04T09:00:00Z');
    await both('2026-10-04T09:01:00Z');
    // Nothing reached it at the window's start (the batch was refused: no fitting online); one try since.
    expect(gateway.sent.map((r) => r.target)).toEqual([{ kind: 'fittings', ids: [away!.id] }]);
  });

  it('sends a fault e-mail once per recipient when both processes sweep at the same time', async () => {
    const { owner, network } = await networkTeam(a);
    const zone = await buildZone(a.db, network.id, 'Stairs');
    const [fitting] = await buildFittings(a.db, network.id, zone.id, 1);
    const email = `both-${network.id}@example.com`;
    await a.db.insert(projectRecipients).values({
      pid: owner.pid,
      email,
      language: 0,
      kinds: ['emergencyFault'],
      tokenHash: `both-${network.id}`,
      linkExpiresAt: new Date(Date.now() + 86_400_000),
      activatedAt: new Date(),
    });
    for (const app of [a, b]) app.clock.offsetMs = 0;
    await buildFault(a.db, network.id, owner.pid, fitting!.id, 8, new Date());
    await Promise.all([sweepEmergencyFaults(a.app.ctx), sweepEmergencyFaults(b.app.ctx)]);
    await Promise.all([sweepEmergencyFaults(a.app.ctx), sweepEmergencyFaults(b.app.ctx)]);
    expect(await a.db.select().from(outbox).where(eq(outbox.toAddress, email))).toHaveLength(1);
  });
});
