import { startConsole } from './console.ts';
import { E2E_MQTT_PORT, E2E_PORT, E2E_SIM_PORT, E2E_SMTP_PORT, MAILBOX_DIR } from './env.ts';

/**
 * Starts the console the specs share (support/console.ts: a real SMTP server, the server bundle in demo
 * mode on a fresh database, the demo simulator as a process of its own, the demo's week stored); returns
 * the teardown.
 */
export default async function globalSetup() {
  const running = await startConsole({
    port: E2E_PORT,
    smtpPort: E2E_SMTP_PORT,
    mqttPort: E2E_MQTT_PORT,
    simulatorPort: E2E_SIM_PORT,
    mailboxDir: MAILBOX_DIR,
  });
  return running.stop;
}
