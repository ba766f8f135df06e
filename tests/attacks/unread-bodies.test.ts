// Attack suite: one unauthenticated request ended the process. `POST /api/account/login` with `Content-Type:
// text/json`, `Content-Length: 116`, 16 spaces, a pause, then 100 `[`: the shop answered 415 (no parser reads
// text/json), and the nesting guard, which ran on every body whose type merely contained "json", kept reading the
// unread body and raised JSON_TOO_DEEP where nothing listened ("Unhandled 'error' event"). Any such type worked
// (`application/vnd.api+json`), on every route. The guard now runs inside the JSON parser, so only where one
// reads the body, and every error of reading a body is answered.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../support/test-shop';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** Writes `parts` to a raw socket with `pauseMs` between them and reads what the shop answers. */
async function rawRequest(port: number, parts: string[], pauseMs = 150): Promise<RawAnswer> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.on('error', () => {});
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  for (const [i, part] of parts.entries()) {
    if (i > 0) await sleep(pauseMs);
    if (!socket.destroyed) socket.write(part);
  }
  // The answer is complete once its body has arrived, or once the shop closes the socket.
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline && !socket.destroyed) {
    const split = received.indexOf('\r\n\r\n');
    const length = /content-length: (\d+)/i.exec(received.slice(0, split));
    if (split > 0 && length && received.length >= split + 4 + Number(length[1])) break;
    await Promise.race([closed, sleep(20)]);
  }
  socket.destroy();
  const split = received.indexOf('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0),
    head: received.slice(0, Math.max(0, split)),
    body: received.slice(split + 4),
  };
}

const headers = (path: string, type: string, length: number, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: shop\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n${extra}\r\n`;

describeEachDatabase('attack: bodies that no parser reads', (dialect) => {
  let shop: TestShop;
  let port: number;
  let customer: TestUser;
  // In production such an error ends the process; here the test runner catches it, so it is collected and checked.
  const escaped: unknown[] = [];
  const collect = (error: unknown) => escaped.push(error);
  beforeAll(async () => {
    process.on('uncaughtException', collect);
    shop = await createTestShop(dialect);
    customer = await createTestUser(shop);
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    process.off('uncaughtException', collect);
    await shop.close();
  });

  /** Nothing escaped to the process, and the shop still answers a normal request with a JSON body a parser reads. */
  async function expectShopAnswers() {
    // The attacker's last bytes reach the shop after its answer: give them time to be read.
    await sleep(150);
    expect(escaped.map(String)).toEqual([]);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const login = await fetch(`http://127.0.0.1:${port}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    expect(login.status).toBe(200);
  }

  for (const type of ['text/json', 'application/vnd.api+json', 'application/json-patch+json', 'text/json; charset=utf-8', 'application/x-json']) {
    it(`${type}: 16 spaces, a pause, then 100 [ is a 415 and the shop keeps answering`, async () => {
      const answer = await rawRequest(port, [headers('/api/account/login', type, 116) + ' '.repeat(16), '['.repeat(100)]);
      expect(answer.status).toBe(415);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringMatching(/application\/json/) });
      await expectShopAnswers();
    });
  }

  it('the same bodies on routes that need a login, the webhook, and a route that does not exist', async () => {
    for (const path of ['/api/checkout/codorder', '/api/checkout/webhook', '/api/checkout/quote', '/api/nothing-here', '/sandbox/pay']) {
      for (const type of ['text/json', 'application/vnd.api+json']) {
        const auth = `Authorization: ${customer.auth.authorization}\r\n`;
        const answer = await rawRequest(port, [headers(path, type, 116, auth) + ' '.repeat(16), '['.repeat(100)]);
        expect(answer.status, `${type} ${path}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${type} ${path}`).toBeLessThan(500);
      }
    }
    await expectShopAnswers();
  });

  it('a JSON body that turns too deep after a pause is a 400, and the shop keeps answering', async () => {
    const answer = await rawRequest(port, [headers('/api/account/login', 'application/json', 116) + ' '.repeat(16), '['.repeat(100)]);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'JSON_TOO_DEEP' });
    expect(answer.head).toMatch(/connection: close/i);
    await expectShopAnswers();
  });

  it('a client that hangs up in the middle of a JSON body costs nothing', async () => {
    for (const type of ['application/json', 'text/json']) {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(headers('/api/account/login', type, 5000) + '{"email": "a@b.in", "password": "' + '['.repeat(40));
      await sleep(100);
      socket.destroy();
    }
    await sleep(100);
    await expectShopAnswers();
  });

  it('a body longer or shorter than its Content-Length is a 400, not a crash', async () => {
    const short = await rawRequest(port, [headers('/api/account/login', 'application/json', 10) + '{"email": "a@b.in"}']);
    expect(short.status).toBe(400);
    await expectShopAnswers();
  });
});
