import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { formatRupees, orderNumber } from '../../domain/display';
import type { CreateOrderBody } from '../../domain/schemas/order';
import { codOrder, orderBody, orderRow, placePaidOnlineOrder } from '../../../tests/support/test-orders';
import { findOrderByOrderId } from '../orders/order-repository';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import { startFakeGraphServer, type FakeGraphServer } from './fake-graph-server';
import { messaging, queueOrderMessage } from './index';
import { claimDueMessages } from './message-repository';
import { messageProviderFor } from './provider';
import { createMessageWorker } from './worker';

const APP_SECRET = 'meta-app-secret-for-tests';
const VERIFY_TOKEN = 'verify-me-please';

describeEachDatabase('WhatsApp Cloud API messages', (dialect) => {
  let graph: FakeGraphServer;
  let shop: TestShop;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    graph = await startFakeGraphServer();
    shop = await createTestShop(dialect, {
      env: {
        WHATSAPP_TOKEN: 'graph-token',
        WHATSAPP_PHONE_NUMBER_ID: '1098765432',
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
        WHATSAPP_GRAPH_URL: graph.url,
      },
    });
    admin = await adminOf(shop);
    user = await createTestUser(shop);
  });
  afterAll(async () => {
    await shop.close();
    await graph.close();
  });
  beforeEach(() => {
    graph.answer = 'ok';
  });

  const place = async (over: Partial<CreateOrderBody> = {}) => {
    const res = await codOrder(shop, user, orderBody({ paymentmode: 'CASHONDELIVERY', whatsappOptIn: true, ...over }));
    expect(res.statusCode).toBe(200);
    const order = res.json() as { orderid: string; id: number };
    numbers.set(order.orderid, orderNumber(order.id));
    return order;
  };
  // Messages name an order by its number; the tests look orders up by their orderid.
  const numbers = new Map<string, string>();
  const drain = () => messaging(shop.app.ctx).worker.drain();
  const messagesOf = async (orderid: string) => (await shop.app.inject({ url: `/api/messages?orderid=${orderid}`, headers: admin.auth })).json();
  const sentTo = (orderid: string) =>
    graph.requests.filter((r) => r.body.template.components.some((c) => c.parameters.some((p) => p.text === numbers.get(orderid))));
  const signed = (body: object, secret = APP_SECRET) => {
    const payload = JSON.stringify(body);
    return { payload, headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}` } };
  };
  const webhook = (body: object, secret?: string) => shop.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', ...signed(body, secret) });
  const event = (value: object) => ({ object: 'whatsapp_business_account', entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', ...value } }] }] });

  it('sends the template through the Graph API with the token, and stores the message id', async () => {
    const { orderid } = await place();
    expect(await drain()).toBe(1);
    const [request] = sentTo(orderid);
    expect(request?.path).toBe('/v21.0/1098765432/messages');
    expect(request?.authorization).toBe('Bearer graph-token');
    expect(request?.body).toMatchObject({ to: '919876543210', template: { name: 'order_placed', language: { code: 'en' } } });
    expect(request?.body.template.components[0]?.parameters.map((p) => p.text)).toEqual(['Asha Verma', numbers.get(orderid), formatRupees(3037)]);
    const [message] = await messagesOf(orderid);
    expect(message).toMatchObject({ orderid, status: 'SENT', template: 'order_placed', kind: 'PLACED', error: null });
    expect((await shop.app.ctx.db.selectFrom('message_outbox').select('provider_id').where('orderid', '=', orderid).executeTakeFirstOrThrow()).provider_id).toMatch(/^wamid\.FAKE/);
  });

  it('a name stored over several lines goes on one line, as the Cloud API takes values', async () => {
    const { orderid } = await place();
    // Typed before such names were refused: the row keeps it; the message must still go.
    await shop.app.ctx.db.updateTable('orders').set({ username: 'Asha\r\n\tVerma      Rao ' }).where('orderid', '=', orderid).execute();
    const order = await findOrderByOrderId(shop.app.ctx.db, orderid);
    await shop.app.ctx.db.transaction().execute((trx) => queueOrderMessage(trx, order!, 'OUT_FOR_DELIVERY'));
    await drain();
    const sent = sentTo(orderid).find((r) => r.body.template.name === 'out_for_delivery');
    expect(sent?.body.template.components[0]?.parameters[0]?.text).toBe('Asha Verma Rao');
    expect((await messagesOf(orderid)).find((m: { kind: string }) => m.kind === 'OUT_FOR_DELIVERY')).toMatchObject({ status: 'SENT', text: expect.stringContaining('Hello Asha Verma Rao, ') });
  });

  it('the delivered message carries the review link of the order’s first product, made when it is sent', async () => {
    const { orderid } = await place();
    const moved = await shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: admin.auth, payload: { orderid, status: 'DELIVERED' } });
    expect(moved.statusCode).toBe(200);
    await drain();
    const delivered = sentTo(orderid).find((r) => r.body.template.name === 'order_delivered');
    const params = delivered?.body.template.components[0]?.parameters.map((p) => p.text) ?? [];
    expect(params).toHaveLength(4);
    expect(params[3]).toMatch(/^http:\/\/localhost:\d+\/review\/\d+$/);
    // The owner reads the link the customer got.
    const shown = (await messagesOf(orderid)).find((m: { kind: string }) => m.kind === 'DELIVERED');
    expect(shown.text).toBe(`Hello Asha Verma, your order ${numbers.get(orderid)} of ${params[2]} was delivered. Tell other customers how you liked it: ${params[3]} Thank you for buying from us.`);
  });

  it('out for delivery goes with the cash on delivery template or the prepaid one, each with its three values', async () => {
    const cash = await place();
    const paidId = await placePaidOnlineOrder(shop, user, orderBody({ whatsappOptIn: true }));
    const paid = await findOrderByOrderId(shop.app.ctx.db, paidId);
    if (!paid) throw new Error('order missing');
    numbers.set(paidId, orderNumber(paid.id));
    for (const orderid of [cash.orderid, paidId]) {
      const order = await findOrderByOrderId(shop.app.ctx.db, orderid);
      await shop.app.ctx.db.transaction().execute((trx) => queueOrderMessage(trx, order!, 'OUT_FOR_DELIVERY'));
    }
    await drain();
    const template = (orderid: string) => sentTo(orderid).find((r) => r.body.template.name.startsWith('out_for_delivery'))?.body.template;
    expect(template(cash.orderid)?.name).toBe('out_for_delivery');
    expect(template(paidId)?.name).toBe('out_for_delivery_prepaid');
    expect(template(paidId)?.components[0]?.parameters.map((p) => p.text)).toEqual(['Asha Verma', numbers.get(paidId), formatRupees(paid.totalAmount)]);
  });

  it('a message committed but never sent (the process died) is sent once by the next worker; a dead claim is taken over once', async () => {
    const { orderid } = await place();
    // The process that committed the order died before its worker ran: a new process's worker sends it.
    const next = createMessageWorker({ handle: shop.app.ctx.database, provider: messageProviderFor(shop.app.ctx.config), publicUrl: 'http://localhost' });
    expect(await next.drain()).toBe(1);
    expect(await next.drain()).toBe(0);
    expect(await drain()).toBe(0);
    expect(sentTo(orderid)).toHaveLength(1);

    // A worker claims a message and dies before sending: nobody sends it while its lease lasts, then one does, once.
    const second = await place();
    const now = new Date();
    const claimed = await claimDueMessages(shop.app.ctx.database, { now: now.toISOString(), lease: new Date(now.getTime() + 50).toISOString(), limit: 10 });
    expect(claimed.map((r) => r.orderid)).toContain(second.orderid);
    const taker = createMessageWorker({ handle: shop.app.ctx.database, provider: messageProviderFor(shop.app.ctx.config), publicUrl: 'http://localhost', leaseMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    const [a, b] = await Promise.all([taker.drain(), drain()]);
    expect(a + b).toBe(1);
    expect(sentTo(second.orderid)).toHaveLength(1);
    expect((await messagesOf(second.orderid))[0]).toMatchObject({ status: 'SENT' });
  });

  it('retries a server error later and fails a refused message at once, saying why', async () => {
    graph.answer = 'server-error';
    const { orderid } = await place();
    expect(await drain()).toBe(0);
    let row = await shop.app.ctx.db.selectFrom('message_outbox').selectAll().where('orderid', '=', orderid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect(row.last_error).toContain('503');
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(Date.now());
    expect(await drain()).toBe(0);
    graph.answer = 'rejected';
    await shop.app.ctx.db.updateTable('message_outbox').set({ next_attempt_at: new Date(0).toISOString() }).where('id', '=', row.id).execute();
    expect(await drain()).toBe(0);
    row = await shop.app.ctx.db.selectFrom('message_outbox').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'FAILED', attempts: 2 });
    expect((await messagesOf(orderid))[0].error).toContain('Template name does not exist');
  });

  it('verifies the subscription, refuses a bad signature and stores delivery statuses, never going back', async () => {
    const ok = await shop.app.inject({ url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect((await shop.app.inject({ url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1' })).statusCode).toBe(403);

    const { orderid } = await place();
    await drain();
    const { provider_id: id } = await shop.app.ctx.db.selectFrom('message_outbox').select('provider_id').where('orderid', '=', orderid).executeTakeFirstOrThrow();
    const status = (s: string) => event({ statuses: [{ id, status: s, timestamp: '1764200000', recipient_id: '919876543210' }] });
    expect((await webhook(status('delivered'), 'not-the-secret')).statusCode).toBe(401);
    const unsigned = await shop.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(status('read')) });
    expect(unsigned.statusCode).toBe(401);
    expect((await messagesOf(orderid))[0].status).toBe('SENT');
    expect((await webhook(status('delivered'))).statusCode).toBe(200);
    expect((await messagesOf(orderid))[0].status).toBe('DELIVERED');
    await webhook(status('read'));
    await webhook(status('delivered'));
    expect((await messagesOf(orderid))[0].status).toBe('READ');
    // Words that name an object's own machinery are statuses like any unknown one: ignored.
    for (const odd of ['constructor', '__proto__', 'toString']) expect((await webhook(status(odd))).statusCode, odd).toBe(200);
    expect((await messagesOf(orderid))[0].status).toBe('READ');
    const broken = await shop.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', ...signed({}), payload: '{"entry": [' });
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('a Confirm button from the order’s number confirms it, from another number does nothing, and STOP opts out', async () => {
    const current = (await shop.app.inject({ url: '/api/settings', headers: admin.auth })).json();
    await shop.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload: { ...current, codConfirmation: true } });
    const { orderid } = await place({ mobilenumber: '9988776655' });
    await drain();
    expect(graph.requests.at(-1)?.body.template.components.filter((c) => c.type === 'button').map((c) => c.parameters[0]?.payload)).toEqual([
      `CONFIRM:${orderid}`,
      `CANCEL:${orderid}`,
    ]);
    const button = (from: string, payload: string) => event({ messages: [{ from, id: 'wamid.IN1', timestamp: '1764200000', type: 'button', button: { payload, text: 'Confirm' } }] });
    expect((await webhook(button('919999999999', `CONFIRM:${orderid}`))).statusCode).toBe(200);
    expect((await orderRow(shop, orderid)).confirmation).toBe('PENDING');
    expect((await messagesOf(orderid))[0].answer).toBe('WAITING');
    expect((await webhook(button('919988776655', `CONFIRM:${orderid}`))).statusCode).toBe(200);
    expect((await orderRow(shop, orderid)).confirmation).toBe('CONFIRMED');
    expect((await messagesOf(orderid))[0].answer).toBe('CONFIRMED');

    const stop = event({ messages: [{ from: '919988776655', id: 'wamid.IN2', timestamp: '1764200001', type: 'text', text: { body: 'stop' } }] });
    expect((await webhook(stop)).statusCode).toBe(200);
    expect((await orderRow(shop, orderid)).whatsapp_opt_in).toBe(0);
    const moved = await shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: admin.auth, payload: { orderid, status: 'DELIVERED' } });
    expect(moved.statusCode).toBe(200);
    expect((await messagesOf(orderid)).map((m: { kind: string }) => m.kind)).toEqual(['COD_CONFIRMATION']);
    // START after a STOP: the account's switch is on again, as the profile would set it.
    const { user_id: userId } = await shop.app.ctx.db.selectFrom('orders').select('user_id').where('orderid', '=', orderid).executeTakeFirstOrThrow();
    const accountOptIn = async () => (await shop.app.ctx.db.selectFrom('users').select('whatsapp_opt_in').where('id', '=', userId).executeTakeFirstOrThrow()).whatsapp_opt_in;
    expect(await accountOptIn()).toBe(0);
    const start = event({ messages: [{ from: '919988776655', id: 'wamid.IN3', timestamp: '1764200002', type: 'text', text: { body: ' Start ' } }] });
    expect((await webhook(start)).statusCode).toBe(200);
    expect(await accountOptIn()).toBe(1);
    // The sandbox's reply call does not exist beside the real API.
    expect((await shop.app.inject({ method: 'POST', url: '/api/whatsapp/sandbox/reply', headers: admin.auth, payload: { orderid, button: 'CONFIRM' } })).statusCode).toBe(404);
  });

  it('Settings → Messages names the template and language each message is sent with', async () => {
    const before = (await shop.app.inject({ url: '/api/messages/settings', headers: admin.auth })).json();
    expect(before.provider).toBe('cloud');
    const templates = { ...before.templates, PLACED: { name: 'ghee_order_placed_v2', language: 'hi' } };
    expect((await shop.app.inject({ method: 'PUT', url: '/api/messages/settings', headers: admin.auth, payload: { templates: { ...templates, PLACED: { name: 'Bad Name!', language: 'hi' } } } })).statusCode).toBe(400);
    expect((await shop.app.inject({ method: 'PUT', url: '/api/messages/settings', headers: user.auth, payload: { templates } })).statusCode).toBe(403);
    const saved = await shop.app.inject({ method: 'PUT', url: '/api/messages/settings', headers: admin.auth, payload: { templates } });
    expect(saved.json().templates.PLACED).toEqual({ name: 'ghee_order_placed_v2', language: 'hi' });
    const current = (await shop.app.inject({ url: '/api/settings', headers: admin.auth })).json();
    await shop.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload: { ...current, codConfirmation: false } });
    const { orderid } = await place();
    await drain();
    expect(sentTo(orderid)[0]?.body.template).toMatchObject({ name: 'ghee_order_placed_v2', language: { code: 'hi' } });
  });
});
