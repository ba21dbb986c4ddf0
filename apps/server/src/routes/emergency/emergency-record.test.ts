import { Code } from '@lightwell/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildNetwork, buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import {
  emergencyFaultEntries,
  emergencyFaults,
  emergencyModeChanges,
  emergencyTestRecords,
  networks,
} from '../../db/schema.ts';
import { purgeRecycleBin } from '../../jobs/purge-recycle-bin.ts';
import { buildFault, buildFittings, buildRecord, buildZone } from './test-fittings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function recorded(options: { alone?: boolean } = {}) {
  const full = await networkTeam(t);
  const team = options.alone
    ? {
        ...full,
        network: await buildNetwork(t.db, full.owner.pid, [{ uid: full.owner.user.id, userType: 2 }]),
      }
    : full;
  const zone = await buildZone(t.db, team.network.id, 'Stairs');
  const [fitting] = await buildFittings(t.db, team.network.id, zone.id, 1);
  const record = await buildRecord(t.db, team.network.id, {
    deviceId: fitting!.id,
    grade: 'failed',
    failureBits: 8,
    endedAt: new Date(),
  });
  const fault = await buildFault(t.db, team.network.id, team.owner.pid, fitting!.id, 8, new Date());
  const [mode] = await t.db
    .insert(emergencyModeChanges)
    .values({
      nid: team.network.id,
      deviceId: fitting!.id,
      fittingName: fitting!.name,
      at: new Date(),
      fromMode: 0,
      toMode: 5,
    })
    .returning();
  return { ...team, fitting: fitting!, record, fault, mode: mode! };
}

/** The database's answer to one statement: null when it ran, else its error message. */
async function refusal(statement: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await t.db.execute(statement);
    return null;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
}

describeApi('the emergency record is append-only', () => {
  it('refuses direct SQL UPDATE and DELETE of test records, faults, fault entries and mode changes', async () => {
    const { record, fault, mode } = await recorded();
    const statements = [
      sql`UPDATE emergency_test_records SET grade = 'passed' WHERE id = ${record.id}`,
      sql`DELETE FROM emergency_test_records WHERE id = ${record.id}`,
      sql`UPDATE emergency_faults SET failure_bits = 0 WHERE id = ${fault.id}`,
      sql`DELETE FROM emergency_faults WHERE id = ${fault.id}`,
      sql`UPDATE emergency_fault_entries SET remark = 'changed' WHERE fault_id = ${fault.id}`,
      sql`DELETE FROM emergency_fault_entries WHERE fault_id = ${fault.id}`,
      sql`UPDATE emergency_mode_changes SET to_mode = 0 WHERE id = ${mode.id}`,
      sql`DELETE FROM emergency_mode_changes WHERE id = ${mode.id}`,
    ];
    for (const statement of statements) expect(await refusal(statement)).toMatch(/append-only/);
    const [still] = await t.db.select().from(emergencyTestRecords).where(eq(emergencyTestRecords.id, record.id));
    expect(still).toEqual(record);
  });

  it('lets a test record go only once it is past the 5-year retention', async () => {
    const { network, fitting } = await recorded();
    const DAY = 86_400_000;
    const fiveYears = 5 * 365.25 * DAY;
    const young = await buildRecord(t.db, network.id, {
      deviceId: fitting.id,
      grade: 'passed',
      endedAt: new Date(Date.now() - fiveYears + 2 * DAY),
    });
    const old = await buildRecord(t.db, network.id, {
      deviceId: fitting.id,
      grade: 'passed',
      endedAt: new Date(Date.now() - fiveYears - 2 * DAY),
    });
    expect(await refusal(sql`DELETE FROM emergency_test_records WHERE id = ${young.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`UPDATE emergency_test_records SET remark = 'x' WHERE id = ${old.id}`)).toMatch(
      /append-only/,
    );
    expect(await refusal(sql`DELETE FROM emergency_test_records WHERE id = ${old.id}`)).toBeNull();
    const left = await t.db
      .select({ id: emergencyTestRecords.id })
      .from(emergencyTestRecords)
      .where(eq(emergencyTestRecords.deviceId, fitting.id));
    expect(left.map((row) => row.id)).toContain(young.id);
    expect(left.map((row) => row.id)).not.toContain(old.id);
  });

  it('changes no stored record through any call: corrections and workflow steps are new rows', async () => {
    const { owner, network, record, fault } = await recorded();
    const before = {
      records: await t.db.select().from(emergencyTestRecords).where(eq(emergencyTestRecords.nid, network.id)),
      faults: await t.db.select().from(emergencyFaults).where(eq(emergencyFaults.nid, network.id)),
      entries: await t.db.select().from(emergencyFaultEntries).where(eq(emergencyFaultEntries.faultId, fault.id)),
    };
    await call(t.app, 'emergencyTestCorrect', { recordId: record.id, remark: 'wrong lamp noted' }, owner.session);
    const step = { faultId: fault.id, at: 1_800_000_000, person: 'Tech', remark: 'r' };
    await call(t.app, 'emergencyFaultStep', { ...step, step: 'safeguard' }, owner.session);
    await call(t.app, 'emergencyFaultStep', { ...step, step: 'rectify' }, owner.session);
    await call(t.app, 'emergencyFaultConfirm', { faultId: fault.id }, owner.session);
    await call(t.app, 'emergencyFaultConfirmUpdate', { faultId: fault.id, confirmed: false }, owner.session);
    await call(t.app, 'emergencyFaultStep', { ...step, step: 'verify' }, owner.session);
    const after = {
      records: await t.db.select().from(emergencyTestRecords).where(eq(emergencyTestRecords.nid, network.id)),
      faults: await t.db.select().from(emergencyFaults).where(eq(emergencyFaults.nid, network.id)),
      entries: await t.db.select().from(emergencyFaultEntries).where(eq(emergencyFaultEntries.faultId, fault.id)),
    };
    for (const key of ['records', 'faults', 'entries'] as const) {
      // Every row stored before is still there, unchanged; only new rows were added.
      expect(after[key].slice(0, before[key].length)).toEqual(before[key]);
    }
    expect(after.records).toHaveLength(2);
    expect(after.entries.map((e) => e.kind)).toEqual([
      'opened',
      'safeguard',
      'rectify',
      'confirm',
      'confirmUpdate',
      'verify',
      'retestBooked',
    ]);
  });

  it('keeps the record after the network is deleted and purged from the recycle bin 30 days later', async () => {
    const { owner, network, record, fault } = await recorded({ alone: true });
    expect((await call(t.app, 'networkDelete', { nid: network.id }, owner.session)).body.code).toBe(0);
    t.clock.advance(31 * 86_400);
    await purgeRecycleBin(t.app.ctx);
    expect(await t.db.select().from(networks).where(eq(networks.id, network.id))).toEqual([]);
    const [kept] = await t.db.select().from(emergencyTestRecords).where(eq(emergencyTestRecords.id, record.id));
    expect(kept).toMatchObject({
      id: record.id,
      grade: 'failed',
      networkName: record.networkName,
      fittingName: record.fittingName,
    });
    const [keptFault] = await t.db.select().from(emergencyFaults).where(eq(emergencyFaults.id, fault.id));
    expect(keptFault).toMatchObject({ id: fault.id, failureBits: 8 });
    // Nobody reads a purged network's record through the calls (the month-old session is gone too).
    expect((await call(t.app, 'emergencyTestLog', { nid: network.id }, owner.session)).body.code).not.toBe(Code.ok);
    t.clock.offsetMs = 0;
  });
});
