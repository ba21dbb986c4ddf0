import type { FastifyBaseLogger } from 'fastify';
import type { DemoFleet } from '../demo/demo-fleet.ts';

/** What the server tells the process that started it once it serves (`npm start`, the e2e setup). */
interface ReadyMessage {
  type: 'lightwell:ready';
  url: string;
  /** Demo mode: the simulator's fleet file for the demo installation, to run as its own process. */
  demo: { fleet: DemoFleet; controlPort: number | undefined } | null;
  /** Milliseconds of each start step (`npm start` prints them at a first start). */
  phases: Record<string, number>;
}

/**
 * Tells the starting process (over the IPC channel it opened) that the console serves, with the demo
 * installation's fleet when there is one: the start script runs the simulator with it. The fleet carries
 * the demo gateways' secrets, so it travels over the channel and is never written to a file.
 */
export function handOver(
  log: FastifyBaseLogger,
  ready: { url: string; fleet: DemoFleet | null; simulatorPort: number | undefined; phases: Record<string, number> },
): void {
  const message: ReadyMessage = {
    type: 'lightwell:ready',
    url: ready.url,
    demo: ready.fleet ? { fleet: ready.fleet, controlPort: ready.simulatorPort } : null,
    phases: ready.phases,
  };
  if (process.send) {
    process.send(message);
    return;
  }
  if (ready.fleet) {
    log.info('demo installation seeded; its simulated gateways run when the console is started with npm start');
  }
}
