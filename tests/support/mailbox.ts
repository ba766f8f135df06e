import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ParsedMail {
  file: string;
  to: string;
  from: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  /** Parts sent as attachments, decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

interface Part {
  type: string;
  content: string;
  attachment?: { filename: string; content: Buffer };
}

/** The mails the file transport wrote under DATA_DIR/mail, oldest first. */
export function readMailbox(dataDir: string): ParsedMail[] {
  const dir = path.join(dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((file) => ({ file, ...parseEml(readFileSync(path.join(dir, file), 'utf8')) }));
}

/** Just enough MIME to read what the shop writes: headers, multipart/alternative and mixed, QP or base64 parts, attachments. */
export function parseEml(raw: string): Omit<ParsedMail, 'file'> {
  const { headers, body } = splitHeaders(raw);
  // The message ends with a line break that is not part of its content.
  const parts = collectParts(headers, body.replace(/\n$/, ''));
  return {
    to: decodeWords(headers.get('to') ?? ''),
    from: decodeWords(headers.get('from') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    messageId: headers.get('message-id') ?? '',
    text: parts.find((p) => !p.attachment && p.type === 'text/plain')?.content ?? '',
    html: parts.find((p) => !p.attachment && p.type === 'text/html')?.content ?? '',
    attachments: parts.flatMap((p) => (p.attachment ? [{ ...p.attachment, contentType: p.type }] : [])),
  };
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Map<string, string>, body: string): Part[] {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? 'text/plain';
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => {
        // The line break before a boundary belongs to the boundary (RFC 2046), not to the part before it.
        const part = splitHeaders(chunk.replace(/^\n/, '').replace(/\n$/, ''));
        return collectParts(part.headers, part.body);
      });
  }
  const disposition = headers.get('content-disposition') ?? '';
  if (/^attachment/i.test(disposition)) {
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '';
    const bytes = /base64/i.test(headers.get('content-transfer-encoding') ?? '') ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'utf8');
    return [{ type, content: '', attachment: { filename, content: bytes } }];
  }
  return [{ type, content: decodeBody(body, headers.get('content-transfer-encoding')) }];
}

function decodeBody(body: string, encoding = '7bit'): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body.replace(/=\n/g, ''));
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) used for non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, text: string) => {
      if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      return decodeBody(text.replace(/_/g, ' '), 'quoted-printable');
    });
}
