import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { tasks } from '../../db/schema.ts';
import { buildLuminaires, TestGateway } from './test-gateway.ts';

let t: TestApp;
let gateway: TestGateway | null = null;
beforeAll(async () => {
  t = await buildTestApp({ COMMAND_TIMEOUT_BASE_MS: '20000' });
});
afterAll(async () => {
  await gateway?.close();
  await t?.close();
});

describeApi('COMMAND_TIMEOUT_BASE_MS', () => {
  it('sets what a command waits for its devices: the task’s deadline and the timeout the gateway is told', async () => {
    const { owner, network } = await networkTeam(t);
    gateway = await TestGateway.start(t.db, t.brokerUrl, network.id);
    gateway.behaviour = { mode: 'silent' };
    await buildLuminaires(t.db, network.id, gateway.id, 3);
    const before = t.clock.now().getTime();
    const reply = await call(
      t.app,
      'controlLight',
      { nid: network.id, target: { kind: 'network' }, onOff: 0 },
      owner.session,
    );
    expect(reply.body.code).toBe(Code.ok);
    // 20 s and 100 ms for each of the 3 luminaires.
    const command = await vi.waitFor(
      () => {
        const [sent] = gateway!.commands;
        if (!sent) throw new Error('no command yet');
        return sent;
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(command.timeoutMs).toBe(20_300);
    const [task] = await t.db.select().from(tasks).where(eq(tasks.nid, network.id));
    expect(task!.deadlineAt.getTime() - before).toBeGreaterThanOrEqual(20_300);
    expect(task!.deadlineAt.getTime() - before).toBeLessThan(20_300 + 5_000);
  });
});
