import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** A TCP relay in front of a broker that can go silent: nothing passes any more, yet no socket is closed. */
export interface SilentProxy {
  /** `mqtt://127.0.0.1:<port>` of the relay. */
  url: string;
  /** From now on bytes are dropped in both directions, and the broker-side sockets are kept open. */
  silence(): void;
  /** How many broker-side sockets the broker itself has closed (the relay never closes them before `close`). */
  readonly closedByBroker: number;
  /** When the last bytes from the gateway reached the broker (ms since the epoch). */
  readonly lastFromGatewayAt: number;
  close(): Promise<void>;
}

/**
 * Starts a relay to `target` (an `mqtt://host:port` URL). While silent it models a gateway that hangs or
 * loses its network without a FIN or RST: the broker sees an open connection that says nothing, and only
 * its keep-alive timeout can end it.
 */
export async function startSilentProxy(target: string): Promise<SilentProxy> {
  const { hostname, port } = new URL(target);
  let silent = false;
  let closedByBroker = 0;
  let lastFromGatewayAt = 0;
  let closing = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: hostname, port: Number(port) });
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => {
      if (silent) return;
      upstream.write(chunk);
      lastFromGatewayAt = Date.now();
    });
    upstream.on('data', (chunk) => {
      if (!silent) client.write(chunk);
    });
    upstream.on('close', () => {
      if (!closing) closedByBroker += 1;
      client.destroy();
    });
    // A silent relay keeps the broker side open even when the gateway's own client gives up.
    client.on('close', () => {
      if (!silent) upstream.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `mqtt://127.0.0.1:${address.port}`,
    silence() {
      silent = true;
    },
    get closedByBroker() {
      return closedByBroker;
    },
    get lastFromGatewayAt() {
      return lastFromGatewayAt;
    },
    async close() {
      closing = true;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
