import type { Socket } from 'node:net';

/**
 * Largest packet of a connection not yet authenticated: its CONNECT, whose user name, password, client id
 * and last will are a few hundred bytes. A CONNECT announcing more is closed before its body is read, so
 * unauthenticated sockets cannot make the broker hold large buffers.
 */
export const CONNECT_MAX_BYTES = 64 * 1024;

/** Longest MQTT "remaining length": four bytes of seven bits each. */
const MAX_LENGTH_BYTES = 4;

/**
 * Follows the MQTT fixed headers of one connection's inbound bytes (type byte, remaining length) and says
 * when a packet announces more than `maxBytes` in all, so that the connection can be closed before its
 * body is read or buffered. A remaining length longer than four bytes is refused as malformed.
 */
export class PacketSizeGuard {
  private state: 'type' | 'length' | 'body' = 'type';
  private length = 0;
  private lengthBytes = 0;
  /** Bytes of the current packet's body not yet seen. */
  private remaining = 0;

  constructor(private maxBytes: number) {}

  /** Lets packets of up to `maxBytes` through from now on (an authenticated connection; Infinity for the console's). */
  raise(maxBytes: number): void {
    this.maxBytes = maxBytes;
  }

  /** Reads the next bytes; false when they belong to a packet that is too large (or malformed). */
  accept(chunk: Buffer): boolean {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === 'body') {
        const take = Math.min(this.remaining, chunk.length - at);
        at += take;
        this.remaining -= take;
        if (this.remaining === 0) this.state = 'type';
      } else if (this.state === 'type') {
        at += 1;
        this.state = 'length';
        this.length = 0;
        this.lengthBytes = 0;
      } else {
        const byte = chunk[at]!;
        at += 1;
        this.length += (byte & 0x7f) * 128 ** this.lengthBytes;
        this.lengthBytes += 1;
        if (byte & 0x80) {
          if (this.lengthBytes === MAX_LENGTH_BYTES) return false;
          continue;
        }
        if (1 + this.lengthBytes + this.length > this.maxBytes) return false;
        this.remaining = this.length;
        this.state = this.length > 0 ? 'body' : 'type';
      }
    }
    return true;
  }
}

/**
 * Puts `guard` in front of everything read from `socket`: a chunk the guard refuses destroys the socket
 * and is never handed on. Every consumer of a readable stream takes its bytes through `read()` (the
 * broker reads on `readable`), so nothing reaches the MQTT parser past the guard.
 */
export function guardReads(socket: Socket, guard: PacketSizeGuard, onRefused: () => void): void {
  const read = socket.read.bind(socket);
  socket.read = (size?: number) => {
    const chunk: Buffer | null = read(size);
    if (chunk === null || guard.accept(chunk)) return chunk;
    onRefused();
    socket.destroy();
    return null;
  };
}

/** One client address as counted: IPv4-mapped IPv6 addresses as plain IPv4. */
export function addressKey(address: string | undefined): string | null {
  if (!address) return null;
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/**
 * Open connections per client address, up to `limit` each. `onFull` hears of an address the first time
 * one of its connections is refused since it last held fewer than `limit`.
 */
export class AddressQuota {
  private readonly open = new Map<string, number>();
  private readonly full = new Set<string>();

  constructor(
    private readonly limit: number,
    private readonly onFull: (address: string) => void = () => undefined,
  ) {}

  /** Counts one more connection from `address`; false (nothing counted) when it already holds `limit`. */
  take(address: string): boolean {
    const count = this.open.get(address) ?? 0;
    if (count < this.limit) {
      this.open.set(address, count + 1);
      return true;
    }
    if (!this.full.has(address)) {
      this.full.add(address);
      this.onFull(address);
    }
    return false;
  }

  /** A connection counted by `take` ended (or no longer counts). */
  give(address: string): void {
    const count = (this.open.get(address) ?? 0) - 1;
    if (count > 0) this.open.set(address, count);
    else this.open.delete(address);
    this.full.delete(address);
  }
}

/**
 * Which topics hold a retained message of each owner (a gateway), at most `perOwner` each: a retained
 * publish on a new topic beyond that is not to be stored; an empty one removes the topic's message and
 * frees its place.
 */
export class RetainedQuota {
  private readonly topics = new Map<string, Set<string>>();

  constructor(private readonly perOwner: number) {}

  /** Whether the broker may store `owner`'s retained publish on `topic`, noting it when it may. */
  admit(owner: string, topic: string, empty: boolean): boolean {
    let held = this.topics.get(owner);
    if (empty) {
      held?.delete(topic);
      if (held?.size === 0) this.topics.delete(owner);
      return true;
    }
    if (held?.has(topic)) return true;
    if ((held?.size ?? 0) >= this.perOwner) return false;
    if (!held) {
      held = new Set();
      this.topics.set(owner, held);
    }
    held.add(topic);
    return true;
  }
}
