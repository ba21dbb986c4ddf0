import { join } from 'node:path';

/** Port of the console under test (not the default 8080, so a running console is left alone). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18_091);
/** Port of the SMTP server the console under test sends mail to. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 18_025);
/** Port of the embedded MQTT broker of the console under test (its simulated gateways connect to it). */
export const E2E_MQTT_PORT = Number(process.env.E2E_MQTT_PORT ?? 18_832);
/** Port of the demo simulator's status and control endpoint (what the simulated devices really do). */
export const E2E_SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 18_097);
export const SIMULATOR_URL = `http://127.0.0.1:${E2E_SIM_PORT}`;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Folder where the SMTP server writes each received message as `<n>.json` (one per console under test). */
export const MAILBOX_DIR = join(new URL('..', import.meta.url).pathname, `../test-results/e2e-mailbox-${E2E_PORT}`);
