import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { authAnswerSchema } from '../../domain/schemas/account';
import { createShop } from '../bootstrap';
import { createTestShop, describeEachDatabase, type TestShop } from '../test-support/test-shop';
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

  it('gets a generated password printed once, which logs in; a restart prints nothing new', async () => {
    const first = capturingLogger();
    shop = await createTestShop('sqlite', { env: { ADMIN_PASSWORD: '' }, logger: first.logger });
    const printed = first.lines.join('').match(/Admin account created: (\S+) with password (\S+) /);
    expect(printed?.[1]).toBe('admin@gheeshop.test');
    const password = printed?.[2] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    const res = await call(shop, 'POST', '/api/account/login', { email: 'admin@gheeshop.test', password });
    expect(res.status).toBe(200);

    const second = capturingLogger();
    const restarted = await createShop(shop.config, { logger: second.logger, serveWeb: false, seed: { images: false } });
    await restarted.app.close();
    expect(second.lines.join('')).not.toContain(password);
    expect(second.lines.join('')).not.toContain('Admin account created');
  });
});
