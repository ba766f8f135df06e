import { randomBytes } from 'node:crypto';
import { domainToASCII } from 'node:url';
import addressparser from 'nodemailer/lib/addressparser';
import * as base64 from 'nodemailer/lib/base64';
import { buildHeaderValue, encodeWord, encodeWords, foldLines, isPlainText, quoteString } from 'nodemailer/lib/mime-funcs';
import * as qp from 'nodemailer/lib/qp';
import type { MailAttachment } from './attachments';

/** One mail as the outbox hands it to a transport. */
export interface MailMessage {
  /** The outbox row's id. */
  id: number;
  /** `<…>`, the same every time this row is delivered, so a receiving server can drop a repeat. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Files sent after the text (multipart/mixed). */
  attachments?: readonly MailAttachment[];
}

/** A sender as MIME and SMTP need it: the header's form and the bare address for the envelope. */
export interface Sender {
  header: string;
  address: string;
  domain: string;
}

const CRLF = '\r\n';
const LINE_LENGTH = 76;

/** Parses `MAIL_FROM` ("Ghee Shop <orders@example.in>" or a bare address) once. */
export function parseSender(from: string): Sender {
  const parsed = addressparser(from, { flatten: true })[0];
  const address = asciiAddress(parsed?.address || from);
  const name = parsed?.name ?? '';
  return { header: name ? `${encodeDisplayName(name)} <${address}>` : address, address, domain: address.split('@')[1] || 'localhost' };
}

function encodeDisplayName(name: string): string {
  if (!isPlainText(name)) return encodeWord(name, 'Q', 52);
  return /^[\w ]*$/.test(name) ? name : quoteString(name);
}

/** An address safe in a header and an SMTP envelope: no line breaks or brackets, the domain in ASCII. */
export function asciiAddress(address: string): string {
  const clean = address.replace(/[\r\n<>"\s]+/g, '');
  const at = clean.lastIndexOf('@');
  // eslint-disable-next-line no-control-regex
  if (at < 0 || /^[\x00-\x7f]*$/.test(clean)) return clean;
  return `${clean.slice(0, at)}@${domainToASCII(clean.slice(at + 1)) || clean.slice(at + 1)}`;
}

/** A Message-ID derived from what never changes in an outbox row, so every delivery of the row carries the same one. */
export function outboxMessageId(id: number, createdAt: string, domain: string): string {
  const created = Date.parse(createdAt);
  return `<outbox.${id}.${Number.isNaN(created) ? 0 : created.toString(36)}@${domain}>`;
}

/** RFC 5322 date: `Mon, 23 Nov 2026 17:25:26 +0000`. */
export function mailDate(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

/**
 * The encoded parts of one content (subject, text, HTML): the same for every recipient of it. The boundary starts
 * with `=_`, which quoted-printable and base64 output can never contain, so it needs no check against the content.
 */
interface EncodedBody {
  subject: string;
  text: string;
  html: string | null | undefined;
  headerLines: string;
  bytes: Buffer;
}

// Lines every mail shares (the layout's) and lines a mail's copies share (the shop's copy is the customer's with a
// line of its own added): encoded once, not once per mail.
const LINE_CACHE_SIZE = 512;
const encodedLines = new Map<string, string>();

/**
 * Quoted-printable by hard line: a line break ends a line of the encoding too (wrap starts afresh after one, and
 * whitespace before it is encoded either way), so the encoding of a text is the encodings of its lines one after
 * another, and each line is encoded once while it is in the cache.
 */
export function quotedPrintable(normalized: string): string {
  let out = '';
  let start = 0;
  while (start < normalized.length) {
    const end = normalized.indexOf(CRLF, start);
    const stop = end < 0 ? normalized.length : end + CRLF.length;
    const line = normalized.slice(start, stop);
    let encoded = encodedLines.get(line);
    if (encoded === undefined) {
      encoded = qp.wrap(qp.encode(line), LINE_LENGTH);
      encodedLines.set(line, encoded);
      if (encodedLines.size > LINE_CACHE_SIZE) encodedLines.delete(encodedLines.keys().next().value as string);
    }
    out += encoded;
    start = stop;
  }
  return out;
}

function encodePart(contentType: string, content: string): string {
  const normalized = content.replace(/\r\n|\r|\n/g, CRLF);
  // Mostly non-ASCII text (a message in Hindi) is shorter in base64; anything else stays readable as quoted-printable.
  // eslint-disable-next-line no-control-regex
  const nonAscii = normalized.length - normalized.replace(/[^\x00-\x7f]/g, '').length;
  const useBase64 = nonAscii > normalized.length / 2;
  const body = useBase64 ? base64.wrap(base64.encode(normalized), LINE_LENGTH) : quotedPrintable(normalized);
  return `Content-Type: ${contentType}; charset=utf-8${CRLF}Content-Transfer-Encoding: ${useBase64 ? 'base64' : 'quoted-printable'}${CRLF}${CRLF}${body}`;
}

/** The readable content: one text part, or text and HTML as multipart/alternative. `head` ends with a CRLF. */
function contentPart(text: string, html: string | null | undefined): { head: string; body: string } {
  if (html) {
    const boundary = `=_ghee_${randomBytes(12).toString('hex')}`;
    return {
      head: `Content-Type: multipart/alternative;${CRLF} boundary="${boundary}"${CRLF}`,
      body: `--${boundary}${CRLF}${encodePart('text/plain', text)}${CRLF}--${boundary}${CRLF}${encodePart('text/html', html)}${CRLF}--${boundary}--${CRLF}`,
    };
  }
  const part = encodePart('text/plain', text);
  const split = part.indexOf(CRLF + CRLF);
  return { head: part.slice(0, split + CRLF.length), body: `${part.slice(split + 2 * CRLF.length)}${CRLF}` };
}

function attachmentPart(file: MailAttachment): string {
  const type = foldLines(`Content-Type: ${buildHeaderValue({ value: file.contentType, params: { name: file.filename } })}`, LINE_LENGTH);
  const disposition = foldLines(`Content-Disposition: ${buildHeaderValue({ value: 'attachment', params: { filename: file.filename } })}`, LINE_LENGTH);
  return `${type}${CRLF}Content-Transfer-Encoding: base64${CRLF}${disposition}${CRLF}${CRLF}${base64.wrap(base64.encode(file.content), LINE_LENGTH)}`;
}

function encodeBody(subject: string, text: string, html: string | null | undefined, attachments: readonly MailAttachment[] = []): EncodedBody {
  const subjectLine = foldLines(`Subject: ${encodeWords(subject.replace(/[\r\n]+/g, ' '), 'Q', 52)}`, LINE_LENGTH);
  const content = contentPart(text, html);
  let head = content.head;
  let body = content.body;
  if (attachments.length > 0) {
    const boundary = `=_ghee_${randomBytes(12).toString('hex')}`;
    head = `Content-Type: multipart/mixed;${CRLF} boundary="${boundary}"${CRLF}`;
    const files = attachments.map((file) => `--${boundary}${CRLF}${attachmentPart(file)}${CRLF}`).join('');
    body = `--${boundary}${CRLF}${content.head}${CRLF}${content.body}${files}--${boundary}--${CRLF}`;
  }
  return { subject, text, html, headerLines: `${subjectLine}${CRLF}MIME-Version: 1.0${CRLF}${head}`, bytes: Buffer.from(body, 'utf8') };
}

// Enough for the mails of the orders a batch has in flight at once (several lanes move through it side by side).
const BODY_CACHE_SIZE = 32;

/**
 * Builds RFC 5322 messages. The mails of one order (the customer's and the shop's copy) are queued one after the
 * other with the same content, so encoded bodies are kept for the last few contents and only the envelope headers
 * are written per recipient.
 */
export function createMimeBuilder(sender: Sender) {
  const bodies = new Map<string, EncodedBody>();
  let dateSecond = -1;
  let date = '';
  const encoded = (message: MailMessage): EncodedBody => {
    // A mail with files is rare (a delivery's invoice) and its files are made per send: it is not kept.
    if (message.attachments && message.attachments.length > 0) return encodeBody(message.subject, message.text, message.html, message.attachments);
    const key = message.html ?? message.text;
    const hit = bodies.get(key);
    if (hit && hit.subject === message.subject && hit.text === message.text && hit.html === message.html) return hit;
    const body = encodeBody(message.subject, message.text, message.html);
    bodies.set(key, body);
    if (bodies.size > BODY_CACHE_SIZE) bodies.delete(bodies.keys().next().value as string);
    return body;
  };
  return {
    build(message: MailMessage): Buffer {
      const now = Date.now();
      if (Math.floor(now / 1000) !== dateSecond) {
        dateSecond = Math.floor(now / 1000);
        date = mailDate(new Date(now));
      }
      const body = encoded(message);
      const head =
        `From: ${sender.header}${CRLF}To: ${asciiAddress(message.to)}${CRLF}${body.headerLines}` +
        `Message-ID: ${message.messageId}${CRLF}X-Outbox-Id: ${message.id}${CRLF}Date: ${date}${CRLF}${CRLF}`;
      return Buffer.concat([Buffer.from(head, 'utf8'), body.bytes]);
    },
  };
}

type MimeBuilder = ReturnType<typeof createMimeBuilder>;

/**
 * The message built once per mail, from a builder that keeps the encoded body of the last content (the sender
 * only changes with the configuration, so it is parsed again only when it does).
 */
export function createMessageBuilder(): (message: MailMessage) => { raw: Buffer; sender: Sender } {
  let sender: Sender | undefined;
  let builder: MimeBuilder | undefined;
  let from: string | undefined;
  return (message) => {
    if (!builder || !sender || from !== message.from) {
      from = message.from;
      sender = parseSender(message.from);
      builder = createMimeBuilder(sender);
    }
    return { raw: builder.build(message), sender };
  };
}
