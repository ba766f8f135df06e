import path from 'node:path';
import nodemailer from 'nodemailer';
import { createFileTransport } from './file-transport';
import { asciiAddress, createMessageBuilder, type MailMessage } from './mime';

export type { MailMessage } from './mime';

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  /** How many sends may be under way at once (the worker never overlaps two mails to one recipient). */
  readonly lanes: number;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  smtpUrl?: string | undefined;
  dataDir: string;
  /** The file transport keeps at most this many .eml files, removing the oldest. */
  filesMax?: number;
}

/** SMTP when a URL is configured; otherwise every mail is written as an .eml file a person can open. */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  if (options.smtpUrl) return smtpTransport(options.smtpUrl);
  return createFileTransport({ dir: path.join(options.dataDir, 'mail'), maxFiles: options.filesMax ?? 10_000 });
}

// Connections stay open between mails (a pool), so a backlog is not a TCP and SMTP handshake per mail.
const SMTP_CONNECTIONS = 3;

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  const build = createMessageBuilder();
  return {
    kind: 'smtp',
    lanes: SMTP_CONNECTIONS,
    async send(message) {
      const { raw, sender } = build(message);
      // The message is already built: nodemailer sends these bytes as they are, to this envelope.
      await transporter.sendMail({ envelope: { from: sender.address, to: [asciiAddress(message.to)] }, raw });
    },
    close() {
      transporter.close();
    },
  };
}
