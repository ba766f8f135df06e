import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { askRaw, type RawAnswer as Answer } from '../../../tests/support/raw-http';
import { createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';

const METRICS_TOKEN = 'fast-path-metrics-token-0123456789';

describeEachDatabase('fresh cached answers before the hooks', (dialect) => {
  let shop: TestShop;
  let port: number;
  let productPath: string;

  const ask = (path: string, headers: Record<string, string> = {}, method = 'GET') => askRaw(port, path, headers, method);

  /** The same request answered by the fast path (or not, when it must decline) and by Fastify's routes. */
  async function bothWays(path: string, headers: Record<string, string> = {}, method = 'GET', fast = true) {
    const fastPath = shop.app.ctx.fastPath;
    fastPath.enabled = true;
    // The cached inputs of an answer (catalogue, business details, shop profile) are trusted for a second or two by
    // Date.now; a busy machine can take longer than that between the asks, so the clock is held still while they run.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      // A normal answer first, so the route has just remembered a fresh entry.
      await ask(path, {}, 'GET');
      const before = fastPath.answered;
      const viaFastPath = await ask(path, headers, method);
      expect(fastPath.answered - before).toBe(fast ? 1 : 0);
      fastPath.enabled = false;
      const viaRoutes = await ask(path, headers, method);
      expect(fastPath.answered - before).toBe(fast ? 1 : 0);
      return { viaFastPath, viaRoutes };
    } finally {
      fastPath.enabled = true;
      clock.mockRestore();
    }
  }

  async function expectSame(path: string, headers: Record<string, string> = {}, method = 'GET', fast = true): Promise<Answer> {
    const { viaFastPath, viaRoutes } = await bothWays(path, headers, method, fast);
    expect(viaFastPath.status).toBe(viaRoutes.status);
    expect(viaFastPath.headers).toEqual(viaRoutes.headers);
    expect(viaFastPath.body).toBe(viaRoutes.body);
    expect(viaFastPath.requestId).toMatch(/^[0-9a-f-]{36}$/);
    return viaFastPath;
  }

  beforeAll(async () => {
    shop = await createTestShop(dialect, { env: { METRICS_TOKEN } });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as { port: number }).port;
    const list = await (await fetch(`http://127.0.0.1:${port}/api/public/product`)).json();
    productPath = `/products/${(list as { slug: string }[])[0]!.slug}`;
    // The first page pays for loading the renderer; later ones come from the page cache.
    await ask(productPath);
  });

  afterAll(async () => {
    await shop?.close();
  });

  for (const path of ['/api/public/product', 'product page', '/products', '/sitemap.xml', '/robots.txt']) {
    const at = () => (path === 'product page' ? productPath : path);

    it(`${path}: the same status, headers and bytes for each Accept-Encoding`, async () => {
      const plain = await expectSame(at());
      expect(plain.status).toBe(200);
      expect(plain.headers).not.toContainEqual(expect.stringMatching(/^content-encoding/));
      const gzip = await expectSame(at(), { 'accept-encoding': 'gzip' });
      expect(gzip.headers).toContain('content-encoding: gzip');
      const br = await expectSame(at(), { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers).toContain('content-encoding: br');
      const refused = await expectSame(at(), { 'accept-encoding': 'br;q=0, gzip' });
      expect(refused.headers).toContain('content-encoding: gzip');
    });

    it(`${path}: If-None-Match matching answers the same 304, not matching the same 200`, async () => {
      const { etag } = Object.fromEntries((await expectSame(at())).headers.map((h) => h.split(': ') as [string, string]));
      const notModified = await expectSame(at(), { 'if-none-match': etag!, 'accept-encoding': 'br' });
      expect(notModified.status).toBe(304);
      expect(notModified.body).toBe('');
      expect((await expectSame(at(), { 'if-none-match': `W/${etag}` })).status).toBe(304);
      expect((await expectSame(at(), { 'if-none-match': '"something-else"' })).status).toBe(200);
    });

    it(`${path}: HEAD answers the same headers without a body`, async () => {
      const head = await expectSame(at(), { 'accept-encoding': 'gzip' }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
    });

    it(`${path}: a plain request id sent by a proxy is kept, an unsafe one replaced`, async () => {
      const { viaFastPath, viaRoutes } = await bothWays(at(), { 'x-request-id': 'lb-1234.abc' });
      expect(viaFastPath.requestId).toBe('lb-1234.abc');
      expect(viaRoutes.requestId).toBe('lb-1234.abc');
      const unsafe = await bothWays(at(), { 'x-request-id': '<script>' });
      expect(unsafe.viaFastPath.requestId).toMatch(/^[0-9a-f-]{36}$/);
    });
  }

  it('a product list just loaded is answered before the hooks from the very next request', async () => {
    shop.app.ctx.catalogue.invalidate();
    expect((await ask('/api/public/product')).status).toBe(200);
    const before = shop.app.ctx.fastPath.answered;
    expect((await ask('/api/public/product')).status).toBe(200);
    expect(shop.app.ctx.fastPath.answered - before).toBe(1);
  });

  it('leaves to the routes what it does not know: a query string, an unknown product, other methods, a body', async () => {
    await expectSame('/api/public/product?fields=all', {}, 'GET', false);
    const missing = await expectSame('/products/no-such-ghee', {}, 'GET', false);
    expect(missing.status).toBe(404);
    await expectSame('/api/public/product', {}, 'OPTIONS', false);
    await expectSame('/api/public/product', { 'content-length': '0' }, 'GET', false);
    await expectSame('/api/public/product', { 'content-encoding': 'x-unknown' }, 'GET', false);
    await expectSame('/api/public/product', { 'content-type': 'application/json' }, 'GET', false);
  });

  it('counts its answers under the route in /metrics, with their durations', async () => {
    const metrics = async () =>
      (await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text()).split('\n');
    const count = (lines: string[], name: string) => Number(lines.find((l) => l.startsWith(name))?.split(' ').pop() ?? 0);
    const requests = 'http_requests_total{method="HEAD",route="/products/:slug",status="200"}';
    const durations = 'http_request_duration_seconds_count{method="HEAD",route="/products/:slug"}';
    const before = await metrics();
    await bothWays(productPath, {}, 'HEAD');
    const after = await metrics();
    // One through the fast path, one through the routes, the GET before them aside.
    expect(count(after, requests) - count(before, requests)).toBe(2);
    expect(count(after, durations) - count(before, durations)).toBe(2);
  });
});

describeEachDatabase('fresh cached answers before the hooks, with access log lines', (dialect) => {
  let shop: TestShop;
  let port: number;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    shop = await createTestShop(dialect, { logger: { level: 'info', stream } });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await shop?.close();
  });

  /** The lines one request writes, without what differs per request (time, request id, duration, client port). */
  async function logOf(fast: boolean): Promise<unknown[]> {
    const fastPath = shop.app.ctx.fastPath;
    fastPath.enabled = fast;
    try {
      const from = lines.length;
      const before = fastPath.answered;
      const answered = await fetch(`http://127.0.0.1:${port}/api/public/product`, { headers: { 'x-request-id': 'log-check-1' } });
      await answered.arrayBuffer();
      await new Promise((resolve) => setImmediate(resolve));
      expect(fastPath.answered - before).toBe(fast ? 1 : 0);
      return lines.slice(from).map((line) => {
        const { time: _time, responseTime, req, ...rest } = line as { time: number; responseTime?: number; req?: Record<string, unknown> };
        if (responseTime !== undefined) expect(responseTime).toBeGreaterThanOrEqual(0);
        const { remotePort, ...request } = req ?? {};
        if (req) expect(remotePort).toEqual(expect.any(Number));
        return { ...rest, ...(req ? { req: request } : {}), responseTime: responseTime !== undefined };
      });
    } finally {
      fastPath.enabled = true;
    }
  }

  it('writes the same "incoming request" and "request completed" lines as Fastify', async () => {
    await logOf(false);
    await logOf(false);
    const viaRoutes = await logOf(false);
    const viaFastPath = await logOf(true);
    expect(viaRoutes).toHaveLength(2);
    expect(viaRoutes[0]).toMatchObject({ msg: 'incoming request', reqId: 'log-check-1', req: { method: 'GET', url: '/api/public/product' } });
    expect(viaFastPath).toEqual(viaRoutes);
  });
});
