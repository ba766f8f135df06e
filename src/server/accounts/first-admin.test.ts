import { Writable } from 'node:stream';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { authAnswerSchema } from '../../domain/schemas/account';
import { createShop } from '../bootstrap';
import { notices } from './admin-notice';
import { createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { call } from './test-helpers';

/** A pino logger that keeps its lines, so a test can read what the first start printed. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

describeEachDatabase('the first admin', (dialect) => {
  let shop: TestShop;
  afterAll(async () => shop.close());

  it('is created on first start from ADMIN_EMAIL / ADMIN_PASSWORD and logs in with both roles', async () => {
    shop = await createTestShop(dialect, { env: { ADMIN_EMAIL: 'Owner@GheeShop.test', ADMIN_PASSWORD: 'owner-secret' } });
    const res = await call(shop, 'POST', '/api/account/login', { email: 'owner@gheeshop.test', password: 'owner-secret' });
    expect(res.status).toBe(200);
    expect(authAnswerSchema.parse(res.json()).user.roles).toEqual(['USER', 'ADMIN']);
  });
});

describe('the first admin without ADMIN_PASSWORD [sqlite]', () => {
  let shop: TestShop;
  afterAll(async () => shop.close());
  afterEach(() => vi.restoreAllMocks());

  it('gets a generated password printed once in a plain frame (never in the JSON log), which logs in; a restart prints nothing', async () => {
    const first = capturingLogger();
    const printed: string[] = [];
    vi.spyOn(notices, 'print').mockImplementation((text) => void printed.push(text));
    shop = await createTestShop('sqlite', { env: { ADMIN_PASSWORD: '' }, logger: first.logger });
    expect(printed).toHaveLength(1);
    const notice = printed[0] ?? '';
    const lines = notice.trim().split('\n');
    // A frame of #: first and last lines all #, every line in between starts and ends with one, all one width.
    expect(lines[0]).toMatch(/^#{20,}$/);
    expect(lines.at(-1)).toBe(lines[0]);
    for (const line of lines) expect(line.length).toBe(lines[0]?.length);
    expect(notice).toContain('email:    admin@gheeshop.test');
    const password = /password: (\S+)/.exec(notice)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(first.lines.join('')).not.toContain(password);
    expect(first.lines.join('')).toContain('admin account created with a generated password');
    const res = await call(shop, 'POST', '/api/account/login', { email: 'admin@gheeshop.test', password });
    expect(res.status).toBe(200);

    printed.length = 0;
    const second = capturingLogger();
    const restarted = await createShop(shop.config, { logger: second.logger, serveWeb: false, seed: { images: false } });
    await restarted.app.close();
    expect(printed).toEqual([]);
    expect(second.lines.join('')).not.toContain(password);
    expect(second.lines.join('')).not.toContain('admin account created');
  });
});
