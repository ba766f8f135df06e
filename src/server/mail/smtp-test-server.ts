// A real SMTP server for integration tests (never imported by the app): the outbox talks to it over TCP
// exactly as it would to a mail provider.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseEml, type ParsedMail } from '../../../tests/support/mailbox';

export interface ReceivedMail extends Omit<ParsedMail, 'file'> {
  /** The envelope recipients (RCPT TO), which is where the mail really went. */
  recipients: string[];
  outboxId: string;
}

export interface SmtpTestServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  stop(): Promise<void>;
  /** Listens again on the same port, as a mail server coming back after an outage. */
  start(): Promise<void>;
}

function createServer(received: ReceivedMail[]): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const outboxId = /^X-Outbox-Id:\s*(\S+)/im.exec(raw)?.[1] ?? '';
        received.push({
          ...parseEml(raw),
          recipients: session.envelope.rcptTo.map((r) => r.address),
          outboxId,
        });
        callback();
      });
    },
  });
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined = createServer(received);
  const port = await listen(server, 0);
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async start() {
      if (server) return;
      server = createServer(received);
      await listen(server, port);
    },
  };
}
