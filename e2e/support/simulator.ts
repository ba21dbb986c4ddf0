import type { DeviceSnapshot, GatewaySnapshot } from '@lightwell/simulator';
import { expect } from '@playwright/test';
import { SIMULATOR_URL } from './env.ts';

/**
 * The demo simulator as e2e tests see it: what the simulated devices really do (not what the console
 * shows), and its control calls (apps/simulator/README.md). The demo installation's names, MACs and
 * gateways come from the seed.
 */
export {
  DEMO_DEVICES,
  DEMO_GATEWAYS,
  DEMO_NETWORK,
  DEMO_SCENES,
  DEMO_ZONES,
} from '../../apps/server/src/demo/demo-installation.ts';

async function request<T>(method: 'GET' | 'POST', path: string): Promise<T> {
  const response = await fetch(`${SIMULATOR_URL}${path}`, { method });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`simulator ${method} ${path}: ${response.status} ${body.error ?? ''}`);
  return body;
}

/** Every simulated gateway with its connection and devices. */
export async function simulatorState(): Promise<GatewaySnapshot[]> {
  return (await request<{ gateways: GatewaySnapshot[] }>('GET', '/state')).gateways;
}

/** One device as the simulator holds it (MAC in any notation). */
async function deviceState(mac: string): Promise<DeviceSnapshot> {
  return (await request<{ device: DeviceSnapshot }>('GET', `/devices/${encodeURIComponent(mac)}`)).device;
}

/** The first light element of a device: on/off, level (percent) and colour temperature. */
export async function lightOf(mac: string): Promise<{ onOff: number; lightness: number; cct: number | undefined }> {
  const device = await deviceState(mac);
  const light = device.elements.find((element) => element.type === 1 || element.type === 8);
  if (!light) throw new Error(`device ${mac} has no light element`);
  return { onOff: light.onOff ?? 0, lightness: light.lightness ?? 0, cct: light.cct };
}

/** Waits until the simulated device's light matches (after latency and fades). */
export async function expectLight(
  mac: string,
  wanted: Partial<{ onOff: number; lightness: number; cct: number }>,
  timeout = 10_000,
): Promise<void> {
  await expect.poll(() => lightOf(mac), { timeout }).toMatchObject(wanted);
}

async function waitForConnection(sn: string, connection: GatewaySnapshot['connection']): Promise<void> {
  await expect
    .poll(async () => (await simulatorState()).find((gateway) => gateway.sn === sn)?.connection, { timeout: 20_000 })
    .toBe(connection);
}

/** Drops a gateway's connection without a clean disconnect (its last will tells the console it is offline). */
export async function gatewayOffline(sn: string): Promise<void> {
  await request('POST', `/gateways/${sn}/offline`);
  await waitForConnection(sn, 'offline');
}

/** Brings a gateway back and waits until it is connected and announced. */
export async function gatewayOnline(sn: string): Promise<void> {
  await request('POST', `/gateways/${sn}/online`);
  await waitForConnection(sn, 'online');
}

/** Mesh ready or not (section 3 meshStatus) on a gateway. */
export async function setMeshReady(sn: string, ready: boolean): Promise<void> {
  await request('POST', `/gateways/${sn}/${ready ? 'mesh-ready' : 'mesh-down'}`);
}

/** The device stops answering (commands to it get no result and time out). */
export const loseDevice = (mac: string) => request('POST', `/devices/${mac}/lose`);
/** The device answers again and its state is reported. */
export const restoreDevice = (mac: string) => request('POST', `/devices/${mac}/restore`);
/** The gateway reports the device offline; commands to it fail with "device not online". */
export const deviceOffline = (mac: string) => request('POST', `/devices/${mac}/offline`);
/** Raises a lamp, driver or emergency fault on a device. */
export const reportFault = (mac: string, kind: 'lamp' | 'driver' | 'emergency') =>
  request('POST', `/devices/${mac}/fault?kind=${kind}`);
/** Clears a device's faults. */
export const clearFaults = (mac: string) => request('POST', `/devices/${mac}/clear`);

/** A motion sensor triggers `count` times at once (one trigger report with the count). */
export const triggerSensor = (mac: string, count: number) =>
  request<{ ok: boolean; triggered: boolean }>('POST', `/devices/${mac}/trigger?count=${count}`);
