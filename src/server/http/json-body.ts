import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** DESIGN.md §7.1: no request body the shop reads is nested deeper than this. */
export const JSON_MAX_DEPTH = 32;
/**
 * No list or object in a body the shop reads has more entries than this (the longest list any call takes is a
 * delivery rule's 500 pincodes). Parsing is what costs: a megabyte of `[1,1,…]` holds the event loop in JSON.parse
 * alone, so a wider one is refused while it streams in, before any parser sees it.
 */
export const JSON_MAX_ENTRIES = 1_000;
/**
 * Nor more values in all (entries of every list and object together): many lists of 999 would otherwise add up to
 * the same cost. The largest real bodies (the original client's 50-line cart, a delivery rule) hold about 2,000.
 */
export const JSON_MAX_VALUES = 20_000;

/** Orders and quotes (DESIGN.md §8.8): the original client's 50-line cart, the largest there is, takes about 32 KB. */
export const ORDER_BODY_LIMIT = 64 * 1024;
/** Sign-in, registration, password reset and profile calls: a few short fields. */
export const ACCOUNT_BODY_LIMIT = 16 * 1024;

export const tooDeep = () =>
  new HttpError(400, 'JSON_TOO_DEEP', `The request body nests objects or arrays more than ${JSON_MAX_DEPTH} levels deep; no call of this API needs that.`);

export const tooWide = () =>
  new HttpError(
    400,
    'JSON_TOO_WIDE',
    `A list or object in the request body has more than ${JSON_MAX_ENTRIES.toLocaleString('en')} entries; no call of this API takes that many.`,
  );

export const tooManyValues = () =>
  new HttpError(
    400,
    'JSON_TOO_WIDE',
    `The request body holds more than ${JSON_MAX_VALUES.toLocaleString('en')} values; no call of this API takes that many.`,
  );

export const bodyTooLarge = (limitBytes: number) =>
  new HttpError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than the ${describeBytes(limitBytes)} this call accepts.`);

export function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Follows the shape of JSON bytes as they arrive, without building anything: how deep objects and arrays nest and
 * how many entries each holds (commas at its own level). Brackets and commas inside strings (and escaped quotes) do
 * not count. A body 500,000 levels deep costs the parser about 0.6 s and a deep tree; this scan costs about a
 * millisecond per megabyte and stops at the first byte past a limit. Bytes of UTF-8 characters are never quote,
 * backslash, comma or bracket, so scanning bytes is exact.
 */
export class JsonShapeScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private values = 0;
  // Per open level: the commas seen at that level so far (entries = commas + 1).
  private readonly commas = new Uint32Array(JSON_MAX_DEPTH + 1);

  /** The limit the bytes so far break, or null while they keep within both. */
  push(chunk: Uint8Array): HttpError | null {
    let { depth, inString, escaped, values } = this;
    const commas = this.commas;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === COMMA) {
        if (depth > 0 && ++commas[depth]! >= JSON_MAX_ENTRIES) return tooWide();
        if (++values >= JSON_MAX_VALUES) return tooManyValues();
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        if (++depth > JSON_MAX_DEPTH) return tooDeep();
        commas[depth] = 0;
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth = Math.max(0, depth - 1);
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    this.values = values;
    return null;
  }
}

/** The limit a string of JSON breaks, or null (for bodies that arrive whole). */
export function jsonShapeProblem(text: string): HttpError | null {
  return new JsonShapeScanner().push(Buffer.from(text));
}

const ignore = () => {};

/**
 * The Content-Encodings a request body may come in (the compression plugin inflates them before any parser reads):
 * the two the shop answers in, and deflate, which browsers' CompressionStream also makes.
 */
export const REQUEST_ENCODINGS: ('gzip' | 'br' | 'deflate' | 'identity')[] = ['gzip', 'br', 'deflate', 'identity'];

export const unsupportedEncoding = (encoding: string) =>
  new HttpError(
    415,
    'UNSUPPORTED_CONTENT_ENCODING',
    `The request body is sent with Content-Encoding ${JSON.stringify(encoding.slice(0, 40))}; send it plain or compressed with gzip, br or deflate (one of them).`,
  );

/** What the compression plugin's inflating stream says it has read of the compressed body; undefined for a plain one. */
const encodedLength = (payload: NodeJS.ReadableStream): number | undefined => (payload as { receivedEncodedLength?: number }).receivedEncodedLength;

/**
 * Reads a JSON request body from its stream, scanning its shape as it arrives, within the route's body limit
 * (`bodyLimit` of the route, or the app's). Every way the stream can end (the limit, a shape past the limits, a
 * Content-Length the body does not match, the client hanging up) settles the promise, and the stream keeps an
 * error listener afterwards, so no error of a body can escape to the process. A refusal pauses the stream and is
 * answered with `Connection: close` (Fastify does so for every parser error), and Node then closes the socket once
 * the answer is out, without reading the rest.
 *
 * A compressed body arrives inflated: the limits count the inflated bytes (a small body inflating far past the limit
 * is a 413), while the Content-Length, which counts the bytes sent, is checked against what the inflating stream read.
 * Pausing matters most there: a stream merely left alone keeps inflating whatever keeps arriving.
 */
export function readJsonBody(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<Buffer> {
  const limit = request.routeOptions.bodyLimit;
  const declared = Number(request.headers['content-length']);
  payload.on('error', ignore);
  if (declared > limit) return Promise.reject(bodyTooLarge(limit));
  return new Promise<Buffer>((resolve, reject) => {
    const scanner = new JsonShapeScanner();
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error: Error | null) => {
      if (settled) return;
      settled = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      payload.removeListener('close', onClose);
      if (error) {
        payload.pause();
        reject(error);
      }
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received));
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit || (encodedLength(payload) ?? 0) > limit) return settle(bodyTooLarge(limit));
      const problem = scanner.push(bytes);
      if (problem) return settle(problem);
      chunks.push(bytes);
    }
    function onEnd() {
      if (!Number.isNaN(declared) && (encodedLength(payload) ?? received) !== declared) {
        settle(new HttpError(400, 'INVALID_JSON', 'The request body is not as long as its Content-Length header says.'));
      } else settle(null);
    }
    function onError(error: Error) {
      settle(new HttpError(400, 'BODY_NOT_READ', `The request body could not be read (${error.message}).`));
    }
    // The client hung up before the end: there is nobody to answer, but the promise must still settle.
    function onClose() {
      settle(new HttpError(400, 'BODY_NOT_READ', 'The request body ended before it was complete.'));
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.on('close', onClose);
    // Ended before we listened (never in practice: Fastify hands the stream over unread): nothing more will come.
    if ((payload as NodeJS.ReadableStream & { readableEnded?: boolean }).readableEnded) return onEnd();
    payload.resume();
  });
}

/**
 * The shop's one JSON parser: Fastify's own (secure-json-parse: `__proto__` and `constructor.prototype` keys are a
 * 400) fed by readJsonBody, so the
 * shape limits apply exactly where a JSON parser runs. A body of a type no parser takes (`text/json`,
 * `application/vnd.api+json`) is a 415 and is never read.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request, payload, done) => {
    readJsonBody(request, payload).then(
      (body) => parse(request, body.toString('utf8'), done),
      (error: Error) => done(error, undefined),
    );
  });
}

/** For a route that needs the exact text (a webhook's signature covers its bytes): the same limits, no parsing. */
export function addJsonTextParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request, payload, done) => {
    readJsonBody(request, payload).then(
      (body) => done(null, body.toString('utf8')),
      (error: Error) => done(error, undefined),
    );
  });
}
