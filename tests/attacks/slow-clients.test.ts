// Attack suite: 20,000 sockets that each sent half a request header pinned the process at its file limit and every
// real customer got an empty reply. Deadlines close slow sockets, and a cap keeps the process's files for the
// connections it serves. Small deadlines come from config; assertions leave wide margins (no speed dependence).
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestShop, describeEachDatabase, type TestShop } from '../support/test-shop';

/** A raw socket to the shop, with a promise for the moment the server closes it. */
async function openSocket(port: number) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.on('error', () => {});
  socket.resume();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  await new Promise<void>((resolve) => {
    socket.once('connect', () => resolve());
    socket.once('close', () => resolve());
  });
  return { socket, closed, openedAt: performance.now() };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))]);

describeEachDatabase('attack: slow clients (partial headers, trickled bodies)', (dialect) => {
  let shop: TestShop;
  let port: number;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { env: { HEADERS_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '1500' } });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => shop.close());

  it('a socket that sends half a request header is closed once the header deadline passes', async () => {
    const sockets = await Promise.all(Array.from({ length: 20 }, () => openSocket(port)));
    for (const { socket } of sockets) socket.write('GET /api/public/product HTTP/1.1\r\nHost: shop\r\nX-Slow: ');
    const closedAt = await Promise.all(sockets.map(({ closed }) => within(closed, 20_000)));
    for (const [i, at] of closedAt.entries()) {
      expect(at, `socket ${i}`).not.toBe('timeout');
      // Not on arrival: the deadline closed it.
      expect(Number(at) - (sockets[i]?.openedAt ?? 0)).toBeGreaterThan(300);
    }
  });

  it('a body trickled a byte at a time is cut off at the request deadline, and real requests are still answered', async () => {
    const { socket, closed, openedAt } = await openSocket(port);
    socket.write('POST /api/account/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{');
    const trickle = setInterval(() => socket.writable && socket.write(' '), 100);
    try {
      const at = await within(closed, 20_000);
      expect(at).not.toBe('timeout');
      expect(Number(at) - openedAt).toBeGreaterThan(1000);
    } finally {
      clearInterval(trickle);
    }
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});

describeEachDatabase('attack: more sockets than MAX_CONNECTIONS', (dialect) => {
  let shop: TestShop;
  let port: number;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { env: { MAX_CONNECTIONS: '8', HEADERS_TIMEOUT_MS: '10000', REQUEST_TIMEOUT_MS: '30000' } });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => shop.close());

  it('sockets past the cap are closed at once; a real request is answered again once the cap frees', async () => {
    const held = [];
    for (let i = 0; i < 8; i++) {
      const s = await openSocket(port);
      s.socket.write('GET / HTTP/1.1\r\nHost: shop\r\n');
      held.push(s);
    }
    // Give the server a moment to count them all (no speed assumption: the assertion waits long).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const extra = await Promise.all(Array.from({ length: 5 }, () => openSocket(port)));
    for (const { closed } of extra) expect(await within(closed, 10_000)).not.toBe('timeout');
    for (const { socket } of held) expect(socket.destroyed).toBe(false);

    for (const { socket } of held.splice(0, 4)) socket.destroy();
    let status = 0;
    const deadline = performance.now() + 15_000;
    while (status !== 200 && performance.now() < deadline) {
      status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (res) => res.status,
        () => 0,
      );
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    for (const { socket } of held) socket.destroy();
  });
});
