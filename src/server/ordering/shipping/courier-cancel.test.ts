import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { FAKE_SHIPROCKET_LOGIN, startFakeShiprocket, type FakeShiprocket } from '../../../../tests/support/fake-shiprocket';
import { orderBody, placedCodOrderId, placePaidOnlineOrder } from '../../../../tests/support/test-orders';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../../tests/support/test-shop';
import { KARNATAKA_BUSINESS } from '../../business/test-business';
import { useCourier } from '../../shipping/courier-registry';
import { createShiprocketCourier } from '../../shipping/shiprocket-courier';
import { retryCourierCancels } from './courier-cancel';
import { pollQuietShipments } from './poll-service';

describeEachDatabase('cancelling an order cancels its courier booking (a fake Shiprocket)', (dialect) => {
  let fake: FakeShiprocket;
  let shop: TestShop;
  let user: TestUser;
  let admin: TestUser;
  const shiprocket = () => createShiprocketCourier({ baseUrl: fake.baseUrl, ...FAKE_SHIPROCKET_LOGIN });
  beforeAll(async () => {
    fake = await startFakeShiprocket();
    shop = await createTestShop(dialect, { env: { SHIPROCKET_EMAIL: FAKE_SHIPROCKET_LOGIN.email, SHIPROCKET_PASSWORD: FAKE_SHIPROCKET_LOGIN.password, SHIPROCKET_API_URL: fake.baseUrl } });
    user = await createTestUser(shop);
    admin = await adminOf(shop);
    expect((await shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
  });
  beforeEach(() => {
    fake.cancelRefusal = null;
    useCourier(shop.app.ctx, shiprocket());
  });
  afterAll(async () => {
    await shop.close();
    await fake.close();
  });

  const cod = () => placedCodOrderId(shop, user);
  const ship = async (orderid: string) => {
    const res = await shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment`, headers: admin.auth, payload: { mode: 'COURIER' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().shipment.awb as string;
  };
  const cancel = (who: TestUser, orderid: string) =>
    shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: who.auth, payload: { reason: 'Ordered by mistake' } });
  const shipmentOf = async (orderid: string) =>
    shop.app.ctx.db
      .selectFrom('shipments')
      .innerJoin('orders', 'orders.id', 'shipments.order_id')
      .select(['shipments.status', 'shipments.awb', 'orders.status as orderStatus', 'orders.stock_returned_at'])
      .where('orders.orderid', '=', orderid)
      .executeTakeFirst();
  const shippedMails = async (orderid: string) =>
    (await shop.app.ctx.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'order-shipped').where('subject', 'like', `%${orderid}%`).execute()).length;
  const auditOf = async (orderid: string, action: string) =>
    (await shop.app.ctx.db.selectFrom('audit_log').select('details').where('target', '=', orderid).where('action', '=', action).execute()).map((r) => JSON.parse(r.details) as Record<string, unknown>);

  it('an admin cancelling a booked order cancels the AWB at the courier and the shipment with it', async () => {
    const orderid = await cod();
    const awb = await ship(orderid);
    const res = await cancel(admin, orderid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', shipment: null });
    expect(fake.cancelledAwbs).toContain(awb);
    expect(await shipmentOf(orderid)).toMatchObject({ status: 'CANCELLED', awb, orderStatus: 'CANCELLED', stock_returned_at: expect.any(String) });
    expect(await auditOf(orderid, 'order.ship.cancel')).toEqual([{ awb, by: 'order.cancel' }]);
    expect(await auditOf(orderid, 'order.ship.cancel.failed')).toEqual([]);
  });

  it('a customer cancelling an order moved back to preparation after booking cancels the AWB too', async () => {
    const orderid = await cod();
    const awb = await ship(orderid);
    expect((await cancel(user, orderid)).statusCode).toBe(409);
    const back = await shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: admin.auth, payload: { orderid, status: 'PREPARATION' } });
    expect(back.statusCode, back.body).toBe(200);
    expect((await cancel(user, orderid)).statusCode).toBe(200);
    expect(fake.cancelledAwbs).toContain(awb);
    expect(await shipmentOf(orderid)).toMatchObject({ status: 'CANCELLED', orderStatus: 'CANCELLED' });
  });

  it('the courier refusing: the order is still cancelled and refunded, the refusal recorded, and the poll asks again', async () => {
    const orderid = await placePaidOnlineOrder(shop, user, orderBody({ paymentmode: 'ONLINE' }));
    const awb = await ship(orderid);
    fake.cancelRefusal = 'Cancellation is not allowed for this shipment right now';
    const res = await cancel(admin, orderid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', shipment: { awb, status: 'BOOKED' } });
    expect(res.json().refunds).toHaveLength(1);
    expect(fake.cancelledAwbs).not.toContain(awb);
    expect(await shipmentOf(orderid)).toMatchObject({ status: 'BOOKED', orderStatus: 'CANCELLED', stock_returned_at: expect.any(String) });
    const [failed, ...more] = await auditOf(orderid, 'order.ship.cancel.failed');
    expect(more).toEqual([]);
    expect(failed).toMatchObject({ awb, definite: true, courierSaid: expect.stringContaining('Cancellation is not allowed for this shipment right now') });

    // The customer's list, read now, shows the booking still standing.
    const listed = async () =>
      ((await shop.app.inject({ url: '/api/order', headers: user.auth })).json() as { orderid: string; shipment: { status: string } | null }[]).find((o) => o.orderid === orderid);
    expect((await listed())?.shipment).toMatchObject({ awb, status: 'BOOKED' });

    // Refused again by the poll: not written twice. Then the courier agrees.
    await pollQuietShipments(shop.app.ctx, Date.now() + 120_000);
    expect(await auditOf(orderid, 'order.ship.cancel.failed')).toHaveLength(1);
    fake.cancelRefusal = null;
    // A cancel just made is the cancel's own to finish: the poll leaves it for a minute.
    await pollQuietShipments(shop.app.ctx);
    expect((await shipmentOf(orderid))?.status).toBe('BOOKED');
    await pollQuietShipments(shop.app.ctx, Date.now() + 120_000);
    expect(fake.cancelledAwbs).toContain(awb);
    expect(await shipmentOf(orderid)).toMatchObject({ status: 'CANCELLED', orderStatus: 'CANCELLED' });
    expect(await auditOf(orderid, 'order.ship.cancel')).toEqual([{ awb, by: 'order.cancel' }]);
    // And the list read before no longer shows a booking the courier has cancelled.
    expect((await listed())?.shipment?.status ?? null).not.toBe('BOOKED');
  });

  it('the courier unreachable: the order is still cancelled, the failure recorded, and the owner cancels the shipment later', async () => {
    const orderid = await cod();
    const awb = await ship(orderid);
    useCourier(shop.app.ctx, createShiprocketCourier({ baseUrl: fake.baseUrl, ...FAKE_SHIPROCKET_LOGIN, fetch: () => Promise.reject(new TypeError('fetch failed')) }));
    const res = await cancel(admin, orderid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', shipment: { awb, status: 'BOOKED' } });
    expect(await auditOf(orderid, 'order.ship.cancel.failed')).toEqual([expect.objectContaining({ awb, definite: false, courierSaid: expect.stringMatching(/could not be reached/) })]);
    useCourier(shop.app.ctx, shiprocket());
    const retried = await shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment/cancel`, headers: admin.auth });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'CANCELLED', shipment: null });
    expect(fake.cancelledAwbs).toContain(awb);
  });

  it('an order without a shipment, or one already picked up, does not ask the courier', async () => {
    const asked = fake.cancelledAwbs.length;
    const plain = await cod();
    expect((await cancel(user, plain)).json()).toMatchObject({ status: 'CANCELLED', shipment: null });
    expect(await shipmentOf(plain)).toBeUndefined();

    const onItsWay = await cod();
    const awb = await ship(onItsWay);
    fake.scans.set(awb, [[42, '2026-11-28 10:05:00', 'Bengaluru hub']]);
    await pollQuietShipments(shop.app.ctx, Date.now() + 25 * 3600_000);
    expect((await shipmentOf(onItsWay))?.status).toBe('PICKED_UP');
    expect((await cancel(user, onItsWay)).statusCode).toBe(409);
    expect((await cancel(admin, onItsWay)).statusCode).toBe(200);
    expect(await shipmentOf(onItsWay)).toMatchObject({ status: 'PICKED_UP', orderStatus: 'CANCELLED' });
    expect(fake.cancelledAwbs).toHaveLength(asked);
    expect(await auditOf(onItsWay, 'order.ship.cancel.failed')).toEqual([]);
  });

  it('an order cancelled while the courier books it is not shipped: no mail or message, and the new AWB is cancelled', async () => {
    const orderid = await cod();
    const mailsBefore = await shippedMails(orderid);
    let cancelledMeanwhile = 0;
    fake.beforeAwb = async () => {
      cancelledMeanwhile = (await cancel(user, orderid)).statusCode;
    };
    const res = await shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment`, headers: admin.auth, payload: { mode: 'COURIER' } });
    expect(cancelledMeanwhile).toBe(200);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/was cancelled while the courier was booking it.*has been cancelled too/);
    const shipment = await shipmentOf(orderid);
    expect(shipment).toMatchObject({ status: 'CANCELLED', orderStatus: 'CANCELLED', awb: expect.stringMatching(/^7\d{11}$/) });
    expect(fake.cancelledAwbs).toContain(shipment?.awb);
    expect(await shippedMails(orderid)).toBe(mailsBefore);
    const messages = await shop.app.ctx.db.selectFrom('message_outbox').select('kind').where('orderid', '=', orderid).where('kind', '=', 'SHIPPED').execute();
    expect(messages).toEqual([]);
    expect(await auditOf(orderid, 'order.ship')).toEqual([]);
    expect(await auditOf(orderid, 'order.ship.after.cancel')).toEqual([{ courier: 'Delhivery Surface', awb: shipment?.awb }]);
    expect(await auditOf(orderid, 'order.ship.cancel')).toEqual([{ awb: shipment?.awb, by: 'order.cancel' }]);
  });

  it('the courier refusing to cancel such a booking: the owner is told, and the poll asks again', async () => {
    const orderid = await cod();
    fake.beforeAwb = async () => {
      expect((await cancel(user, orderid)).statusCode).toBe(200);
      fake.cancelRefusal = 'Cancellation is not allowed for this shipment right now';
    };
    const res = await shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment`, headers: admin.auth, payload: { mode: 'COURIER' } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/did not agree to cancel booking AWB \d+ yet/);
    const awb = (await shipmentOf(orderid))?.awb;
    expect(await shipmentOf(orderid)).toMatchObject({ status: 'BOOKED', orderStatus: 'CANCELLED' });
    expect(await auditOf(orderid, 'order.ship.cancel.failed')).toHaveLength(1);
    fake.cancelRefusal = null;
    expect(await retryCourierCancels(shop.app.ctx, Date.now() + 2 * 60_000)).toBeGreaterThanOrEqual(1);
    expect(fake.cancelledAwbs).toContain(awb);
    expect(await shipmentOf(orderid)).toMatchObject({ status: 'CANCELLED', orderStatus: 'CANCELLED' });
  });

  it('a slow booking whose cancelled order the poll gave up meanwhile: the owner hears it, and the new AWB is cancelled', async () => {
    const orderid = await cod();
    fake.beforeAwb = async () => {
      expect((await cancel(user, orderid)).statusCode).toBe(200);
      // The courier took over a minute: the poll finds the claim stale, sees the order cancelled and releases it.
      await pollQuietShipments(shop.app.ctx, Date.now() + 2 * 60_000);
    };
    const res = await shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment`, headers: admin.auth, payload: { mode: 'COURIER' } });
    const awb = [...fake.orders.values()].find((o) => o.channelOrderId === orderid)?.awb;
    expect(awb).toMatch(/^7\d{11}$/);
    // The courier holds a booking (and a pickup) for a cancelled order: it must be cancelled, and Ship must not say 200.
    expect(fake.cancelledAwbs).toContain(awb);
    expect(res.statusCode, res.body).toBe(409);
  });
});
