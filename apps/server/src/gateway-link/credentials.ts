import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerKeys } from '../lib/server-keys.ts';

/** MQTT user name of the console's own processes. */
export const SERVER_MQTT_USER = 'lightwell-server';

/** What the database keeps of a gateway's MQTT password: SHA-256, lower-case hex. */
export function hashGatewaySecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A new random gateway secret (MQTT password), shown once when a gateway is added or its secret reset. */
export function newGatewaySecret(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Secret of a demo gateway, derived from the server-only secret (its `demo-gateway` key) so that a
 * restarted server and its simulator agree without storing it.
 */
export function demoGatewaySecret(keys: ServerKeys, sn: string): string {
  return createHmac('sha256', keys.key('demo-gateway')).update(sn).digest('hex');
}

/** Password of the `lightwell-server` user on the embedded broker: the server-only secret's `mqtt-server` key. */
export function serverMqttPassword(keys: ServerKeys): string {
  return keys.key('mqtt-server').toString('hex');
}

/** Compares two secrets' hashes in constant time. */
export function secretMatches(secret: string, secretHash: string): boolean {
  const a = Buffer.from(hashGatewaySecret(secret), 'hex');
  const b = Buffer.from(secretHash, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
