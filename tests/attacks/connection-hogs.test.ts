// Attack suite: with MAX_CONNECTIONS=200, one client held 220 keep-alive sockets, each sending `GET /healthz` every
// 20 s, and every customer was shut out for 45 s: idle keep-alive lived 72 s and nothing limited one address. Now
// one address may hold MAX_CONNECTIONS_PER_IP sockets (on while no trusted proxy sits in front), at either cap the
// oldest idle keep-alive socket is closed to let a new one in, and idle keep-alive lasts 5 s by default.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createTestShop, describeEachDatabase, type TestShop } from '../support/test-shop';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A keep-alive socket from `from` that has made one request and now sits idle; `closed` says when the shop hung up. */
async function idleKeepAlive(port: number, from: string) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  socket.on('error', () => {});
  let closed = false;
  socket.once('close', () => (closed = true));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  await new Promise<void>((resolve) => {
    socket.once('connect', () => resolve());
    socket.once('close', () => resolve());
  });
  socket.write('GET /healthz HTTP/1.1\r\nHost: shop\r\nConnection: keep-alive\r\n\r\n');
  const deadline = performance.now() + 5000;
  while (!closed && !/\r\n\r\n[\s\S]*\}/.test(received) && performance.now() < deadline) await sleep(5);
  return { socket, isOpen: () => !closed && !socket.destroyed, answered: () => /^HTTP\/1\.1 200/.test(received) };
}

/** A whole request from `from` on a fresh connection: its status, or 0 when the shop closed the socket instead. */
function requestFrom(port: number, from: string, path = '/api/public/product'): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, localAddress: from, agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', () => resolve(0));
    req.once('timeout', () => req.destroy());
  });
}

describe('idle keep-alive is short unless a proxy keeps connections to the shop', () => {
  it('5 s by default, 72 s behind a trusted proxy, and what is set when it is set', () => {
    expect(loadConfig({ DATA_DIR: '.tmp/keep-alive-config' }).KEEP_ALIVE_TIMEOUT_MS).toBe(5_000);
    expect(loadConfig({ DATA_DIR: '.tmp/keep-alive-config', TRUST_PROXY: '1' }).KEEP_ALIVE_TIMEOUT_MS).toBe(72_000);
    expect(loadConfig({ DATA_DIR: '.tmp/keep-alive-config', KEEP_ALIVE_TIMEOUT_MS: '9000' }).KEEP_ALIVE_TIMEOUT_MS).toBe(9_000);
    // The per-address limit is on by default, and off behind a proxy (every socket would come from its address).
    expect(loadConfig({ DATA_DIR: '.tmp/keep-alive-config' }).MAX_CONNECTIONS_PER_IP).toBe(64);
    expect(loadConfig({ DATA_DIR: '.tmp/keep-alive-config', TRUST_PROXY: '1' }).MAX_CONNECTIONS_PER_IP).toBe(0);
  });
});

describeEachDatabase('attack: one client holding the connection cap with keep-alive sockets', (dialect) => {
  let shop: TestShop;
  let port: number;
  beforeAll(async () => {
    // Idle keep-alive as long as it was (72 s), so only the limits can free the sockets during the test.
    shop = await createTestShop(dialect, { env: { MAX_CONNECTIONS: '40', MAX_CONNECTIONS_PER_IP: '10', KEEP_ALIVE_TIMEOUT_MS: '72000' } });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => shop.close());

  it('one address keeps at most MAX_CONNECTIONS_PER_IP sockets: its oldest idle ones close first', async () => {
    const hog = [];
    for (let i = 0; i < 25; i++) hog.push(await idleKeepAlive(port, '127.0.0.1'));
    expect(hog.every((s) => s.answered())).toBe(true);
    await sleep(100);
    const open = hog.map((s) => s.isOpen());
    expect(open.filter(Boolean)).toHaveLength(10);
    // The newest ten stayed, the oldest were closed.
    expect(open.slice(-10).every(Boolean)).toBe(true);
    // Another customer gets in at once.
    expect(await requestFrom(port, '127.0.0.2')).toBe(200);
    for (const s of hog) s.socket.destroy();
  });

  it('at the whole-shop cap, the oldest idle keep-alive sockets of any address close to let a customer in', async () => {
    const hogs = [];
    // 4 addresses × 10 sockets = the cap of 40.
    for (const from of ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14']) {
      for (let i = 0; i < 10; i++) hogs.push(await idleKeepAlive(port, from));
    }
    await sleep(100);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await requestFrom(port, '127.0.0.3'));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // The first sockets opened are the ones that went.
    expect(hogs[0]?.isOpen()).toBe(false);
    expect(hogs.at(-1)?.isOpen()).toBe(true);
    for (const s of hogs) s.socket.destroy();
  });

  it('a socket in the middle of a request is never closed to make room: past the cap, the new one is', async () => {
    const busy = [];
    for (let i = 0; i < 10; i++) {
      const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.21' });
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      // Headers sent, body still coming: a request in progress.
      socket.write('POST /api/account/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
      busy.push(socket);
    }
    await sleep(100);
    expect(await requestFrom(port, '127.0.0.21', '/healthz')).toBe(0);
    expect(busy.every((s) => !s.destroyed)).toBe(true);
    // Another address is not affected.
    expect(await requestFrom(port, '127.0.0.22', '/healthz')).toBe(200);
    for (const s of busy) s.destroy();
  });
});
