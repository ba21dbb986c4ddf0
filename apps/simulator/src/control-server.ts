import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUTTON_EVENTS, type ButtonEvent } from '@lightwell/domain';
import { SIM_EMERGENCY_FAULTS, type SimEmergencyFault } from './emergency-fitting.ts';
import type { Simulator } from './fleet.ts';
import type { SimGateway } from './gateway.ts';
import { runScenario, SCENARIOS, type ScenarioName } from './scenarios.ts';

/** A running status and control endpoint. */
export interface ControlServer {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

const FAULT_KINDS = new Set(['lamp', 'driver', 'emergency']);

/** An HTTP status and the JSON body that goes with it. */
type Answer = [status: number, body: unknown];

/**
 * Status and control over HTTP (node:http), for tests and people:
 * - `GET /state`: every gateway with its connection state and every device with its elements;
 * - `GET /devices/<mac>`: one device with its gateway's sn and connection;
 * - `POST /gateways/<sn>/offline|online`, `POST /gateways/<sn>/mesh-ready|mesh-down`;
 *   `POST /gateways/<sn>/offline?seconds=N`: offline for N seconds, counting readings into its replay buffer,
 *   then back, replaying them; `GET /gateways/<sn>/reports`: its report sequence and buffer;
 * - `POST /history?days=N`: N days of readings before the earliest sent (every 15 minutes), as history;
 * - `POST /scenarios/<name>?share=S`: starts morning-burst, reconnect-storm or drop-mid-stream (answered 202);
 * - `POST /devices/<mac>/reset-counter|swap-driver`: the driver's energy counter goes to 0, or a new driver;
 * - `POST /devices/<mac>/lose|restore|offline|clear`, `POST /devices/<mac>/fault?kind=lamp|driver|emergency`,
 *   `POST /devices/<mac>/press?event=singlePress|doublePress|toggle|up|down|pressAndHold` (a button press),
 *   `POST /devices/<mac>/trigger?count=N`: a motion sensor triggers N times at once (1 to 100; default 1);
 * - emergency fittings: `POST /devices/<mac>/mains?present=false|true` (mains lost: a real emergency, a
 *   running test is void; or back), `POST /devices/<mac>/emergency-fault?kind=lamp|battery|circuit|duration`
 *   (found by the next test; `clear` repairs), `POST /devices/<mac>/battery?charge=0..1`.
 * Answers JSON; 404 for an unknown gateway, device or path.
 */
export async function startControlServer(
  simulator: Simulator,
  port: number,
  host = '127.0.0.1',
): Promise<ControlServer> {
  const server: Server = createServer((request, response) => {
    let status: number;
    let body: unknown;
    try {
      [status, body] = answer(simulator, request.method, new URL(request.url ?? '/', 'http://simulator'));
    } catch (error) {
      [status, body] = [404, { error: (error as Error).message }];
    }
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `http://${host}:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers one call of the control endpoint; an unknown gateway or device throws (answered 404). */
function answer(simulator: Simulator, method: string | undefined, url: URL): Answer {
  const parts = url.pathname.split('/').filter(Boolean);
  if (method === 'GET' && url.pathname === '/state') return [200, { gateways: simulator.snapshot() }];
  if (method === 'GET' && parts[0] === 'devices' && parts.length === 2) {
    const gateway = simulator.gatewayOf(parts[1]!);
    const snapshot = gateway.snapshot();
    const device = snapshot.devices.find((candidate) => candidate.mac === gateway.device(parts[1]!)!.mac);
    return [200, { gateway: { sn: snapshot.sn, connection: snapshot.connection }, device }];
  }
  if (method === 'GET' && parts[0] === 'gateways' && parts[2] === 'reports' && parts.length === 3) {
    const { reports } = simulator.gateway(parts[1]!);
    const { nextSeq, confirmed, lostCount } = reports;
    return [200, { nextSeq, confirmed, pending: reports.pending.length, lostCount }];
  }
  if (method === 'POST' && url.pathname === '/history') {
    const days = Number(url.searchParams.get('days') ?? '7');
    if (!(days > 0 && days <= 60)) return [400, { error: 'days must be a number from 0 to 60' }];
    const fill = simulator.fillHistory(days * 86_400_000);
    return [200, { ok: true, reports: fill.reports }];
  }
  if (method === 'POST' && parts[0] === 'scenarios' && parts.length === 2) {
    const name = parts[1] as ScenarioName;
    if (!SCENARIOS.includes(name)) return [404, { error: `unknown scenario ${name}` }];
    const share = url.searchParams.has('share') ? Number(url.searchParams.get('share')) : undefined;
    if (share !== undefined && !(share >= 0 && share <= 1)) return [400, { error: 'share must be from 0 to 1' }];
    void runScenario(simulator, name, { share });
    return [202, { ok: true, scenario: name }];
  }
  if (method === 'POST' && parts[0] === 'gateways' && parts.length === 3) {
    return gatewayAction(simulator.gateway(parts[1]!), parts[2]!, url);
  }
  if (method === 'POST' && parts[0] === 'devices' && parts.length === 3) {
    const mac = parts[1]!;
    return deviceAction(simulator.gatewayOf(mac), mac, parts[2]!, url);
  }
  return [404, { error: 'not found' }];
}

/** `POST /gateways/<sn>/<action>`: offline (for N seconds), online, mesh ready or down. */
function gatewayAction(gateway: SimGateway, action: string, url: URL): Answer {
  const forSeconds = Number(url.searchParams.get('seconds') ?? '');
  if (action === 'offline' && forSeconds > 0) gateway.goOfflineFor(forSeconds * 1000);
  else if (action === 'offline') gateway.goOffline();
  else if (action === 'online') gateway.goOnline();
  else if (action === 'mesh-ready') gateway.setMeshReady(true);
  else if (action === 'mesh-down') gateway.setMeshReady(false);
  else return [404, { error: `unknown gateway action ${action}` }];
  return [200, { ok: true, connection: gateway.connection }];
}

/** `POST /devices/<mac>/<action>`: presence, faults, counters, a button press or a motion trigger. */
function deviceAction(gateway: SimGateway, mac: string, action: string, url: URL): Answer {
  if (action === 'lose') gateway.loseDevice(mac);
  else if (action === 'restore') gateway.restoreDevice(mac);
  else if (action === 'offline') gateway.setDeviceOffline(mac);
  else if (action === 'clear') gateway.clearFaults(mac);
  else if (action === 'reset-counter') gateway.resetCounter(mac);
  else if (action === 'swap-driver') gateway.swapDriver(mac);
  else if (action === 'press') {
    const event = url.searchParams.get('event') ?? 'singlePress';
    if (!(BUTTON_EVENTS as readonly string[]).includes(event)) {
      return [400, { error: `event must be one of ${BUTTON_EVENTS.join(', ')}` }];
    }
    return [200, { ok: true, changed: gateway.pressButton(mac, event as ButtonEvent) }];
  } else if (action === 'trigger') {
    const count = Number(url.searchParams.get('count') ?? '1');
    if (!Number.isInteger(count) || count < 1 || count > 100) {
      return [400, { error: 'count must be a whole number from 1 to 100' }];
    }
    return [200, { ok: true, triggered: gateway.triggerSensor(mac, count) }];
  } else if (action === 'fault') {
    const kind = url.searchParams.get('kind') ?? 'lamp';
    if (!FAULT_KINDS.has(kind)) return [400, { error: 'kind must be lamp, driver or emergency' }];
    gateway.reportFault(mac, kind as 'lamp' | 'driver' | 'emergency');
  } else return fittingAction(gateway, mac, action, url);
  return [200, { ok: true }];
}

/** An emergency fitting's mains, fault or battery charge. */
function fittingAction(gateway: SimGateway, mac: string, action: string, url: URL): Answer {
  if (action === 'mains') {
    const present = url.searchParams.get('present');
    if (present !== 'true' && present !== 'false') return [400, { error: 'present must be true or false' }];
    gateway.setMains(mac, present === 'true');
  } else if (action === 'emergency-fault') {
    const kind = url.searchParams.get('kind') ?? '';
    if (!(SIM_EMERGENCY_FAULTS as readonly string[]).includes(kind)) {
      return [400, { error: `kind must be one of ${SIM_EMERGENCY_FAULTS.join(', ')}` }];
    }
    gateway.failEmergency(mac, kind as SimEmergencyFault);
  } else if (action === 'battery') {
    const charge = Number(url.searchParams.get('charge') ?? '');
    if (!(charge >= 0 && charge <= 1)) return [400, { error: 'charge must be a number from 0 to 1' }];
    gateway.setBattery(mac, charge);
  } else return [404, { error: `unknown device action ${action}` }];
  return [200, { ok: true }];
}
