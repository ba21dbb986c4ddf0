import type { MqttClient } from 'mqtt';

/**
 * Ends an MQTT client cleanly, after its in-flight QoS 1 messages are acknowledged, but waits for those
 * acknowledgements at most `graceMs`: one that never comes (a broker closing, a socket dropped while the
 * client reconnects) would otherwise hold the shutdown forever. Past the grace the socket is closed at once.
 */
export async function endWithin(client: MqttClient, graceMs: number): Promise<void> {
  const inFlight = () => Object.keys(client.outgoing).length > 0;
  if (client.connected && inFlight()) {
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
      client.once('outgoingEmpty', () => resolve());
    });
    clearTimeout(timer);
  }
  await client.endAsync(!client.connected || inFlight()).catch(() => undefined);
}
