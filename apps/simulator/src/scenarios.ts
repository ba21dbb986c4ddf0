import type { CommandAction } from '@lightwell/domain';
import type { Simulator } from './fleet.ts';
import type { SimGateway } from './gateway.ts';

/** The scenarios the command line (`--scenario`) and drills can run against a running fleet. */
export const SCENARIOS = ['morning-burst', 'reconnect-storm', 'drop-mid-stream'] as const;
/** A scenario's name. */
export type ScenarioName = (typeof SCENARIOS)[number];

/** The scene a morning burst recalls: every luminaire on at full light, no fade. */
export const MORNING_SCENE: CommandAction = { op: 'light', onOff: 1, lightness: 100, fadeMs: 0 };

/** What a morning burst did. */
export interface MorningBurstResult {
  /** Meshes that recalled the scene (a shared mesh counts once). */
  meshes: number;
  /** Luminaires switched, one state message each. */
  devices: number;
}

/**
 * The scene recall at 07:00: in every mesh at the same moment every online luminaire carries out `action`
 * and reports its state as it answers, so the console gets one state message per luminaire of the whole
 * fleet at once.
 */
export function morningBurst(simulator: Simulator, action: CommandAction = MORNING_SCENE): MorningBurstResult {
  const meshes = new Set<SimGateway['mesh']>();
  let devices = 0;
  for (const gateway of simulator.gateways.values()) {
    if (meshes.has(gateway.mesh)) continue;
    meshes.add(gateway.mesh);
    devices += gateway.switchLuminaires(action);
  }
  return { meshes: meshes.size, devices };
}

/** How a reconnect storm spreads its gateways. */
export interface ReconnectStormOptions {
  /** Every gateway is back within this window (default 10 s), each at a uniform random moment of it. */
  withinMs?: number | undefined;
  random?: (() => number) | undefined;
}

/**
 * Every gateway loses its connection at once without a clean disconnect (the broker publishes their last
 * wills, as after a network outage) and comes back at a random moment within `withinMs`. Resolves when
 * all are connected and announced again, with how long that took.
 */
export async function reconnectStorm(
  simulator: Simulator,
  options: ReconnectStormOptions = {},
): Promise<{ gateways: number; ms: number }> {
  const withinMs = options.withinMs ?? 10_000;
  const random = options.random ?? Math.random;
  const started = Date.now();
  const gateways = [...simulator.gateways.values()];
  const back = gateways.map((gateway) => {
    gateway.goOfflineFor(Math.floor(random() * withinMs));
    return gateway.whenConnected();
  });
  await Promise.all(back);
  return { gateways: gateways.length, ms: Date.now() - started };
}

/** How a drop in the middle of a stream of reports goes. */
export interface DropMidStreamOptions {
  /** Share of the gateways that drop (0-1, default 0.1; at least one when above 0). */
  share?: number | undefined;
  /** Readings reports in each dropping gateway's stream (default 10); it drops after half of them. */
  reports?: number | undefined;
  /** How long the dropped gateways stay away (default 1 s). */
  offlineMs?: number | undefined;
  random?: (() => number) | undefined;
}

/** One gateway that dropped mid-stream: the report numbers of its stream. */
export interface DroppedStream {
  sn: string;
  /** First report of the stream. */
  first: number;
  /** Last report numbered before the drop (it may or may not have reached the broker). */
  droppedAfter: number;
  /** Last report of the stream (those after `droppedAfter` were numbered while away). */
  last: number;
}

/**
 * A share of the gateways drops its connection in the middle of a stream of readings reports, without a
 * clean disconnect (the socket is destroyed with reports still in flight; the last will fires), numbers
 * the rest of the stream while away, then comes back and sends everything the console has not confirmed
 * from its replay buffer (docs/gateway-protocol.md "Durable reports"). Resolves once they are back.
 */
export async function dropMidStream(
  simulator: Simulator,
  options: DropMidStreamOptions = {},
): Promise<DroppedStream[]> {
  const reports = options.reports ?? 10;
  const chosen = pickShare([...simulator.gateways.values()], options.share ?? 0.1, options.random ?? Math.random);
  const streams = chosen.map((gateway) => {
    const first = gateway.reports.nextSeq;
    for (let i = 0; i < Math.ceil(reports / 2); i += 1) gateway.sendReadings();
    const droppedAfter = gateway.reports.nextSeq - 1;
    gateway.goOfflineFor(options.offlineMs ?? 1000);
    for (let i = Math.ceil(reports / 2); i < reports; i += 1) gateway.sendReadings();
    return { sn: gateway.sn, first, droppedAfter, last: gateway.reports.nextSeq - 1 };
  });
  await Promise.all(chosen.map((gateway) => gateway.whenConnected()));
  return streams;
}

/** A random `share` of `items` (at least one when the share is above 0), in their order. */
function pickShare<T>(items: T[], share: number, random: () => number): T[] {
  const count = share <= 0 ? 0 : Math.max(1, Math.round(items.length * Math.min(1, share)));
  const keyed = items.map((item, index) => ({ item, index, key: random() }));
  const picked = keyed.sort((a, b) => a.key - b.key).slice(0, count);
  return picked.sort((a, b) => a.index - b.index).map(({ item }) => item);
}

/** Runs a scenario by name with its defaults (the command line's `--scenario`); answers a line for people. */
export async function runScenario(
  simulator: Simulator,
  name: ScenarioName,
  options: { share?: number | undefined; random?: (() => number) | undefined } = {},
): Promise<string> {
  const started = Date.now();
  if (name === 'morning-burst') {
    const result = morningBurst(simulator);
    return `morning-burst: ${result.devices} luminaires in ${result.meshes} meshes switched on, one state message each`;
  }
  if (name === 'reconnect-storm') {
    const result = await reconnectStorm(simulator, { random: options.random });
    return `reconnect-storm: ${result.gateways} gateways dropped and back in ${(result.ms / 1000).toFixed(1)} s`;
  }
  const dropped = await dropMidStream(simulator, { share: options.share, random: options.random });
  const ms = Date.now() - started;
  return `drop-mid-stream: ${dropped.length} gateways dropped mid-stream and back in ${(ms / 1000).toFixed(1)} s, replaying what was not confirmed`;
}
