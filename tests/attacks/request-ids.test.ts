// Attack suite: an incoming X-Request-Id was taken as it came and echoed in the answer and every log line of the
// request, at 8,000 characters too (log flooding, and whatever a log viewer makes of its characters). An incoming id
// is now kept only when it is at most 64 safe characters (letters, digits and `. _ : = + / -`); otherwise the
// request gets a fresh one.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestShop, describeEachDatabase, type TestShop } from '../support/test-shop';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeEachDatabase('attack: request ids', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());

  const answeredId = async (id: string, url = '/healthz') =>
    (await shop.app.inject({ method: 'GET', url, headers: { 'x-request-id': id } })).headers['x-request-id'];

  it('an 8,000-character id is replaced by a fresh one', async () => {
    const id = await answeredId('a'.repeat(8000));
    expect(id).toMatch(UUID);
  });

  it('a load balancer\'s id of up to 64 safe characters is kept', async () => {
    for (const id of ['lb-trace-0001', 'a'.repeat(64), 'Root=1-67891233-abcdef012345678912345678'.slice(0, 64), 'req_01H:x.y-z']) {
      expect(await answeredId(id)).toBe(id);
    }
  });

  it('65 characters, spaces, markup, quotes, non-ASCII or an empty id get a fresh one', async () => {
    for (const id of ['a'.repeat(65), 'has space', '<script>alert(1)</script>', 'a"b', "x';--", 'नमस्ते', '%0d%0aSet-Cookie:x', '']) {
      expect(await answeredId(id), JSON.stringify(id)).toMatch(UUID);
    }
  });

  it('error answers carry the checked id too', async () => {
    expect(await answeredId('b'.repeat(500), '/api/no-such-route')).toMatch(UUID);
    expect(await answeredId('ok-id', '/api/no-such-route')).toBe('ok-id');
  });
});
