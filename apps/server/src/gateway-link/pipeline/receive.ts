import { parseGatewayTopic } from '@lightwell/domain';
import type { Received } from './contracts.ts';

/*
 * Stage 1, receive: a message on a gateway's topic becomes a `Received` for the queue, as it came (bytes),
 * stamped with the time this process received it. Nothing is parsed yet.
 */

/** The message to queue, or null for what the console does not take: commands (its own), empty payloads. */
export function receive(topic: string, payload: Buffer, receivedAt: Date): Received | null {
  const parsed = parseGatewayTopic(topic);
  if (!parsed || parsed.channel === 'command') return null;
  // An empty retained message only clears a topic.
  if (payload.length === 0) return null;
  return { sn: parsed.gatewayId, channel: parsed.channel, payload, receivedAt };
}
