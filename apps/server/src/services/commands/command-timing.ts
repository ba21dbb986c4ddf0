import { performance } from 'node:perf_hooks';
import { Histogram } from 'prom-client';
import { processRegistry } from '../../lib/metrics.ts';

/**
 * The console's own share of a command, by phase: `send` from `sendCommand` called to the command taken
 * by the broker; `outcome` from a gateway's final ack handed to its handler to the ended task stored and
 * published to the live streams; `progress` the same for the acks before it that changed the task.
 */
type CommandPhase = 'send' | 'outcome' | 'progress';

const commandPhases = new Histogram({
  name: 'lightwell_command_phase_seconds',
  help: 'The console’s own time per command phase: send (call to command published), outcome (final ack to outcome pushed), progress (other acks).',
  labelNames: ['phase'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [processRegistry],
});

/** Starts a clock; the function it answers records the time since in `phase` (call it once, when done). */
export function startPhaseClock(): (phase: CommandPhase) => void {
  const started = performance.now();
  return (phase) => commandPhases.observe({ phase }, (performance.now() - started) / 1000);
}
