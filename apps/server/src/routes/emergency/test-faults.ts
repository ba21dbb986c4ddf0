import type { ReportMessage } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { networkTeam, type TestApp } from '../../../test/helpers.ts';
import { devices, emergencyFaults, gateways as gatewayRows, outbox, projectRecipients } from '../../db/schema.ts';
import { hashGatewaySecret } from '../../gateway-link/credentials.ts';
import { applyReport } from '../../gateway-link/ingest.ts';
import { buildFault, buildFittings, buildZone } from './test-fittings.ts';

/** A network team with zone "Stairs", two fittings and an open fault of the first (test factory). */
export async function withFault(t: TestApp, bits = 8) {
  const team = await networkTeam(t);
  const zone = await buildZone(t.db, team.network.id, 'Stairs');
  const fittings = await buildFittings(t.db, team.network.id, zone.id, 2);
  const fault = await buildFault(t.db, team.network.id, team.owner.pid, fittings[0]!.id, bits, t.clock.now());
  return { ...team, zone, fittings, fault };
}

/** A network team with zone "Stairs" and two fittings without faults (test factory). */
export async function withoutFault(t: TestApp) {
  const team = await networkTeam(t);
  const zone = await buildZone(t.db, team.network.id, 'Stairs');
  return { ...team, fittings: await buildFittings(t.db, team.network.id, zone.id, 2) };
}

/**
 * A fitting on a gateway of a new network whose project has one active `emergencyFault` recipient, and
 * `report`, which applies an emergency report of the fitting stamped now, as the gateway link does.
 */
export async function reportingFitting(t: TestApp) {
  const team = await networkTeam(t);
  const nid = team.network.id;
  const sn = `gw-fault-${nid}`;
  const [gateway] = await t.db
    .insert(gatewayRows)
    .values({ nid, sn, name: sn, secretHash: hashGatewaySecret('x'), gatewayType: 3, status: 2, meshStatus: 1 })
    .returning();
  const zone = await buildZone(t.db, nid, 'Stairs');
  const [fitting] = await buildFittings(t.db, nid, zone.id, 1);
  await t.db.update(devices).set({ gatewayId: gateway!.id }).where(eq(devices.id, fitting!.id));
  const email = `fault-${nid}@example.com`;
  await t.db.insert(projectRecipients).values({
    pid: team.owner.pid,
    email,
    language: 0,
    kinds: ['emergencyFault'],
    tokenHash: `f${nid}`,
    linkExpiresAt: new Date(t.clock.now().getTime() + 30 * 86_400_000),
    activatedAt: t.clock.now(),
  });
  let seq = 0;
  const report = async (faultBits: number) => {
    seq += 1;
    const at = Math.floor(t.clock.now().getTime() / 1000);
    const message: ReportMessage = { kind: 'emergency', seq, mac: fitting!.mac, at, mode: 0, faultBits };
    await applyReport(t.db, { id: gateway!.id, nid, sn }, message, t.clock.now());
    return at;
  };
  const faults = () => t.db.select().from(emergencyFaults).where(eq(emergencyFaults.deviceId, fitting!.id));
  const mails = () =>
    t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.template, 'emergencyFault')));
  return { ...team, fitting: fitting!, email, report, faults, mails };
}
