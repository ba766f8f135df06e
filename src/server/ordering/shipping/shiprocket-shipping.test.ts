import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderNumber } from '../../../domain/display';
import { FAKE_SHIPROCKET_LOGIN, startFakeShiprocket, type FakeShiprocket } from '../../../../tests/support/fake-shiprocket';
import { adminOf, createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../../tests/support/test-shop';
import { KARNATAKA_BUSINESS } from '../../business/test-business';
import type { Courier } from '../../shipping/courier';
import { useCourier } from '../../shipping/courier-registry';
import { createShiprocketCourier } from '../../shipping/shiprocket-courier';
import { placedCodOrderId } from '../../../../tests/support/test-orders';
import { pollQuietShipments } from './poll-service';

const WEBHOOK_TOKEN = 'shiprocket-webhook-token-0123456789';
/** A time as Shiprocket writes it ("2026-11-27 10:15:00", India time), `hours` from now. */
const srTime = (hours: number) => new Date(Date.now() + hours * 3600_000 + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');

describeEachDatabase('shipping through Shiprocket (a fake Shiprocket)', (dialect) => {
  let fake: FakeShiprocket;
  let shop: TestShop;
  let user: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    fake = await startFakeShiprocket();
    shop = await createTestShop(dialect, {
      env: { SHIPROCKET_EMAIL: FAKE_SHIPROCKET_LOGIN.email, SHIPROCKET_PASSWORD: FAKE_SHIPROCKET_LOGIN.password, SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN, SHIPROCKET_API_URL: fake.baseUrl },
    });
    user = await createTestUser(shop);
    admin = await adminOf(shop);
    expect((await shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop.close();
    await fake.close();
  });

  const cod = () => placedCodOrderId(shop, user);
  const ship = (orderid: string) => shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment`, headers: admin.auth, payload: { mode: 'COURIER' } });
  const webhook = (body: object, key: string | null = WEBHOOK_TOKEN) =>
    shop.app.inject({ method: 'POST', url: '/api/shipping/webhook', headers: key === null ? {} : { 'x-api-key': key }, payload: body });
  const statusOf = async (orderid: string) => (await shop.app.ctx.db.selectFrom('orders').select('status').where('orderid', '=', orderid).executeTakeFirstOrThrow()).status;
  const statusMails = async () =>
    Number((await shop.app.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'status-mail').executeTakeFirstOrThrow()).n);

  it("books with Shiprocket: its AWB and courier, the pickup, and Shiprocket's own label", async () => {
    const orderid = await cod();
    const res = await ship(orderid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'READY', pickupNote: null, shipment: { mode: 'COURIER', courier: 'Delhivery Surface', awb: expect.stringMatching(/^7\d{11}$/) } });
    expect(fake.pickups).toBeGreaterThan(0);
    const label = await shop.app.inject({ url: `/api/order/${orderid}/shipment/label.pdf`, headers: admin.auth });
    expect(label.body).toBe('%PDF-1.4 the courier’s own label');
    const cancel = await shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment/cancel`, headers: admin.auth });
    expect(cancel.json()).toMatchObject({ status: 'PREPARATION', shipment: null });
    expect(fake.cancelledAwbs).toContain(res.json().shipment.awb);
    // Booked again after the cancel: a booking of its own under a reference of its own.
    const again = await ship(orderid);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().shipment.awb).toBe(fake.orders.get(`${orderid}-2`)?.awb);
    expect(again.json().shipment.awb).not.toBe(res.json().shipment.awb);
  });

  it('an AWB Shiprocket assigns that another order already has is a 409 naming that order, not a server error', async () => {
    const typed = await cod();
    const booked = await cod();
    let awb = '';
    fake.beforeAwb = async () => {
      awb = `7${String(fake.orders.get(booked)!.shipmentId).padStart(11, '0')}`;
      const manual = await shop.app.inject({ method: 'POST', url: `/api/order/${typed}/shipment`, headers: admin.auth, payload: { mode: 'MANUAL', courier: 'Delhivery', awb } });
      expect(manual.statusCode, manual.body).toBe(200);
    };
    const pickups = fake.pickups;
    const res = await ship(booked);
    expect(res.statusCode, res.body).toBe(409);
    const typedRow = await shop.app.ctx.db.selectFrom('orders').select('id').where('orderid', '=', typed).executeTakeFirstOrThrow();
    expect(res.json().message).toMatch(new RegExp(`^The courier booked this order under AWB ${awb}, but order ${orderNumber(typedRow.id)} already has that AWB\\. `));
    expect(await statusOf(booked)).toBe('PREPARATION');
    expect(fake.pickups).toBe(pickups);
  });

  it("shows each of Shiprocket's refusals to the owner in plain words, and renews an expired token unseen", async () => {
    const orderid = await cod();
    fake.unserviceablePincodes.add('560001');
    try {
      const far = await ship(orderid);
      expect(far.statusCode).toBe(422);
      expect(far.json().message).toBe('No Shiprocket courier delivers to pincode 560001. Ship this order another way and type its AWB under "Booked elsewhere".');
    } finally {
      fake.unserviceablePincodes.delete('560001');
    }
    fake.walletLow = true;
    try {
      const low = await ship(orderid);
      expect(low.statusCode).toBe(422);
      expect(low.json().message).toMatch(/wallet balance is too low/);
    } finally {
      fake.walletLow = false;
    }
    expect(await statusOf(orderid)).toBe('PREPARATION');
    const logins = fake.logins;
    fake.expireTokens();
    expect((await ship(orderid)).statusCode).toBe(200);
    expect(fake.logins).toBe(logins + 1);
  });

  it('the tracking webhook: a wrong token is 401; each scan applied once, late ones moving nothing back', async () => {
    const orderid = await cod();
    const awb = (await ship(orderid)).json().shipment.awb as string;
    const out = { awb, current_status: 'OUT FOR DELIVERY', shipment_status_id: 17, current_timestamp: srTime(-4), scans: [{ location: 'Jayanagar' }] };
    const wrong = await webhook(out, 'wrong-token-wrong-token-wrong');
    expect(wrong.statusCode, wrong.body).toBe(401);
    expect((await webhook(out, null)).statusCode).toBe(401);
    expect(await statusOf(orderid)).toBe('READY');
    const mails = await statusMails();
    expect((await webhook(out)).json()).toEqual({ received: true, applied: true });
    expect((await webhook(out)).json()).toEqual({ received: true, applied: false });
    expect(await statusOf(orderid)).toBe('OUTFORDELIVERY');
    expect(await statusMails()).toBe(mails + 1);
    const delivered = { ...out, current_status: 'DELIVERED', shipment_status_id: 7, current_timestamp: srTime(-1) };
    await webhook(delivered);
    await webhook({ ...out, current_status: 'PICKED UP', shipment_status_id: 42, current_timestamp: srTime(-6) });
    expect(await statusOf(orderid)).toBe('DELIVERED');
    expect(await statusMails()).toBe(mails + 2);
    expect((await webhook({ awb: 'unknown', current_status: 'DELIVERED', current_timestamp: srTime(-1) })).statusCode).toBe(200);
    expect((await webhook({ hello: 'world' })).statusCode).toBe(200);
    // A status id naming an object's own machinery is an unknown status: acknowledged, nothing applied.
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty', { toString: 1 }]) {
      const odd = await webhook({ awb, current_status: id, shipment_status_id: id, current_timestamp: srTime(-1) });
      expect(odd.statusCode, JSON.stringify(id)).toBe(200);
      expect(odd.json()).toEqual({ received: true, applied: false });
    }
  });

  it('the tracking webhook acknowledges a scan stamped days ahead and applies nothing of it; long texts are cut', async () => {
    const orderid = await cod();
    const awb = (await ship(orderid)).json().shipment.awb as string;
    const eventsOf = () =>
      shop.app.ctx.db.selectFrom('shipment_events').select(['shipment_events.status', 'location']).innerJoin('shipments', 'shipments.id', 'shipment_events.shipment_id').where('shipments.awb', '=', awb).execute();
    for (const at of ['2999-01-01 00:00:00', srTime(30)]) {
      const res = await webhook({ awb, current_status: 'OUT FOR DELIVERY', shipment_status_id: 17, current_timestamp: at, scans: [{ location: 'Jayanagar' }] });
      expect(res.statusCode, at).toBe(200);
      expect(res.json()).toEqual({ received: true, applied: false });
    }
    // The same scan sent again (a retried webhook, or the history the daily poll reads) is noted once.
    await webhook({ awb, current_status: 'OUT FOR DELIVERY', shipment_status_id: 17, current_timestamp: '2999-01-01 00:00:00', scans: [{ location: 'Jayanagar' }] });
    expect(await statusOf(orderid)).toBe('READY');
    expect(await eventsOf()).toEqual([]);
    const audit = await shop.app.ctx.db.selectFrom('audit_log').select(['action', 'details']).where('target', '=', awb).execute();
    expect(audit.map((a) => a.action)).toEqual(['shipment.scan-ignored', 'shipment.scan-ignored']);
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({ reason: 'future', status: 'OUT_FOR_DELIVERY', at: '2998-12-31T18:30:00.000Z' });

    // A courier's clock a little ahead is still believed, and a long text is kept cut short rather than refused.
    const long = { awb, current_status: 'OUT FOR DELIVERY', shipment_status_id: 17, current_timestamp: srTime(2), scans: [{ location: `Jayanagar ${'x'.repeat(100_000)}`, activity: 'y'.repeat(100_000) }] };
    expect((await webhook(long)).json()).toEqual({ received: true, applied: true });
    expect(await statusOf(orderid)).toBe('OUTFORDELIVERY');
    const [kept] = await eventsOf();
    expect(kept?.location.startsWith('Jayanagar x')).toBe(true);
    expect(kept?.location.length).toBeLessThanOrEqual(120);
  });

  it('a scan stamped days before its order, or meant for a cancelled shipment, is acknowledged, applied nothing and noted once', async () => {
    const orderid = await cod();
    const awb = (await ship(orderid)).json().shipment.awb as string;
    const auditOf = (target: string) => shop.app.ctx.db.selectFrom('audit_log').select(['action', 'details']).where('target', '=', target).where('action', '=', 'shipment.scan-ignored').execute();
    const delivered1998 = { awb, current_status: 'DELIVERED', shipment_status_id: 7, current_timestamp: '1998-05-01 10:00:00', scans: [{ location: 'Jayanagar' }] };
    for (let i = 0; i < 2; i++) expect((await webhook(delivered1998)).json()).toEqual({ received: true, applied: false });
    expect(await statusOf(orderid)).toBe('READY');
    expect((await auditOf(awb)).map((a) => JSON.parse(a.details ?? '{}'))).toMatchObject([{ reason: 'before-order', status: 'DELIVERED' }]);

    // Cancelled before pickup, the parcel went out anyway: the scan is not the order's news, but the owner must know.
    expect((await shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment/cancel`, headers: admin.auth })).json()).toMatchObject({ status: 'PREPARATION' });
    const late = await webhook({ ...delivered1998, current_timestamp: srTime(-1) });
    expect(late.json()).toEqual({ received: true, applied: false });
    expect(await statusOf(orderid)).toBe('PREPARATION');
    expect((await auditOf(awb)).map((a) => JSON.parse(a.details ?? '{}').reason)).toEqual(['before-order', 'cancelled-shipment']);
    const events = await shop.app.ctx.db.selectFrom('shipment_events').select('shipment_events.id').innerJoin('shipments', 'shipments.id', 'shipment_events.shipment_id').where('shipments.awb', '=', awb).execute();
    expect(events).toEqual([]);
  });

  it("a courier's scan location reaches the customer as one clean line, never refused", async () => {
    const orderid = await cod();
    const awb = (await ship(orderid)).json().shipment.awb as string;
    const location = '\u202eJaya\u200bnagar\u202c\u0000 \r\n\t Delivery\u2066 Hub\ufeff\u0007';
    const res = await webhook({ awb, current_status: 'OUT FOR DELIVERY', shipment_status_id: 17, current_timestamp: srTime(-1), scans: [{ location, activity: 'Out\u202e for delivery' }] });
    expect(res.json()).toEqual({ received: true, applied: true });
    const mine = (await shop.app.inject({ url: '/api/order', headers: user.auth })).json() as { orderid: string; shipment: { events: { location: string }[] } }[];
    expect(mine.find((o) => o.orderid === orderid)?.shipment.events.map((e) => e.location)).toEqual(['Jayanagar Delivery Hub']);
    const tracked = (await shop.app.inject({ url: `/api/public/track/${orderid}?pincode=560001` })).json() as { events: { location: string }[] };
    expect(tracked.events.map((e) => e.location)).toEqual(['Jayanagar Delivery Hub']);
    // An AWB no shipment can have is acknowledged like any unknown one, not refused and not looked up.
    const odd = await webhook({ awb: `${awb}\u0000`, current_status: 'DELIVERED', shipment_status_id: 7, current_timestamp: srTime(-1), scans: [{ location }] });
    expect(odd.statusCode).toBe(200);
    expect(odd.json()).toEqual({ received: true, applied: false });
    expect(await statusOf(orderid)).toBe('OUTFORDELIVERY');
  });

  it('asks Shiprocket about shipments without news for a day, and applies what it says once', async () => {
    const orderid = await cod();
    const awb = (await ship(orderid)).json().shipment.awb as string;
    fake.scans.set(awb, [
      [42, srTime(-20), 'Bengaluru\u2028hub\u202e'],
      [7, srTime(-2), 'Jayanagar'],
    ]);
    expect(await pollQuietShipments(shop.app.ctx)).toBe(0);
    const dayLater = Date.now() + 25 * 3600_000;
    expect(await pollQuietShipments(shop.app.ctx, dayLater)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(orderid)).toBe('DELIVERED');
    const events = await shop.app.ctx.db
      .selectFrom('shipment_events')
      .select(['shipment_events.status', 'location'])
      .innerJoin('shipments', 'shipments.id', 'shipment_events.shipment_id')
      .where('shipments.awb', '=', awb)
      .orderBy('at')
      .execute();
    expect(events).toEqual([
      { status: 'PICKED_UP', location: 'Bengaluru hub' },
      { status: 'DELIVERED', location: 'Jayanagar' },
    ]);
    await pollQuietShipments(shop.app.ctx, dayLater + 25 * 3600_000);
    expect(await shop.app.ctx.db.selectFrom('shipment_events').select('shipment_events.id').innerJoin('shipments', 'shipments.id', 'shipment_events.shipment_id').where('shipments.awb', '=', awb).execute()).toHaveLength(2);
  });

  it('a crash after Shiprocket booked but before the AWB was stored is resumed without a second booking', async () => {
    const real = createShiprocketCourier({ baseUrl: fake.baseUrl, ...FAKE_SHIPROCKET_LOGIN });
    let crash = true;
    const crashing: Courier = {
      ...real,
      async book(input) {
        const booking = await real.book(input);
        if (crash) {
          crash = false;
          throw new Error('the process died here');
        }
        return booking;
      },
    };
    useCourier(shop.app.ctx, crashing);
    const orderid = await cod();
    const created = fake.adhocCreated;
    const assigned = fake.awbsAssigned;
    expect((await ship(orderid)).statusCode).toBe(500);
    const row = await shop.app.ctx.db.selectFrom('orders').select('id').where('orderid', '=', orderid).executeTakeFirstOrThrow();
    await shop.app.ctx.db.updateTable('shipments').set({ updated_at: new Date(Date.now() - 120_000).toISOString() }).where('order_id', '=', row.id).execute();
    const res = await ship(orderid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipment.awb).toBe(fake.orders.get(orderid)?.awb);
    expect(fake.adhocCreated).toBe(created + 1);
    expect(fake.awbsAssigned).toBe(assigned + 1);
  });

  it('the poll resumes a booking a crash left behind, a minute on, without the owner and without a second booking', async () => {
    const real = createShiprocketCourier({ baseUrl: fake.baseUrl, ...FAKE_SHIPROCKET_LOGIN });
    useCourier(shop.app.ctx, { ...real, book: async (input) => real.book(input).then(() => Promise.reject(new Error('the process died here'))) });
    const orderid = await cod();
    expect((await ship(orderid)).statusCode).toBe(500);
    useCourier(shop.app.ctx, real);
    const created = fake.adhocCreated;
    const shippedMails = Number(
      (await shop.app.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'order-shipped').executeTakeFirstOrThrow()).n,
    );
    // A fresh claim may still be under way: the poll leaves it.
    await pollQuietShipments(shop.app.ctx);
    expect(await statusOf(orderid)).toBe('PREPARATION');
    const row = await shop.app.ctx.db.selectFrom('orders').select('id').where('orderid', '=', orderid).executeTakeFirstOrThrow();
    await shop.app.ctx.db.updateTable('shipments').set({ updated_at: new Date(Date.now() - 120_000).toISOString() }).where('order_id', '=', row.id).execute();
    await pollQuietShipments(shop.app.ctx);
    expect(await statusOf(orderid)).toBe('READY');
    const shipment = await shop.app.ctx.db.selectFrom('shipments').selectAll().where('order_id', '=', row.id).executeTakeFirstOrThrow();
    expect(shipment).toMatchObject({ status: 'BOOKED', awb: fake.orders.get(orderid)?.awb });
    expect(fake.adhocCreated).toBe(created);
    const after = Number(
      (await shop.app.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'order-shipped').executeTakeFirstOrThrow()).n,
    );
    expect(after).toBe(shippedMails + 1);
  });
});
