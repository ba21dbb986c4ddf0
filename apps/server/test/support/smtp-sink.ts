import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message received by the sink: envelope recipient and raw source. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * Where a test may hold the SMTP exchange: `rcptTo` before the server answers a RCPT TO (nothing was
 * accepted yet), `data` after the whole message arrived and before the server keeps it and answers 250.
 */
export interface SinkHolds {
  rcptTo?(address: string): Promise<void>;
  data?(mail: ReceivedMail): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives and hands each message to `onMail`
 * (used by the API tests and the browser tests). Port 0 picks a free port. `holds` lets a drill stop the
 * exchange at a point of its choosing: a message is kept (and counted delivered) once its `data` hold ends,
 * whether or not its sender is still there to read the answer, as a mail server that queued it would.
 */
export async function startSmtpSink(
  options: { port?: number; onMail?: (mail: ReceivedMail) => void; holds?: SinkHolds } = {},
): Promise<{
  url: string;
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const hold = options.holds?.rcptTo?.(address.address) ?? Promise.resolve();
      hold.then(
        () => callback(),
        (error: Error) => callback(error),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
        const hold = options.holds?.data?.(mail) ?? Promise.resolve();
        void hold.then(() => {
          mails.push(mail);
          options.onMail?.(mail);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
