import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLogger } from './request-logger';

function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { parent: pino({ level }, stream), lines };
}

describe('request logger', () => {
  it('makes no pino child for a request that logs nothing at an enabled level', () => {
    const { parent, lines } = logger('warn');
    const child = vi.spyOn(parent, 'child');
    const log = requestLogger(parent, { reqId: 'r-1' }, {});
    log.info('incoming request');
    log.debug('details');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('writes enabled lines with the request id bound, through one child', async () => {
    const { parent, lines } = logger('info');
    const child = vi.spyOn(parent, 'child');
    const log = requestLogger(parent, { reqId: 'r-2' }, {});
    log.info({ route: '/x' }, 'first');
    log.error(new Error('boom'), 'second');
    await new Promise((r) => setImmediate(r));
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { reqId: 'r-2', route: '/x', msg: 'first', level: 30 },
      { reqId: 'r-2', msg: 'second', level: 50, err: { message: 'boom' } },
    ]);
    log.child({ part: 'mail' }).warn('third');
    expect(lines[2]).toMatchObject({ reqId: 'r-2', part: 'mail', msg: 'third' });
  });

  it('a route with its own level gets its pino child at once', () => {
    const { parent } = logger('warn');
    const log = requestLogger(parent, { reqId: 'r-3' }, { level: 'debug' });
    expect(log.level).toBe('debug');
    expect(typeof (log as unknown as { bindings: unknown }).bindings).toBe('function');
  });
});
