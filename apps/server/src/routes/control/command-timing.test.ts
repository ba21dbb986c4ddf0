import { Code, TaskStatus, type TaskSummary } from '@lightwell/domain';
import { expect, it, vi } from 'vitest';
import { call, describeApi, networkTeam } from '../../../test/helpers.ts';
import { processRegistry } from '../../lib/metrics.ts';
import { useControlSite } from './test-control.ts';
import { buildLuminaires } from './test-gateway.ts';

const site = useControlSite();

/** How many times each command phase was recorded so far. */
async function phaseCounts(): Promise<Record<string, number>> {
  const metric = processRegistry.getSingleMetric('lightwell_command_phase_seconds');
  const counts: Record<string, number> = {};
  const values = (await metric!.get()).values as { labels: { phase?: string }; value: number; metricName?: string }[];
  for (const value of values) {
    if (value.metricName?.endsWith('_count')) counts[value.labels.phase!] = value.value;
  }
  return counts;
}

describeApi('command phase times', () => {
  it('records the send, each progress ack and the outcome of a command, and serves them at /metrics', async () => {
    const { owner, network } = await networkTeam(site.t);
    const gateway = await site.gatewayIn(network.id);
    await buildLuminaires(site.t.db, network.id, gateway.id, 2);
    const before = await phaseCounts();

    const reply = await call(
      site.t.app,
      'controlLight',
      { nid: network.id, target: { kind: 'network' }, onOff: 1 },
      owner.session,
    );
    expect(reply.body.code).toBe(Code.ok);
    const task = await site.settled(owner.session, (reply.body.data as TaskSummary).id);
    expect(task.status).toBe(TaskStatus.executed);

    await vi.waitFor(async () => {
      const after = await phaseCounts();
      expect(after.send! - (before.send ?? 0)).toBe(1);
      expect(after.outcome! - (before.outcome ?? 0)).toBe(1);
      // 'received' makes the task executing: a progress ack that changed it.
      expect(after.progress! - (before.progress ?? 0)).toBeGreaterThanOrEqual(1);
    });
    const metrics = await site.t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('lightwell_command_phase_seconds_count{phase="outcome"}');
  });
});
