import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

/** What is sent: the entity tag and the bytes ready in each encoding. */
export interface SentAnswer {
  etag: string;
  encoded: { identity: Buffer; br: Buffer; gzip: Buffer };
}

/** An answer (JSON, or a crawlable page) serialized once, with its entity tag and its bytes ready to send in each encoding. */
export interface EncodedAnswer extends SentAnswer {
  body: string;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The tag depends only on the content, so every process answers the same tag for the same answer. */
export function entityTag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * At most this many answers are compressed at once. Each compression takes its encoders' memory (a brotli
 * encoder at quality 6 to 11 holds megabytes) as soon as it is started, not when a thread-pool thread takes it up,
 * so hundreds of customers whose order lists changed at once held hundreds of them, and resident memory jumped for
 * a moment (`npm run bench:load` shows it). Two answers at a time, brotli and gzip side by side, keep a pool of up
 * to four threads as busy as hundreds did.
 */
export const ENCODE_CONCURRENCY = 2;
let encoding = 0;
const waiting: (() => void)[] = [];

/** How many answers are being compressed right now (never more than ENCODE_CONCURRENCY). */
export function encodesRunning(): number {
  return encoding;
}

async function inEncodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (encoding >= ENCODE_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else encoding += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so a caller arriving meanwhile cannot take it as well.
    const next = waiting.shift();
    if (next) next();
    else encoding -= 1;
  }
}

interface EncodeOptions {
  brotliQuality?: number;
}

/**
 * Compresses once on the thread pool (off the event loop), at the highest levels unless told otherwise;
 * the same body as `previous` reuses its bytes.
 */
export async function encodeAnswer(body: string, previous: EncodedAnswer | null, options?: EncodeOptions): Promise<EncodedAnswer>;
export async function encodeAnswer(body: string, previous: SentAnswer | null, options?: EncodeOptions): Promise<SentAnswer>;
export async function encodeAnswer(body: string, previous: SentAnswer | null, options: EncodeOptions = {}): Promise<SentAnswer> {
  const etag = entityTag(body);
  if (previous && previous.etag === etag) return previous;
  const identity = Buffer.from(body);
  const quality = options.brotliQuality ?? zlibConstants.BROTLI_MAX_QUALITY;
  const [br, gz] = await inEncodeSlot(() =>
    Promise.all([
      brotliAsync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzipAsync(identity, { level: zlibConstants.Z_BEST_COMPRESSION }),
    ]),
  );
  const answer: EncodedAnswer = { body, etag, encoded: { identity, br, gzip: gz } };
  return answer;
}

/**
 * Bodies up to this size are compressed on the event loop, in the one encoding asked for. At brotli 6 an order
 * list this size takes well under a millisecond (gzip about the same), while the thread pool's round trip (a
 * stream, its callbacks, a turn of a busy event loop for each) made the answer wait far longer under
 * `npm run bench:load`, holding its text and bytes all that time.
 */
export const EVENT_LOOP_ENCODE_MAX_BYTES = 64 * 1024;
/** The highest brotli quality compressed on the event loop: 7 and up cost several times as much for little. */
export const EVENT_LOOP_BROTLI_MAX_QUALITY = 6;

/**
 * One answer's bytes in one encoding: compressed on the event loop when small, on the thread pool otherwise. The
 * bytes are a buffer of their own, not a view of zlib's 16 KB output chunk, so whoever keeps them keeps only them.
 */
export async function encodeOne(identity: Buffer, encoding: Encoding, brotliQuality: number): Promise<Buffer> {
  if (encoding === 'identity') return ownBuffer(identity);
  const onLoop = identity.length <= EVENT_LOOP_ENCODE_MAX_BYTES && (encoding === 'gzip' || brotliQuality <= EVENT_LOOP_BROTLI_MAX_QUALITY);
  if (encoding === 'gzip') {
    // gzip's default level: 9 made the same lists no smaller, for a third more time.
    const gzipOptions = { level: zlibConstants.Z_DEFAULT_COMPRESSION };
    return ownBuffer(onLoop ? gzipSync(identity, gzipOptions) : await inEncodeSlot(() => gzipAsync(identity, gzipOptions)));
  }
  const brotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } };
  return ownBuffer(onLoop ? brotliCompressSync(identity, brotliOptions) : await inEncodeSlot(() => brotliAsync(identity, brotliOptions)));
}

/** `bytes` in memory of its own size: zlib answers a short output as a view of its 16 KB chunk, and Buffer.from a short text as a view of an 8 KB pool. */
export function ownBuffer(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** br when the client takes it, else gzip, else the plain bytes (an encoding given q=0 is refused). */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  const key = Array.isArray(header) ? header.join(',') : (header ?? '');
  const known = encodingByHeader.get(key);
  if (known) return known;
  const encoding = parseEncoding(key);
  // Browsers send a handful of distinct values; a client sending many only makes the memo start over.
  if (encodingByHeader.size >= ENCODING_MEMO_SIZE) encodingByHeader.clear();
  encodingByHeader.set(key, encoding);
  return encoding;
}

// Parsing Accept-Encoding on every request cost 2% of a cached answer's time; the answer depends only on the value.
export const ENCODING_MEMO_SIZE = 64;
const encodingByHeader = new Map<string, Encoding>();

/** How many Accept-Encoding values are remembered now (never more than ENCODING_MEMO_SIZE). */
export function rememberedEncodings(): number {
  return encodingByHeader.size;
}

function parseEncoding(header: string): Encoding {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  if (accepted.has('gzip') || accepted.has('x-gzip')) return 'gzip';
  return 'identity';
}

/** Whether an If-None-Match header names the tag (or any tag): the client already has the answer. */
export function tagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** One encoding of an answer, ready to send. */
export interface PreparedBytes {
  etag: string;
  encoding: Encoding;
  bytes: Buffer;
}

/** Sends the answer in the best encoding the client takes, or 304 when the client already has it. */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SentAnswer,
  cacheControl: string,
  contentType = 'application/json; charset=utf-8',
): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  return sendPrepared(request, reply, { etag: answer.etag, encoding, bytes: answer.encoded[encoding] }, cacheControl, contentType);
}

/** Sends bytes already in the encoding the client asked for (see preferredEncoding), or 304 when the client has them. */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedBytes,
  cacheControl: string,
  contentType = 'application/json; charset=utf-8',
): FastifyReply {
  // CORS (CORS_ORIGINS) may already vary the answer by Origin; a cache must keep both apart.
  const vary = reply.getHeader('vary');
  reply.header('ETag', prepared.etag).header('Cache-Control', cacheControl).header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (tagMatches(request.headers['if-none-match'], prepared.etag)) return reply.status(304).send();
  // Already compressed: the Content-Encoding header tells the compression plugin to leave the bytes alone.
  if (prepared.encoding !== 'identity') reply.header('Content-Encoding', prepared.encoding);
  return reply.type(contentType).send(prepared.bytes);
}
