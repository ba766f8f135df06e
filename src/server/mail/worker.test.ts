import { setTimeout as sleep } from 'node:timers/promises';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database';
import { createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { enqueueMail } from './outbox';
import { deliverOneMailTwice, outboxMessageIdPattern } from './outbox-test-support';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server';
import type { MailMessage, MailTransport } from './transport';
import { createOutboxWorker, isPermanentFailure, retryDelayMs, type OutboxWorkerOptions } from './worker';

describe('retryDelayMs', () => {
  it('doubles from 5 seconds, then stays at 10 minutes however many attempts there were', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(20)).toBe(600_000);
    expect(retryDelayMs(5_000)).toBe(600_000);
    expect([1, 2, 3].map((n) => retryDelayMs(n, { firstMs: 100, maxMs: 250 }))).toEqual([100, 200, 250]);
  });

  it('counts a recipient refused for good (5xx to RCPT TO) as permanent, and an outage or a 4xx as not', () => {
    expect(isPermanentFailure(Object.assign(new Error('550 No such user'), { code: 'EENVELOPE', responseCode: 550 }))).toBe(true);
    expect(isPermanentFailure(Object.assign(new Error('452 Mailbox full'), { code: 'EENVELOPE', responseCode: 452 }))).toBe(false);
    expect(isPermanentFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(false);
    expect(isPermanentFailure(Object.assign(new Error('535 Authentication failed'), { code: 'EAUTH', responseCode: 535 }))).toBe(false);
  });
});

/** A transport that records what it sends and can be told to fail, to be slow, or to send several at once. */
function fakeTransport(lanes = 1) {
  const state = { sent: [] as MailMessage[], calls: 0, failuresLeft: 0, alwaysFail: false, delayMs: 0, randomDelayMs: 0, inFlight: 0, mostInFlight: 0 };
  const transport: MailTransport = {
    kind: 'file',
    lanes,
    async send(message) {
      state.calls += 1;
      state.inFlight += 1;
      state.mostInFlight = Math.max(state.mostInFlight, state.inFlight);
      if (state.delayMs) await sleep(state.delayMs);
      if (state.randomDelayMs) await sleep(Math.random() * state.randomDelayMs);
      state.inFlight -= 1;
      if (state.alwaysFail || state.failuresLeft > 0) {
        state.failuresLeft = Math.max(0, state.failuresLeft - 1);
        throw new Error('421 Service not available, try again later');
      }
      state.sent.push(message);
    },
    close() {},
  };
  return { transport, state };
}

describeEachDatabase('outbox worker', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());
  beforeEach(async () => {
    await shop.app.ctx.db.deleteFrom('mail_outbox').execute();
  });

  const worker = (transport: MailTransport, options: Partial<OutboxWorkerOptions> = {}) =>
    createOutboxWorker({
      handle: shop.app.ctx.database,
      transport,
      from: 'Ghee Shop <orders@gheeshop.test>',
      logger: shop.app.log,
      pollMs: 1000,
      ...options,
    });
  const queue = (to: string) =>
    enqueueMail(shop.app.ctx.db, { kind: 'test', to, subject: `Hello ${to}`, text: 'Body', html: '<p>Body</p>' });
  const row = (id: number) =>
    shop.app.ctx.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const makeDue = () =>
    shop.app.ctx.db.updateTable('mail_outbox').set({ next_attempt_at: nowIso() }).where('status', '=', 'pending').execute();

  it('a kick while customers keep the process busy waits, at most maxDeferMs, and sends once it is quiet', async () => {
    const { transport, state } = fakeTransport();
    let busy = true;
    const outbox = worker(transport, { pollMs: 60_000, yieldTo: { busy: () => busy, maxDeferMs: 60_000 } });
    outbox.start();
    try {
      await queue('busy@example.in');
      outbox.kick();
      await sleep(600);
      expect(state.sent).toEqual([]);
      busy = false;
      await expect.poll(() => state.sent.length, { timeout: 3000 }).toBe(1);
    } finally {
      await outbox.stop();
    }
  });

  it('busy for longer than maxDeferMs, a kick sends anyway', async () => {
    const { transport, state } = fakeTransport();
    const outbox = worker(transport, { pollMs: 60_000, yieldTo: { busy: () => true, maxDeferMs: 400 } });
    outbox.start();
    try {
      await queue('late@example.in');
      outbox.kick();
      await expect.poll(() => state.sent.length, { timeout: 3000 }).toBe(1);
    } finally {
      await outbox.stop();
    }
  });

  it('sends a queued mail once and marks it sent', async () => {
    const { transport, state } = fakeTransport();
    const outbox = worker(transport);
    const id = await queue('a@example.in');
    expect(await outbox.drain()).toBe(1);
    expect(await outbox.drain()).toBe(0);
    expect(state.sent).toEqual([
      {
        id,
        messageId: expect.stringMatching(outboxMessageIdPattern(id)),
        from: 'Ghee Shop <orders@gheeshop.test>',
        to: 'a@example.in',
        subject: 'Hello a@example.in',
        text: 'Body',
        html: '<p>Body</p>',
      },
    ]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null, locked_until: null });
    expect((await row(id)).sent_at).not.toBeNull();
  });

  it('backs off after a failure: the mail waits 5 s, then 10 s, and is not tried before it is due', async () => {
    const { transport, state } = fakeTransport();
    state.alwaysFail = true;
    const outbox = worker(transport);
    const id = await queue('b@example.in');

    const before = Date.now();
    expect(await outbox.drain()).toBe(0);
    let failed = await row(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 Service not available, try again later' });
    const firstDelay = Date.parse(failed.next_attempt_at) - before;
    expect(firstDelay).toBeGreaterThanOrEqual(5_000);
    expect(firstDelay).toBeLessThan(7_000);

    await outbox.drain();
    expect(state.calls).toBe(1);

    await makeDue();
    const again = Date.now();
    await outbox.drain();
    failed = await row(id);
    expect(failed.attempts).toBe(2);
    const secondDelay = Date.parse(failed.next_attempt_at) - again;
    expect(secondDelay).toBeGreaterThanOrEqual(10_000);
    expect(secondDelay).toBeLessThan(12_000);
  });

  it('retries until the mail goes through, then sends it exactly once', async () => {
    const { transport, state } = fakeTransport();
    state.failuresLeft = 2;
    const outbox = worker(transport);
    const id = await queue('c@example.in');
    for (let i = 0; i < 3; i += 1) {
      await outbox.drain();
      await makeDue();
    }
    await outbox.drain();
    expect(state.calls).toBe(3);
    expect(state.sent.map((m) => m.id)).toEqual([id]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });

  it('keeps trying well past the eight attempts it once gave up after, while the mail is young enough', async () => {
    const { transport, state } = fakeTransport();
    state.alwaysFail = true;
    const outbox = worker(transport);
    const id = await queue('d@example.in');
    for (let i = 0; i < 20; i += 1) {
      await outbox.drain();
      await makeDue();
    }
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 20, last_error: expect.stringContaining('421') });
    state.alwaysFail = false;
    await outbox.drain();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 21, last_error: null });
  });

  it('gives up a mail queued longer ago than it may wait, and never tries a failed mail again', async () => {
    const { transport, state } = fakeTransport();
    state.alwaysFail = true;
    const outbox = worker(transport, { retry: { firstMs: 10, maxMs: 10, giveUpAfterMs: 60 * 60_000 } });
    const id = await queue('d2@example.in');
    await outbox.drain();
    expect((await row(id)).status).toBe('pending');
    // Queued two hours ago: the next failure is its last.
    await shop.app.ctx.db.updateTable('mail_outbox').set({ created_at: new Date(Date.now() - 2 * 60 * 60_000).toISOString() }).where('id', '=', id).execute();
    await makeDue();
    await outbox.drain();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: expect.stringContaining('421') });
    await shop.app.ctx.db.updateTable('mail_outbox').set({ next_attempt_at: nowIso() }).execute();
    await outbox.drain();
    expect(state.calls).toBe(2);
  });

  it('gives up at once on a recipient the receiving server refuses for good', async () => {
    const { transport } = fakeTransport();
    transport.send = async () => {
      throw Object.assign(new Error('Can not send mail to some recipients: 550 5.1.1 No such user'), { code: 'EENVELOPE', responseCode: 550 });
    };
    const id = await queue('nobody@example.in');
    await worker(transport).drain();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('550') });
  });

  it('takes over a mail whose sender died mid-send once its lease has run out', async () => {
    const { transport, state } = fakeTransport();
    const id = await queue('e@example.in');
    await shop.app.ctx.db
      .updateTable('mail_outbox')
      .set({ status: 'sending', attempts: 1, locked_until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await worker(transport).drain()).toBe(1);
    expect(state.sent.map((m) => m.id)).toEqual([id]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a drain that starts during a run also sends the mail queued after that run began', async () => {
    const { transport, state } = fakeTransport();
    state.delayMs = 150;
    const outbox = worker(transport);
    const first = await queue('f1@example.in');
    const running = outbox.drain();
    await sleep(50);
    const second = await queue('f2@example.in');
    await outbox.drain();
    expect(state.sent.map((m) => m.id)).toEqual([first, second]);
    await running;
  });

  it('hands back the rest of a batch rather than send past its lease, so a second worker never resends', async () => {
    const one = fakeTransport();
    const two = fakeTransport();
    one.state.delayMs = 600;
    two.state.delayMs = 600;
    const options = { leaseMs: 2000, sendBudgetMs: 1500 };
    const ids = [await queue('g1@example.in'), await queue('g2@example.in'), await queue('g3@example.in'), await queue('g4@example.in')];
    // Four slow sends outlast one lease; the second worker arrives after it ran out and takes over what is due.
    const first = worker(one.transport, options).drain();
    await sleep(2100);
    const second = worker(two.transport, options).drain();
    expect((await first) + (await second)).toBe(4);
    const sentIds = [...one.state.sent, ...two.state.sent].map((m) => m.id).sort((x, y) => x - y);
    expect(sentIds).toEqual(ids);
    for (const id of ids) expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('claims and records a whole batch in one statement each, not one per mail', async () => {
    const { transport, state } = fakeTransport();
    for (let i = 0; i < 25; i += 1) await queue(`batch${i}@example.in`);
    const statements: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery(args) {
        statements.push(args.node.kind);
        return args.node;
      },
      async transformResult(args) {
        return args.result;
      },
    };
    const handle = { ...shop.app.ctx.database, db: shop.app.ctx.db.withPlugin(counting) };
    expect(await worker(transport, { handle, batchSize: 10 }).drain()).toBe(25);
    expect(state.sent).toHaveLength(25);
    // Batches of 10, 10 and 5: a claim and a "sent" record for each; on PostgreSQL the claim's transaction also
    // tells the planner to read the unsent index in order (outbox-repository.ts).
    expect(statements).toHaveLength(dialect === 'postgres' ? 9 : 6);
  });

  it('claims onward from the last row a run took: a lower row that comes due meanwhile goes out in the next run', async () => {
    const { transport, state } = fakeTransport();
    const later = await queue('later@example.in');
    await shop.app.ctx.db.updateTable('mail_outbox').set({ next_attempt_at: '2999-01-01T00:00:00.000Z' }).where('id', '=', later).execute();
    for (let i = 0; i < 25; i += 1) await queue(`onward${i}@example.in`);
    const send = transport.send.bind(transport);
    transport.send = async (message) => {
      // While the first batch goes out, the held-back row comes due.
      if (state.calls === 0) await makeDue();
      await send(message);
    };
    const outbox = worker(transport, { batchSize: 10 });
    expect(await outbox.drain()).toBe(25);
    expect((await row(later)).status).toBe('pending');
    expect(await outbox.drain()).toBe(1);
    expect(state.sent.at(-1)?.to).toBe('later@example.in');
  });

  it('sends to several recipients at once but to each recipient one mail at a time, in the order queued', async () => {
    const { transport, state } = fakeTransport(3);
    state.randomDelayMs = 15;
    const recipients = ['r1@example.in', 'r2@example.in', 'r3@example.in', 'r4@example.in', 'R1@example.in'];
    const queued: { id: number; to: string }[] = [];
    for (let i = 0; i < 60; i += 1) {
      const to = recipients[i % recipients.length] as string;
      queued.push({ id: await queue(to), to });
    }
    expect(await worker(transport, { batchSize: 25 }).drain()).toBe(60);
    expect(state.mostInFlight).toBeGreaterThan(1);
    const inOrder = (list: { id: number; to: string }[], to: string) => list.filter((m) => m.to.toLowerCase() === to).map((m) => m.id);
    for (const to of ['r1@example.in', 'r2@example.in', 'r3@example.in', 'r4@example.in']) {
      expect(inOrder(state.sent, to)).toEqual(inOrder(queued, to));
    }
  });

  it('records failures of one batch together, each with its own backoff, beside the mails that went out', async () => {
    const { transport, state } = fakeTransport();
    const ids = [await queue('ok1@example.in'), await queue('bad1@example.in'), await queue('bad2@example.in')];
    await shop.app.ctx.db.updateTable('mail_outbox').set({ attempts: 2 }).where('id', '=', ids[2] as number).execute();
    const failing: MailTransport = {
      ...transport,
      async send(message) {
        if (message.to.startsWith('bad')) throw new Error('550 mailbox unavailable');
        await transport.send(message);
      },
    };
    const before = Date.now();
    expect(await worker(failing).drain()).toBe(1);
    expect(state.sent.map((m) => m.id)).toEqual([ids[0]]);
    const [ok, bad1, bad2] = await Promise.all(ids.map((id) => row(id)));
    expect(ok).toMatchObject({ status: 'sent', attempts: 1 });
    expect(bad1).toMatchObject({ status: 'pending', attempts: 1, last_error: '550 mailbox unavailable', locked_until: null });
    expect(bad2).toMatchObject({ status: 'pending', attempts: 3, last_error: '550 mailbox unavailable' });
    expect(Date.parse((bad1 as { next_attempt_at: string }).next_attempt_at) - before).toBeGreaterThanOrEqual(5_000);
    expect(Date.parse((bad2 as { next_attempt_at: string }).next_attempt_at) - before).toBeGreaterThanOrEqual(20_000);
  });

  it('never sends one mail twice when two workers drain together', async () => {
    const one = fakeTransport();
    const two = fakeTransport();
    one.state.delayMs = 2;
    two.state.delayMs = 2;
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) ids.push(await queue(`h${i}@example.in`));
    const [a, b] = await Promise.all([worker(one.transport, { batchSize: 5 }).drain(), worker(two.transport, { batchSize: 5 }).drain()]);
    expect(a + b).toBe(30);
    const sentIds = [...one.state.sent, ...two.state.sent].map((m) => m.id).sort((x, y) => x - y);
    expect(sentIds).toEqual(ids);
  });
});

describeEachDatabase('outbox against a real SMTP server', (dialect) => {
  let smtp: SmtpTestServer;
  let shop: TestShop;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    shop = await createTestShop(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Ghee Shop <orders@gheeshop.test>' } });
  });
  afterAll(async () => {
    await shop.close();
    await smtp.stop();
  });

  it('delivers the text and HTML parts to the recipient over SMTP', async () => {
    const id = await enqueueMail(shop.app.ctx.db, {
      kind: 'test',
      to: 'asha@example.in',
      subject: 'Your ghee is on its way',
      text: 'Namaste Asha,\nIt ships today.',
      html: '<p>Namaste Asha,<br>It ships today.</p>',
    });
    expect(await shop.app.ctx.outbox.drain()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({
      recipients: ['asha@example.in'],
      outboxId: String(id),
      to: 'asha@example.in',
      from: 'Ghee Shop <orders@gheeshop.test>',
      subject: 'Your ghee is on its way',
      text: 'Namaste Asha,\nIt ships today.',
      html: '<p>Namaste Asha,<br>It ships today.</p>',
    });
  });

  it('a mail delivered twice (its sender died before recording it) carries the same Message-ID both times', async () => {
    smtp.received.length = 0;
    const { twice, once } = await deliverOneMailTwice(shop);
    const copies = smtp.received.filter((m) => m.outboxId === String(twice));
    expect(copies).toHaveLength(2);
    expect(copies[0]?.messageId).toMatch(outboxMessageIdPattern(twice));
    expect(copies[1]?.messageId).toBe(copies[0]?.messageId);
    expect(smtp.received.find((m) => m.outboxId === String(once))?.messageId).toMatch(outboxMessageIdPattern(once));
  });

  it('keeps mail while the server is down and delivers it once when the server is back', async () => {
    smtp.received.length = 0;
    await smtp.stop();
    const ids = [
      await enqueueMail(shop.app.ctx.db, { kind: 'test', to: 'one@example.in', subject: 'One', text: '1' }),
      await enqueueMail(shop.app.ctx.db, { kind: 'test', to: 'two@example.in', subject: 'Two', text: '2' }),
    ];
    expect(await shop.app.ctx.outbox.drain()).toBe(0);
    const rows = await shop.app.ctx.db.selectFrom('mail_outbox').selectAll().where('id', 'in', ids).execute();
    for (const r of rows) expect(r).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.any(String) });

    await smtp.start();
    await shop.app.ctx.db.updateTable('mail_outbox').set({ next_attempt_at: nowIso() }).where('id', 'in', ids).execute();
    expect(await shop.app.ctx.outbox.drain()).toBe(2);
    expect(await shop.app.ctx.outbox.drain()).toBe(0);
    expect(smtp.received.map((m) => m.outboxId).sort()).toEqual(ids.map(String).sort());
  });
});
