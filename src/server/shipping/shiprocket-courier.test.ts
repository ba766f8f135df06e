import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_SHIPROCKET_LOGIN, startFakeShiprocket, type FakeShiprocket } from '../../../tests/support/fake-shiprocket';
import { CourierError, type BookingInput } from './courier';
import { createShiprocketCourier } from './shiprocket-courier';
import { shiprocketScanFromWebhook } from './shiprocket-webhook';

const input = (reference: string, pincode = '560001'): BookingInput => ({
  reference,
  orderid: reference,
  orderDate: '2026-11-27T05:00:00.000Z',
  pickup: { name: 'Nandi Dairy', address: '14 Dairy Circle', city: 'Bengaluru', state: 'Karnataka', pincode: '560029', phone: '8041234567', email: 'care@nandi.example' },
  deliverTo: { name: 'Asha Verma', address: '12 Temple Street', city: 'Bengaluru Urban', state: 'Karnataka', pincode, phone: '9876543210', email: 'asha@example.in' },
  items: [{ name: 'A2 Desi Cow Ghee 500 ml', sku: '1-500', units: 2, sellingPrice: 1019 }],
  total: 2038,
  subtotal: 2038,
  cod: true,
  weightGrams: 1210,
});

describe('the Shiprocket courier against a fake Shiprocket', () => {
  let fake: FakeShiprocket;
  beforeAll(async () => {
    fake = await startFakeShiprocket();
  });
  afterAll(async () => fake.close());
  const courier = (now = () => Date.now()) => createShiprocketCourier({ baseUrl: fake.baseUrl, ...FAKE_SHIPROCKET_LOGIN, now });

  it('books (order, AWB), schedules the pickup, fetches the label, tracks and cancels', async () => {
    const shiprocket = courier();
    const booking = await shiprocket.book(input('OD_book1'));
    expect(booking).toMatchObject({ courier: 'Delhivery Surface', awb: expect.stringMatching(/^7\d{11}$/), trackingUrl: expect.stringContaining(booking.awb) });
    expect(await shiprocket.schedulePickup(booking)).toEqual({ pickupDate: '2026-11-28' });
    expect((await shiprocket.label(booking))?.subarray(0, 5).toString()).toBe('%PDF-');
    fake.scans.set(booking.awb, [
      [42, '2026-11-28 10:05:00', 'Bengaluru hub'],
      [17, '2026-11-29 09:00:00', 'Jayanagar'],
    ]);
    expect(await shiprocket.track(booking.awb)).toEqual([
      { awb: booking.awb, status: 'PICKED_UP', at: '2026-11-28T04:35:00.000Z', location: 'Bengaluru hub', key: 'PICKED_UP@2026-11-28T04:35:00.000Z' },
      { awb: booking.awb, status: 'OUT_FOR_DELIVERY', at: '2026-11-29T03:30:00.000Z', location: 'Jayanagar', key: 'OUT_FOR_DELIVERY@2026-11-29T03:30:00.000Z' },
    ]);
    await shiprocket.cancel(booking.awb);
    expect(fake.cancelledAwbs).toContain(booking.awb);
    expect(fake.logins).toBe(1);
  });

  it('a repeated booking (after a crash) answers the same order and AWB without booking again', async () => {
    const shiprocket = courier();
    const first = await shiprocket.book(input('OD_again'));
    const created = fake.adhocCreated;
    const assigned = fake.awbsAssigned;
    expect(await shiprocket.book(input('OD_again'))).toEqual(first);
    expect(fake.adhocCreated).toBe(created);
    expect(fake.awbsAssigned).toBe(assigned);
  });

  it('renews the token before its 10 days, and once more when Shiprocket says it expired', async () => {
    let clock = Date.parse('2026-11-27T00:00:00Z');
    const shiprocket = courier(() => clock);
    const logins = fake.logins;
    await shiprocket.book(input('OD_token1'));
    expect(fake.logins).toBe(logins + 1);
    clock += 8 * 24 * 3600_000;
    await shiprocket.book(input('OD_token2'));
    expect(fake.logins).toBe(logins + 1);
    clock += 2 * 24 * 3600_000;
    await shiprocket.book(input('OD_token3'));
    expect(fake.logins).toBe(logins + 2);
    fake.expireTokens();
    const booking = await shiprocket.book(input('OD_token4'));
    expect(booking.awb).toMatch(/^7/);
    expect(fake.logins).toBe(logins + 3);
  });

  it("says Shiprocket's refusals in plain words: an unserviceable pincode, a low wallet, a wrong login", async () => {
    fake.unserviceablePincodes.add('795001');
    const refused = await courier().book(input('OD_far', '795001')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CourierError);
    expect((refused as CourierError).message).toBe('No Shiprocket courier delivers to pincode 795001. Ship this order another way and type its AWB under "Booked elsewhere".');
    expect((refused as CourierError).definite).toBe(true);
    fake.walletLow = true;
    try {
      const low = await courier().book(input('OD_wallet')).catch((e: unknown) => e);
      expect((low as CourierError).message).toMatch(/^Your Shiprocket wallet balance is too low .* Recharge the wallet in Shiprocket, then press Ship again\.$/);
    } finally {
      fake.walletLow = false;
    }
    const wrong = createShiprocketCourier({ baseUrl: fake.baseUrl, email: FAKE_SHIPROCKET_LOGIN.email, password: 'nope' });
    expect(((await wrong.book(input('OD_login')).catch((e: unknown) => e)) as CourierError).message).toMatch(/refused the shop’s login\. Check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD/);
    const away = createShiprocketCourier({ baseUrl: 'http://127.0.0.1:1', ...FAKE_SHIPROCKET_LOGIN });
    const unreachable = (await away.book(input('OD_away')).catch((e: unknown) => e)) as CourierError;
    expect(unreachable.definite).toBe(false);
    expect(unreachable.message).toMatch(/could not be reached/);
  });

  it("tells the owner to press the button of the call that failed, not always Ship", async () => {
    const shiprocket = courier();
    const booking = await shiprocket.book(input('OD_next1'));
    fake.cancelRefusal = 'Cancellation is not allowed for this shipment right now';
    try {
      const refused = (await shiprocket.cancel(booking.awb).catch((e: unknown) => e)) as CourierError;
      expect(refused.message).toBe('Shiprocket refused: Cancellation is not allowed for this shipment right now. Fix that in the order or in Shiprocket, then press Cancel shipment again.');
    } finally {
      fake.cancelRefusal = null;
    }
    // A pincode in a cancel's refusal is not "no courier delivers here": Booked elsewhere would not help.
    fake.cancelRefusal = 'Pickup pincode 560029 shipment already manifested';
    try {
      const refused = (await shiprocket.cancel(booking.awb).catch((e: unknown) => e)) as CourierError;
      expect(refused.message).toBe('Shiprocket refused: Pickup pincode 560029 shipment already manifested. Fix that in the order or in Shiprocket, then press Cancel shipment again.');
    } finally {
      fake.cancelRefusal = null;
    }
    const away = createShiprocketCourier({ baseUrl: 'http://127.0.0.1:1', ...FAKE_SHIPROCKET_LOGIN });
    const messages = await Promise.all([
      away.cancel(booking.awb).catch((e: unknown) => (e as CourierError).message),
      away.label(booking).catch((e: unknown) => (e as CourierError).message),
      away.schedulePickup(booking).catch((e: unknown) => (e as CourierError).message),
      away.book(input('OD_next2')).catch((e: unknown) => (e as CourierError).message),
    ]);
    expect(messages).toEqual([
      'Shiprocket could not be reached. Nothing is lost: press Cancel shipment again in a few minutes.',
      'Shiprocket could not be reached. Nothing is lost: open the label again in a few minutes.',
      'Shiprocket could not be reached. Nothing is lost: schedule the pickup in Shiprocket, or cancel the shipment and ship it again.',
      'Shiprocket could not be reached. Nothing is lost: press Ship again in a few minutes.',
    ]);
  });

  it("keeps Shiprocket's own words to one clean line: its courier name and its refusals", async () => {
    fake.courierName = '\u202eDelhivery\u200b Surface\n\u0007';
    try {
      expect((await courier().book(input('OD_words'))).courier).toBe('Delhivery Surface');
    } finally {
      fake.courierName = 'Delhivery Surface';
    }
    fake.courierName = '\u2066\u200b\u2069';
    try {
      expect((await courier().book(input('OD_nowords'))).courier).toBe('Shiprocket');
    } finally {
      fake.courierName = 'Delhivery Surface';
    }
    const booking = await courier().book(input('OD_refusal'));
    fake.cancelRefusal = `Cancellation\u202e is not\u0000 allowed\r\n${'!'.repeat(5000)}`;
    try {
      const refused = (await courier().cancel(booking.awb).catch((e: unknown) => e)) as CourierError;
      expect(refused.message).toMatch(/^Shiprocket refused: Cancellation is not allowed !+…\. Fix that in the order or in Shiprocket, then press Cancel shipment again\.$/);
      expect(refused.message.length).toBeLessThan(500);
    } finally {
      fake.cancelRefusal = null;
    }
  });

  it("a proxy's 503 page is Shiprocket being down, not a pincode no courier serves", async () => {
    const page = '<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center></body></html>';
    const down = createShiprocketCourier({
      baseUrl: fake.baseUrl,
      ...FAKE_SHIPROCKET_LOGIN,
      fetch: async (url) => (String(url).endsWith('/auth/login') ? Response.json({ token: 'tok' }) : new Response(page, { status: 503, headers: { 'content-type': 'text/html' } })),
    });
    const cancel = (await down.cancel('712345678901').catch((e: unknown) => e)) as CourierError;
    expect(cancel.definite).toBe(false);
    expect(cancel.message).toBe('Shiprocket is having trouble right now. Nothing is lost: press Cancel shipment again in a few minutes.');
    const book = (await down.book(input('OD_proxy503')).catch((e: unknown) => e)) as CourierError;
    expect(book.definite).toBe(false);
    expect(book.message).toBe('Shiprocket is having trouble right now. Nothing is lost: press Ship again in a few minutes.');
  });

  it("reads the tracking webhook's scan; ignores what it does not act on", () => {
    const body = { awb: '712345678901', current_status: 'OUT FOR DELIVERY', shipment_status_id: 17, current_timestamp: '2026-11-29 09:00:00', scans: [{ location: 'Jayanagar' }] };
    expect(shiprocketScanFromWebhook(body)).toEqual({ awb: '712345678901', status: 'OUT_FOR_DELIVERY', at: '2026-11-29T03:30:00.000Z', location: 'Jayanagar', key: 'OUT_FOR_DELIVERY@2026-11-29T03:30:00.000Z' });
    expect(shiprocketScanFromWebhook({ ...body, shipment_status_id: 99, current_status: 'PENDING' })).toBeNull();
    expect(shiprocketScanFromWebhook({ awb: '', current_status: 'DELIVERED' })).toBeNull();
    expect(shiprocketScanFromWebhook('nonsense')).toBeNull();
  });
});
