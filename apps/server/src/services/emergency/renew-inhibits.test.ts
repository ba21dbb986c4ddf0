import { ElementType } from '@lightwell/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { deviceElements, devices, emergencyFittings } from '../../db/schema.ts';
import { TestGateway } from '../../routes/control/test-gateway.ts';
import { renewInhibits } from './renew-inhibits.ts';

let t: TestApp;
const started: TestGateway[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await Promise.all(started.map((g) => g.close()));
  await t.close();
});

const MINUTE = 60_000;

describeApi('renewing inhibits', () => {
  it('sends INHIBIT again shortly before the 15-minute timer ends while the inhibit runs on, and only then', async () => {
    const { network } = await networkTeam(t);
    const gateway = await TestGateway.start(t.db, t.brokerUrl, network.id);
    started.push(gateway);
    const rows = await t.db
      .insert(devices)
      .values(
        [1, 2, 3].map((i) => ({
          nid: network.id,
          gatewayId: gateway.id,
          kind: 'emergency',
          name: `Exit ${i}`,
          model: 'LW-EM1',
          mac: `ED${String(network.id).padStart(6, '0')}000${i}`,
          address: 10 + i,
          online: true,
        })),
      )
      .returning();
    await t.db
      .insert(deviceElements)
      .values(rows.map((row) => ({ deviceId: row.id, index: 0, type: ElementType.emergencyOne })));
    const now = t.clock.now().getTime();
    const at = (minutes: number) => new Date(now + minutes * MINUTE);
    await t.db.insert(emergencyFittings).values([
      // Timer ends in 2 minutes, inhibit runs an hour: renewed.
      { deviceId: rows[0]!.id, nid: network.id, inhibitUntil: at(60), inhibitExpiresAt: at(2) },
      // Timer ends in 10 minutes: not yet.
      { deviceId: rows[1]!.id, nid: network.id, inhibitUntil: at(60), inhibitExpiresAt: at(10) },
      // The last timer covers the rest of the inhibit: not renewed.
      { deviceId: rows[2]!.id, nid: network.id, inhibitUntil: at(5), inhibitExpiresAt: at(4) },
    ]);

    expect(await renewInhibits(t.app.ctx)).toMatch(/^inhibits renewed on 1 fittings/);
    // The command reaches the gateway over MQTT.
    const commands = await vi.waitFor(
      () => {
        const sent = gateway.commands.filter((command) => command.action.op === 'emergency');
        if (sent.length === 0) throw new Error('no command yet');
        return sent;
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(commands).toHaveLength(1);
    expect(commands[0]!.targets.map((target) => target.mac)).toEqual([rows[0]!.mac]);
    expect(commands[0]!.action).toMatchObject({ op: 'emergency', command: 'inhibit' });
    const inhibitMinutes = (commands[0]!.action as { inhibitMinutes: number }).inhibitMinutes;
    expect(inhibitMinutes === 59 || inhibitMinutes === 60).toBe(true);
    const states = await t.db
      .select()
      .from(emergencyFittings)
      .where(
        inArray(
          emergencyFittings.deviceId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(emergencyFittings.deviceId);
    const renewedAt = states[0]!.inhibitRenewedAt!.getTime();
    expect(states[0]!.inhibitExpiresAt!.getTime()).toBe(renewedAt + 15 * MINUTE);
    expect(states[0]!.inhibitUntil!.getTime()).toBe(at(60).getTime());
    expect(states[1]!.inhibitRenewedAt).toBeNull();
    expect(states[2]!.inhibitRenewedAt).toBeNull();
  });
});
