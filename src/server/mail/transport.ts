import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when a URL is configured; otherwise every mail is written as an .eml file a person can open. */
export function createMailTransport(options: { smtpUrl?: string | undefined; dataDir: string }): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl) : fileTransport(path.join(options.dataDir, 'mail'));
}

function toNodemailer(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    headers: { 'X-Outbox-Id': String(message.id) },
  };
}

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(toNodemailer(message));
    },
    close() {
      transporter.close();
    },
  };
}

function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(message) {
      const info = (await transporter.sendMail(toNodemailer(message))) as { message: Buffer };
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      await writeFile(path.join(dir, `${stamp}-${message.id}-${safeTo}.eml`), info.message);
    },
    close() {},
  };
}
