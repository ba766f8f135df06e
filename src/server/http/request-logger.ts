import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger that makes its pino child (with the request id bound) only when a line is written at an enabled
 * level. Fastify makes a child for every request; pino copies the parent's methods onto each child, and a cached
 * answer otherwise logs nothing, so the child was made for nothing on nearly every request.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  #write(level: Level, args: LogArgs): void {
    if (this.#child) this.#child[level](...args);
    else if (this.#parent.isLevelEnabled(level)) this.#real()[level](...args);
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: LogArgs): void {
    this.#write('fatal', args);
  }
  error(...args: LogArgs): void {
    this.#write('error', args);
  }
  warn(...args: LogArgs): void {
    this.#write('warn', args);
  }
  info(...args: LogArgs): void {
    this.#write('info', args);
  }
  debug(...args: LogArgs): void {
    this.#write('debug', args);
  }
  trace(...args: LogArgs): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: the request's child is made when first written to (see RequestLogger). */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const parent = logger as Partial<Logger>;
  // A route with its own level or serializers, or a logger that is not pino, gets its child at once, as by default.
  if (options.level !== undefined || options.serializers !== undefined || typeof parent.isLevelEnabled !== 'function') {
    return logger.child(bindings, options);
  }
  return new RequestLogger(logger as Logger, bindings);
}
