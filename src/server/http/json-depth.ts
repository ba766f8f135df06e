import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** DESIGN.md §7.1: no request body the shop reads is nested deeper than this. */
export const JSON_MAX_DEPTH = 32;

export const tooDeep = () =>
  new HttpError(400, 'JSON_TOO_DEEP', `The request body nests objects or arrays more than ${JSON_MAX_DEPTH} levels deep; no call of this API needs that.`);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Follows the nesting of JSON bytes as they arrive, without building anything: brackets inside strings (and
 * escaped quotes) do not count. A body 500,000 levels deep costs the parser about 0.6 s of event loop and
 * a deep tree; this scan costs about a millisecond per megabyte and stops at level 33. Bytes of UTF-8
 * characters are never quote, backslash or bracket, so scanning bytes is exact.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;

  /** False as soon as the nesting passes the limit. */
  push(chunk: Uint8Array): boolean {
    let { depth, inString, escaped } = this;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        if (++depth > JSON_MAX_DEPTH) return false;
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return true;
  }
}

/** Whether a string of JSON stays within the nesting limit (for bodies that arrive whole). */
export function withinJsonDepth(text: string): boolean {
  return new JsonDepthScanner().push(Buffer.from(text));
}

/**
 * Scans every JSON request body while it streams in, on every route (the webhook's raw body included, since it
 * is the same stream), and fails it with a 400 at the first byte past the limit: a hostile body is refused before
 * the rest of it is even read (the connection then closes), and long before any parser sees it.
 */
export function registerJsonDepthGuard(app: FastifyInstance): void {
  app.addHook('preParsing', (request, reply, payload, done) => {
    const type = request.headers['content-type'];
    if (typeof type !== 'string' || !type.toLowerCase().includes('json')) {
      done(null, payload);
      return;
    }
    const scanner = new JsonDepthScanner();
    const guarded = new Transform({
      transform(chunk: Buffer, _encoding, callback: TransformCallback) {
        if (scanner.push(chunk)) callback(null, chunk);
        else {
          // The rest of the body is not worth receiving: once the 400 is out the socket is destroyed, where Node
          // would otherwise read and discard up to a megabyte more per request.
          void reply.header('connection', 'close');
          const socket = request.raw.socket;
          reply.raw.once('finish', () => socket.destroy());
          callback(tooDeep());
        }
      },
    });
    payload.on('error', (error) => guarded.destroy(error));
    done(null, payload.pipe(guarded));
  });
}
