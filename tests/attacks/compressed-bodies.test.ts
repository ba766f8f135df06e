// Attack suite: request bodies sent gzip- or brotli-compressed. A correct one is read like the same body sent plain;
// the body limits count the inflated bytes, and a small body that inflates without end (a zip bomb) is refused
// after little more than the limit has been inflated.
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { ACCOUNT_BODY_LIMIT, ORDER_BODY_LIMIT } from '../../src/server/http/json-body';
import { orderBody } from '../support/test-orders';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';
import { expectNoServerError } from './attack-support';

// Every inflating stream the compression plugin makes counts the bytes it puts out, so a test can tell how much of a
// body was inflated, not only what the answer was.
let inflated = 0;
function counting<T extends zlib.Gunzip | zlib.BrotliDecompress>(make: () => T): () => T {
  return () => {
    const stream = make();
    const push = stream.push.bind(stream);
    stream.push = (chunk: unknown) => {
      if (chunk instanceof Uint8Array) inflated += chunk.length;
      return push(chunk);
    };
    return stream;
  };
}

describeEachDatabase('attack: compressed request bodies', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;

  beforeAll(async () => {
    const gunzip = zlib.createGunzip;
    const unbrotli = zlib.createBrotliDecompress;
    vi.spyOn(zlib, 'createGunzip').mockImplementation(counting(() => gunzip()));
    vi.spyOn(zlib, 'createBrotliDecompress').mockImplementation(counting(() => unbrotli()));
    shop = await createTestShop(dialect, { logger: { level: 'error' } });
    customer = await createTestUser(shop);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await shop.close();
  });
  afterEach(() => {
    inflated = 0;
  });

  const post = (url: string, body: Buffer | Readable, encoding: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', 'content-encoding': encoding, ...headers } });
  const gzip = (text: string) => zlib.gzipSync(Buffer.from(text));
  const brotli = (text: string) => zlib.brotliCompressSync(Buffer.from(text));

  it('a gzip or brotli JSON body is read like the same body sent plain', async () => {
    const login = JSON.stringify({ email: customer.email, password: customer.password });
    for (const [encoding, body] of [['gzip', gzip(login)], ['br', brotli(login)]] as const) {
      const res = await post('/api/account/login', body, encoding);
      expect(res.statusCode, `${encoding}: ${res.body}`).toBe(200);
    }
    const order = JSON.stringify(orderBody({ paymentmode: 'CASHONDELIVERY' }));
    const placed = await post('/api/checkout/codorder', gzip(order), 'gzip', customer.auth);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ orderid: expect.any(String) });
    expect(inflated).toBeGreaterThanOrEqual(Buffer.byteLength(order));
  });

  it('the shape limits apply to the inflated JSON', async () => {
    const res = await post('/api/account/login', gzip('['.repeat(40) + ']'.repeat(40)), 'gzip');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'JSON_TOO_DEEP' });
  });

  it("the body limit counts inflated bytes: a small compressed body over a call's limit is a 413", async () => {
    const padded = JSON.stringify({ email: customer.email, password: customer.password, pad: ' '.repeat(ACCOUNT_BODY_LIMIT) });
    const login = await post('/api/account/login', brotli(padded), 'br');
    expect(login.statusCode).toBe(413);
    expect(login.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/16 KB/) });
    const order = JSON.stringify({ ...orderBody({ paymentmode: 'CASHONDELIVERY' }), pad: ' '.repeat(ORDER_BODY_LIMIT) });
    const res = await post('/api/checkout/codorder', gzip(order), 'gzip', customer.auth);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/64 KB/) });
  });

  it('a zip bomb (about 1 GB inflated) is refused after little more than the limit is inflated', async () => {
    // Streamed without a Content-Length, as an attacker would, so nothing is refused before it is read.
    const member = zlib.gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20), { level: 9 });
    const gzipBomb = Readable.from(Array.from({ length: 60 }, () => member));
    const brotliBomb = zlib.brotliCompressSync(Buffer.alloc(256 * 1024 * 1024, 0x20), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
    expect(brotliBomb.length).toBeLessThan(ORDER_BODY_LIMIT);
    for (const [encoding, bomb] of [['gzip', gzipBomb], ['br', Readable.from([brotliBomb])]] as const) {
      inflated = 0;
      const res = await post('/api/checkout/codorder', bomb, encoding, customer.auth);
      expectNoServerError(res, `${encoding} bomb`);
      expect(res.statusCode, encoding).toBe(413);
      // Let anything still inflating run on before counting.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(inflated, encoding).toBeLessThan(ORDER_BODY_LIMIT + 256 * 1024);
    }
    expect((await shop.app.inject('/healthz')).statusCode).toBe(200);
  });

  it('a body that is not what its Content-Encoding says is a 400; a Content-Length the compressed body does not match is a 400', async () => {
    const broken = await post('/api/account/login', Buffer.from('{"email":"a@example.in"}'), 'gzip');
    expectNoServerError(broken, 'not gzip');
    expect(broken.statusCode).toBe(400);
    const body = gzip(JSON.stringify({ email: customer.email, password: customer.password }));
    const short = await post('/api/account/login', body, 'gzip', { 'content-length': String(body.length + 5) });
    expectNoServerError(short, 'content-length lie');
    expect(short.statusCode).toBe(400);
  });

  it('an encoding the shop does not take is a 415 that names the ones it does', async () => {
    for (const encoding of ['compress', 'zstd', 'gzip, br']) {
      const res = await post('/api/account/login', Buffer.from('{}'), encoding);
      expect(res.statusCode, encoding).toBe(415);
      expect(res.json(), encoding).toMatchObject({ error: 'UNSUPPORTED_CONTENT_ENCODING', message: expect.stringMatching(/gzip.*br/) });
    }
  });
});
