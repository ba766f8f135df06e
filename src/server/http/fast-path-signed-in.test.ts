import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askRaw, type RawAnswer } from '../../../tests/support/raw-http';
import { codOrder } from '../../../tests/support/test-orders';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';

const METRICS_TOKEN = 'fast-path-signed-in-metrics-0123456789';

describeEachDatabase("a customer's own orders before the hooks", (dialect) => {
  let shop: TestShop;
  let port: number;
  let buyer: TestUser;
  const lines: Record<string, unknown>[] = [];

  const ask = (user: TestUser | null, headers: Record<string, string> = {}, method = 'GET', path = '/api/order') =>
    askRaw(port, path, { ...(user ? user.auth : {}), ...headers }, method);

  /** The request answered with the fast path on, then off; `fast` says whether the fast path must have answered. */
  async function bothWays(user: TestUser | null, headers: Record<string, string>, fast: boolean, method = 'GET', path = '/api/order') {
    const fastPath = shop.app.ctx.fastPath;
    const before = fastPath.answered;
    const viaFastPath = await ask(user, headers, method, path);
    expect(fastPath.answered - before).toBe(fast ? 1 : 0);
    fastPath.enabled = false;
    try {
      const viaRoutes = await ask(user, headers, method, path);
      expect(fastPath.answered - before).toBe(fast ? 1 : 0);
      return { viaFastPath, viaRoutes };
    } finally {
      fastPath.enabled = true;
    }
  }

  async function expectSame(user: TestUser | null, headers: Record<string, string> = {}, fast = true, method = 'GET', path = '/api/order'): Promise<RawAnswer> {
    const { viaFastPath, viaRoutes } = await bothWays(user, headers, fast, method, path);
    expect(viaFastPath.status).toBe(viaRoutes.status);
    expect(viaFastPath.headers).toEqual(viaRoutes.headers);
    expect(viaFastPath.body).toBe(viaRoutes.body);
    return viaFastPath;
  }

  const json = (answer: RawAnswer) => JSON.parse(Buffer.from(answer.body, 'base64').toString('utf8')) as { orderid: string }[];

  beforeAll(async () => {
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    shop = await createTestShop(dialect, { env: { METRICS_TOKEN }, logger: { level: 'info', stream } });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as { port: number }).port;
    buyer = await createTestUser(shop);
    for (let i = 0; i < 2; i += 1) expect((await codOrder(shop, buyer)).statusCode).toBe(200);
    // The route builds and keeps the list; later requests can be answered before the hooks.
    for (const encoding of ['identity', 'gzip', 'br']) expect((await ask(buyer, { 'accept-encoding': encoding })).status).toBe(200);
  });

  afterAll(async () => {
    await shop?.close();
  });

  it('sends a kept list with the same status, headers and bytes as the route, in each encoding', async () => {
    const plain = await expectSame(buyer);
    expect(plain.status).toBe(200);
    expect(plain.headers).toContain('cache-control: no-store');
    expect(json(plain)).toHaveLength(2);
    expect((await expectSame(buyer, { 'accept-encoding': 'gzip' })).headers).toContain('content-encoding: gzip');
    expect((await expectSame(buyer, { 'accept-encoding': 'gzip, deflate, br' })).headers).toContain('content-encoding: br');
  });

  it('answers the same 304 to a matching If-None-Match, and 200 to another', async () => {
    const { etag } = Object.fromEntries((await expectSame(buyer)).headers.map((h) => h.split(': ') as [string, string]));
    const notModified = await expectSame(buyer, { 'if-none-match': etag!, 'accept-encoding': 'br' });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
    expect((await expectSame(buyer, { 'if-none-match': '"another"' })).status).toBe(200);
  });

  it("gives each customer their own list, never another's", async () => {
    const other = await createTestUser(shop);
    expect((await codOrder(shop, other)).statusCode).toBe(200);
    const first = await ask(other);
    const kept = await expectSame(other);
    expect(json(first)).toEqual(json(kept));
    expect(json(kept)).toHaveLength(1);
    const theirs = new Set(json(kept).map((o) => o.orderid));
    for (const order of json(await expectSame(buyer))) expect(theirs.has(order.orderid)).toBe(false);
  });

  it('leaves a list changed since it was kept to the route, which sends the new one', async () => {
    const before = json(await ask(buyer));
    expect((await codOrder(shop, buyer)).statusCode).toBe(200);
    const fastPath = shop.app.ctx.fastPath;
    const answered = fastPath.answered;
    const after = await ask(buyer);
    expect(fastPath.answered).toBe(answered);
    expect(json(after)).toHaveLength(before.length + 1);
    // Kept again: the next request is answered before the hooks, with the new list.
    expect(json(await expectSame(buyer))).toEqual(json(after));
  });

  it('refuses an ended session on the very next request, as the route does', async () => {
    const leaving = await createTestUser(shop);
    expect((await codOrder(shop, leaving)).statusCode).toBe(200);
    await ask(leaving);
    await expectSame(leaving);
    const logout = await shop.app.inject({ method: 'POST', url: '/api/account/logout', headers: leaving.auth });
    expect(logout.statusCode).toBe(204);
    const refused = await expectSame(leaving, {}, false);
    expect(refused.status).toBe(401);
  });

  it('leaves to the route a missing, altered or foreign token, HEAD, a query string and a body', async () => {
    expect((await expectSame(null, {}, false)).status).toBe(401);
    const altered = { authorization: `${buyer.auth.authorization.slice(0, -2)}xx` };
    expect((await expectSame(null, altered, false)).status).toBe(401);
    expect((await expectSame(null, { authorization: 'Basic YWRtaW46YWRtaW4=' }, false)).status).toBe(401);
    expect((await expectSame(buyer, {}, false, 'HEAD')).status).toBe(200);
    expect((await expectSame(buyer, {}, false, 'GET', '/api/order?all=1')).status).toBe(200);
    expect((await expectSame(buyer, { 'content-length': '0' }, false)).status).toBe(200);
  });

  it('keeps a plain request id from a proxy and counts its answers under the route in /metrics', async () => {
    const { viaFastPath } = await bothWays(buyer, { 'x-request-id': 'lb-orders-1' }, true);
    expect(viaFastPath.requestId).toBe('lb-orders-1');
    const metrics = async () =>
      (await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text()).split('\n');
    const count = (all: string[]) => Number(all.find((l) => l.startsWith('http_requests_total{method="GET",route="/api/order",status="200"}'))?.split(' ').pop() ?? 0);
    const before = count(await metrics());
    await bothWays(buyer, {}, true);
    expect(count(await metrics()) - before).toBe(2);
  });

  describe('access log', () => {
    /** The lines one request writes, without what differs per request (time, duration, client port). */
    async function logOf(fast: boolean): Promise<unknown[]> {
      const fastPath = shop.app.ctx.fastPath;
      fastPath.enabled = fast;
      try {
        const from = lines.length;
        await ask(buyer, { 'x-request-id': 'orders-log-1' });
        await new Promise((resolve) => setImmediate(resolve));
        return lines.slice(from).map((line) => {
          const { time: _time, responseTime, req, ...rest } = line as { time: number; responseTime?: number; req?: Record<string, unknown> };
          const { remotePort: _port, ...request } = req ?? {};
          return { ...rest, ...(req ? { req: request } : {}), responseTime: responseTime !== undefined };
        });
      } finally {
        fastPath.enabled = true;
      }
    }

    it('writes the same "incoming request" and "request completed" lines as Fastify', async () => {
      const viaRoutes = await logOf(false);
      const viaFastPath = await logOf(true);
      expect(viaRoutes).toHaveLength(2);
      expect(viaRoutes[0]).toMatchObject({ msg: 'incoming request', reqId: 'orders-log-1', req: { method: 'GET', url: '/api/order' } });
      expect(viaFastPath).toEqual(viaRoutes);
    });
  });
});
