import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { preferredEncoding, tagMatches, type Encoding, type PreparedBytes, type SentAnswer } from './encoded-answer';
import { requestIdOf } from './request-id';
import { securityHeadersFor } from './security';

/** A public answer, the same for everyone, that a route has just sent from its in-memory cache. */
export interface CachedEntry {
  /** The route pattern it was sent by: its requests are counted under that label in /metrics. */
  route: string;
  answer: SentAnswer;
  cacheControl: string;
  contentType: string;
  /** Whether the route would send these same bytes now; checked on every request, so it must be cheap. */
  fresh: () => boolean;
}

/**
 * A private answer, different for each caller (a customer's own orders): the route registers how to find it, and
 * each request reads its caller again, as the route's guard would.
 */
export interface SignedInRoute {
  /** The route pattern: its requests are counted under that label in /metrics. */
  route: string;
  cacheControl: string;
  contentType: string;
  /**
   * What the route would send this caller now, in `encoding`, or null when the route must answer itself (no valid
   * caller, nothing ready): Fastify then handles the request from the start, refusals included.
   */
  answer(authorization: string, encoding: Encoding): Promise<PreparedBytes | null>;
}

/** Counts one answered request, as the route's own metrics hook does. */
export type Recorder = (method: string, status: number, seconds: number) => void;

interface Entry extends CachedEntry {
  record: Recorder | null;
  /** Header lists per status and encoding, made on first use; slot 1 is the request id, written per request. */
  heads: Map<string, string[]>;
}

/** Fastify's access log lines ("incoming request", "request completed"), written the same way here. */
export interface AccessLog {
  log: FastifyBaseLogger;
  /** Whether those lines are written now (the level may change while the shop runs). */
  enabled: () => boolean;
  /** TRUST_PROXY > 0: forwarded headers may change the logged address and host. */
  trustsProxy: boolean;
}

interface SignedInEntry extends SignedInRoute {
  record: Recorder | null | undefined;
  /** The headers before the answer's own, in the order the route's hooks set them; slot 1 is the request id. */
  prefix: string[];
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A body, or headers about one (the compression plugin refuses an unknown Content-Encoding even on a GET). */
function mentionsBody(headers: IncomingMessage['headers']): boolean {
  return (
    headers['content-length'] !== undefined ||
    headers['transfer-encoding'] !== undefined ||
    headers['content-encoding'] !== undefined ||
    headers['content-type'] !== undefined
  );
}

// Product pages are remembered one per address; a shop far past this many is unusual, and forgetting them all
// only costs each one normal request.
const MAX_ENTRIES = 2000;

/**
 * Sends a fresh cached answer before Fastify sees the request: no routing, request and reply objects or hook
 * phases. Routes remember what they sent (`remember`) under the exact address they answered; a later plain GET or
 * HEAD of that address, with no body, is answered here with the same headers, in one write, while the entry is
 * fresh. Anything else, or any doubt, goes to Fastify. The test fast-path.test.ts compares both ways byte for byte.
 */
export class FastPath {
  /** Off: every request goes to Fastify (tests compare both ways; a closing app answers 503 there). */
  enabled = true;
  /** Requests answered here (tests use it to know which way a request went). */
  answered = 0;
  readonly #entries = new Map<string, Entry>();
  readonly #signedIn = new Map<string, SignedInEntry>();
  #recorderFor: ((route: string) => Recorder) | null = null;
  #access: AccessLog | null = null;

  /** Where counts go (registerMetrics), and the access log lines Fastify writes (app.ts). */
  configure(options: { recorderFor?: (route: string) => Recorder; access?: AccessLog }): void {
    if (options.recorderFor) this.#recorderFor = options.recorderFor;
    if (options.access) this.#access = options.access;
  }

  remember(path: string, entry: CachedEntry): void {
    const known = this.#entries.get(path);
    if (known && known.answer === entry.answer && known.route === entry.route) {
      known.fresh = entry.fresh;
      return;
    }
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(path, { ...entry, record: this.#recorderFor?.(entry.route) ?? null, heads: new Map() });
  }

  /** Answers plain GETs of `path` with a caller's private answer (see SignedInRoute). */
  signedIn(path: string, route: SignedInRoute): void {
    const prefix = ['x-request-id', ''];
    for (const [name, value] of Object.entries(securityHeadersFor(path))) prefix.push(name, value);
    // The guard sets Cache-Control before it checks the caller, so it comes before the answer's ETag.
    prefix.push('cache-control', route.cacheControl);
    this.#signedIn.set(path, { ...route, record: undefined, prefix });
  }

  /** Wraps Fastify's request handler: a request this path cannot answer exactly goes on to it. */
  wrap(next: Handler): Handler {
    return (request, response) => {
      if (!this.#answer(request, response) && !this.#answerSignedIn(request, response, next)) next(request, response);
    };
  }

  #answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.enabled) return false;
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = request.url;
    const entry = url === undefined ? undefined : this.#entries.get(url);
    if (!entry) return false;
    const headers = request.headers;
    if (mentionsBody(headers)) return false;
    if (!entry.fresh()) {
      this.#entries.delete(url!);
      return false;
    }
    if (this.#proxiedAndLogged(headers)) return false;
    const started = performance.now();
    const notModified = tagMatches(headers['if-none-match'], entry.answer.etag);
    const encoding = preferredEncoding(headers['accept-encoding']);
    const status = notModified ? 304 : 200;
    const head = this.#head(entry, url!, status, encoding);
    this.#send(request, response, status, head, notModified || method === 'HEAD' ? null : entry.answer.encoded[encoding], started, entry.record);
    return true;
  }

  /**
   * A plain GET of a signed-in route with an Authorization header: claimed now, answered once the caller is read.
   * When the route must answer after all (no valid caller, nothing ready, an error, the app closing), the request
   * goes on to Fastify untouched: a GET without a body has nothing read from it yet.
   */
  #answerSignedIn(request: IncomingMessage, response: ServerResponse, next: Handler): boolean {
    if (!this.enabled || request.method !== 'GET' || request.url === undefined) return false;
    const route = this.#signedIn.get(request.url);
    const headers = request.headers;
    const authorization = headers.authorization;
    if (!route || authorization === undefined || mentionsBody(headers) || this.#proxiedAndLogged(headers)) return false;
    const started = performance.now();
    const encoding = preferredEncoding(headers['accept-encoding']);
    const onAnswer = (prepared: PreparedBytes | null) => {
      if (prepared === null || !this.enabled) return next(request, response);
      const notModified = tagMatches(headers['if-none-match'], prepared.etag);
      const status = notModified ? 304 : 200;
      const head = [...route.prefix, 'etag', prepared.etag, 'vary', 'Accept-Encoding'];
      if (!notModified) {
        if (prepared.encoding !== 'identity') head.push('content-encoding', prepared.encoding);
        head.push('content-type', route.contentType, 'content-length', String(prepared.bytes.length));
      }
      if (route.record === undefined) route.record = this.#recorderFor?.(route.route) ?? null;
      this.#send(request, response, status, head, notModified ? null : prepared.bytes, started, route.record);
    };
    route
      .answer(authorization, encoding)
      .then(onAnswer, () => next(request, response))
      .catch((error: unknown) => {
        // Neither way could answer: the client gets a closed connection rather than a request left hanging.
        this.#access?.log.error({ err: error }, 'a signed-in request could not be answered');
        response.destroy();
      });
    return true;
  }

  /** Behind a trusted proxy the logged address and host come from its headers; Fastify works those out. */
  #proxiedAndLogged(headers: IncomingMessage['headers']): boolean {
    const access = this.#access;
    return (
      access !== null &&
      access.trustsProxy &&
      (headers['x-forwarded-for'] !== undefined || headers['x-forwarded-host'] !== undefined) &&
      access.enabled()
    );
  }

  /** Writes the answer in one go, with Fastify's access log lines and the route's count. */
  #send(
    request: IncomingMessage,
    response: ServerResponse,
    status: 200 | 304,
    head: string[],
    body: Buffer | null,
    started: number,
    record: Recorder | null,
  ): void {
    const id = requestIdOf(request);
    const log = this.#access !== null && this.#access.enabled() ? this.#access.log.child({ reqId: id }) : null;
    const { method, url, headers } = request;
    // The shapes Fastify's request and reply serializers read: with no proxy to believe, the socket's address and Host.
    log?.info({ req: { method, url, headers, host: headers.host ?? '', ip: request.socket.remoteAddress, socket: request.socket } }, 'incoming request');
    head[1] = id;
    response.writeHead(status, head);
    if (body === null) response.end();
    else response.end(body);
    this.answered += 1;
    const elapsed = performance.now() - started;
    log?.info({ res: { statusCode: status }, responseTime: elapsed }, 'request completed');
    record?.(method!, status, elapsed / 1000);
  }

  /** The headers the route and the hooks before it send, in their order (security.ts, sendPrepared). */
  #head(entry: Entry, url: string, status: 200 | 304, encoding: Encoding): string[] {
    const key = `${status}${encoding}`;
    let head = entry.heads.get(key);
    if (head) return head;
    head = ['x-request-id', ''];
    for (const [name, value] of Object.entries(securityHeadersFor(url))) head.push(name, value);
    head.push('etag', entry.answer.etag, 'cache-control', entry.cacheControl, 'vary', 'Accept-Encoding');
    if (status === 200) {
      if (encoding !== 'identity') head.push('content-encoding', encoding);
      head.push('content-type', entry.contentType, 'content-length', String(entry.answer.encoded[encoding].length));
    }
    entry.heads.set(key, head);
    return head;
  }
}
