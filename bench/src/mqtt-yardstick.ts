// The bare MQTT round trip of the command bench: two clients on the console's broker, with the console's
// own MQTT user (so the broker neither counts nor limits them), QoS 1 and no Nagle delay as the console and
// the gateways use it. One publishes a ping, the other echoes it; each leg is timed on this process's clock.
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';

/** One echoed ping: each leg and the whole round trip, in ms. */
export interface PingTimes {
  out: number;
  back: number;
  roundTrip: number;
}

/** Two connected clients that time a ping and its echo. */
interface Yardstick {
  ping(): Promise<PingTimes>;
  close(): Promise<void>;
}

async function connect(url: string, name: string, password: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, {
    clientId: `lightwell-server-bench-${name}-${randomBytes(4).toString('hex')}`,
    username: 'lightwell-server',
    password,
    clean: true,
    reconnectPeriod: 0,
  });
  (client.stream as Socket).setNoDelay?.(true);
  return client;
}

/** Connects the pinging and the echoing client to the broker at `url` (`password`: the console's MQTT password). */
export async function openYardstick(url: string, password: string): Promise<Yardstick> {
  const tag = randomBytes(4).toString('hex');
  const pingTopic = `lw/bench/${tag}/ping`;
  const pongTopic = `lw/bench/${tag}/pong`;
  const pinger = await connect(url, 'ping', password);
  const echo = await connect(url, 'echo', password);
  /** When each ping reached the echoing client. */
  const echoedAt = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  echo.on('message', (_topic, payload) => {
    echoedAt.set(payload.toString(), performance.now());
    echo.publish(pongTopic, payload, { qos: 1 });
  });
  pinger.on('message', (_topic, payload) => waiting.get(payload.toString())?.(performance.now()));
  await echo.subscribeAsync(pingTopic, { qos: 1 });
  await pinger.subscribeAsync(pongTopic, { qos: 1 });
  let seq = 0;
  return {
    async ping() {
      const id = String(++seq);
      const back = new Promise<number>((resolve) => waiting.set(id, resolve));
      const sent = performance.now();
      pinger.publish(pingTopic, id, { qos: 1 });
      const at = await back;
      waiting.delete(id);
      const echoed = echoedAt.get(id)!;
      echoedAt.delete(id);
      return { out: echoed - sent, back: at - echoed, roundTrip: at - sent };
    },
    async close() {
      await Promise.all([pinger.endAsync(), echo.endAsync()]);
    },
  };
}
