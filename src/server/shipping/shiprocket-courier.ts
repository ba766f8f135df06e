import { cleanLine } from '../../domain/clean-line';
import { COURIER_NAME_MAX } from '../../domain/shipping';
import { CourierError, type Booking, type BookingInput, type Courier, type CourierScan } from './courier';
import { shiprocketScanFromWebhook, shiprocketScanStatus, shiprocketTime } from './shiprocket-webhook';

export interface ShiprocketOptions {
  /** Base of the external API v1, e.g. https://apiv2.shiprocket.in/v1/external (a fake server's in tests). */
  baseUrl: string;
  email: string;
  password: string;
  webhookToken?: string | undefined;
  /** Shiprocket's tokens live 10 days; the shop renews after this long, well before. */
  tokenMaxAgeMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
}

const NINE_DAYS_MS = 9 * 24 * 3600_000;
/** The most of Shiprocket's own words a refusal repeats to the owner (and to the audit log). */
const REFUSAL_WORDS_MAX = 300;

type Json = Record<string, unknown>;

/**
 * Shiprocket's external API v1 (DESIGN.md §8.5). The token from auth/login is kept and renewed before its 10 days
 * run out, and once more when Shiprocket answers 401 (it was revoked or expired early). Its refusals come back as
 * CourierError with words the owner can act on.
 */
export function createShiprocketCourier(options: ShiprocketOptions): Courier {
  const now = options.now ?? Date.now;
  const maxAge = options.tokenMaxAgeMs ?? NINE_DAYS_MS;
  const doFetch = options.fetch ?? fetch;
  let token: { value: string; at: number } | null = null;

  async function login(next: NextStep): Promise<string> {
    const answer = await send('POST', '/auth/login', { email: options.email, password: options.password }, null, next);
    if (answer.status !== 200 || typeof answer.body.token !== 'string') {
      throw new CourierError('Shiprocket refused the shop’s login. Check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD (an API user made in Shiprocket’s settings).', true);
    }
    token = { value: answer.body.token, at: now() };
    return token.value;
  }

  async function currentToken(next: NextStep): Promise<string> {
    return token && now() - token.at < maxAge ? token.value : login(next);
  }

  async function send(method: string, path: string, body: unknown, bearer: string | null, next: NextStep): Promise<{ status: number; body: Json }> {
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new CourierError(`Shiprocket could not be reached. Nothing is lost: ${next.later}.`, false, { cause: error });
    }
    const text = await response.text();
    let parsed: Json;
    try {
      parsed = text ? (JSON.parse(text) as Json) : {};
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed };
  }

  /** A call with the token, renewed once if Shiprocket says it expired; `next` is what its errors tell the owner to do. */
  async function call(next: NextStep, method: string, path: string, body?: unknown): Promise<Json> {
    let answer = await send(method, path, body, await currentToken(next), next);
    if (answer.status === 401) answer = await send(method, path, body, await login(next), next);
    if (answer.status >= 400) throw refusal(answer.body, answer.status, next);
    return answer.body;
  }

  return {
    name: 'shiprocket',
    testMode: false,
    async book(input: BookingInput): Promise<Booking> {
      const order = await call(NEXT.book, 'POST', '/orders/create/adhoc', adhocOrder(input));
      const shipmentId = String(order.shipment_id ?? '');
      if (!shipmentId) throw refusal(order, 200, NEXT.book);
      let awb = typeof order.awb_code === 'string' ? order.awb_code : '';
      let courierName = typeof order.courier_name === 'string' ? order.courier_name : '';
      // A repeated booking (after a crash) answers the order Shiprocket already has, with its AWB if it has one.
      if (!awb) {
        const assigned = await call(NEXT.book, 'POST', '/courier/assign/awb', { shipment_id: shipmentId });
        const data = ((assigned.response as Json | undefined)?.data ?? {}) as Json;
        if (assigned.awb_assign_status !== 1 || typeof data.awb_code !== 'string') throw refusal(assigned, 200, NEXT.book, input.deliverTo.pincode);
        awb = data.awb_code;
        courierName = typeof data.courier_name === 'string' ? data.courier_name : courierName;
      }
      return {
        // Shown to the customer and filled into the shipped mail and message: Shiprocket's text, made one clean line.
        courier: cleanLine(courierName, COURIER_NAME_MAX) || 'Shiprocket',
        awb,
        trackingUrl: `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`,
        providerOrderId: String(order.order_id ?? ''),
        providerShipmentId: shipmentId,
      };
    },
    async schedulePickup(booking) {
      const answer = await call(NEXT.pickup, 'POST', '/courier/generate/pickup', { shipment_id: [Number(booking.providerShipmentId) || booking.providerShipmentId] });
      const response = (answer.response ?? {}) as Json;
      const date = typeof response.pickup_scheduled_date === 'string' ? response.pickup_scheduled_date.slice(0, 10) : new Date(now()).toISOString().slice(0, 10);
      return { pickupDate: date };
    },
    async label(booking) {
      const answer = await call(NEXT.label, 'POST', '/courier/generate/label', { shipment_id: [Number(booking.providerShipmentId) || booking.providerShipmentId] });
      if (answer.label_created !== 1 || typeof answer.label_url !== 'string') throw refusal(answer, 200, NEXT.label);
      let pdf: Response;
      try {
        pdf = await doFetch(answer.label_url, { signal: AbortSignal.timeout(20_000) });
      } catch (error) {
        throw new CourierError('The label could not be downloaded from Shiprocket. Try again in a minute.', false, { cause: error });
      }
      if (!pdf.ok) throw new CourierError('The label could not be downloaded from Shiprocket. Try again in a minute.', false);
      return Buffer.from(await pdf.arrayBuffer());
    },
    async track(awb) {
      const answer = await call(NEXT.track, 'GET', `/courier/track/awb/${encodeURIComponent(awb)}`);
      const data = (answer.tracking_data ?? {}) as Json;
      const activities = Array.isArray(data.shipment_track_activities) ? (data.shipment_track_activities as Json[]) : [];
      return activities
        .map((a) => scanOf(awb, a))
        .filter((s): s is CourierScan => s !== null)
        .sort((a, b) => a.at.localeCompare(b.at));
    },
    async cancel(awb) {
      await call(NEXT.cancel, 'POST', '/orders/cancel/shipment/awbs', { awbs: [awb] });
    },
    scanFromWebhook: shiprocketScanFromWebhook,
  };
}

function scanOf(awb: string, activity: Json): CourierScan | null {
  const status = shiprocketScanStatus(activity['sr-status'], activity['sr-status-label'] ?? activity.activity);
  const at = shiprocketTime(activity.date);
  if (!status || !at) return null;
  return { awb, status, at, location: typeof activity.location === 'string' ? activity.location : '', key: `${status}@${at}` };
}

function adhocOrder(input: BookingInput): Json {
  const to = input.deliverTo;
  const [first, ...rest] = to.name.trim().split(/\s+/);
  const ist = new Date(new Date(input.orderDate).getTime() + 5.5 * 3600_000).toISOString();
  return {
    order_id: input.reference,
    order_date: `${ist.slice(0, 10)} ${ist.slice(11, 16)}`,
    pickup_location: 'Primary',
    billing_customer_name: first ?? to.name,
    billing_last_name: rest.join(' '),
    billing_address: to.address,
    billing_city: to.city,
    billing_pincode: to.pincode,
    billing_state: to.state,
    billing_country: 'India',
    billing_email: to.email,
    billing_phone: to.phone,
    shipping_is_billing: true,
    order_items: input.items.map((i) => ({ name: i.name, sku: i.sku, units: i.units, selling_price: i.sellingPrice })),
    payment_method: input.cod ? 'COD' : 'Prepaid',
    sub_total: input.subtotal,
    length: 15,
    breadth: 15,
    height: 15,
    weight: Math.max(0.1, input.weightGrams / 1000),
  };
}

/** What the owner can do when a call fails: later (Shiprocket down) or once the cause is fixed (a refusal). */
interface NextStep {
  later: string;
  fixed: string;
}

// Each call's errors name the button or place that does that call again, not always Ship.
const NEXT = {
  book: { later: 'press Ship again in a few minutes', fixed: 'press Ship again' },
  cancel: { later: 'press Cancel shipment again in a few minutes', fixed: 'press Cancel shipment again' },
  pickup: { later: 'schedule the pickup in Shiprocket, or cancel the shipment and ship it again', fixed: 'schedule the pickup in Shiprocket' },
  label: { later: 'open the label again in a few minutes', fixed: 'open the label again' },
  track: { later: 'the shop asks again with its next tracking poll', fixed: 'the shop asks again with its next tracking poll' },
} satisfies Record<string, NextStep>;

/** Shiprocket's refusal in words the owner can act on. */
function refusal(body: Json, status: number, next: NextStep, pincode?: string): CourierError {
  const errors = body.errors && typeof body.errors === 'object' ? Object.values(body.errors as Record<string, unknown>).flat().join(' ') : '';
  const data = ((body.response as Json | undefined)?.data ?? {}) as Json;
  const assignError = typeof data.awb_assign_error === 'string' ? data.awb_assign_error : '';
  const said = cleanLine([typeof body.message === 'string' ? body.message : '', errors, assignError].filter(Boolean).join(' '), REFUSAL_WORDS_MAX);
  // First: a proxy's "503 Service Temporarily Unavailable" page would otherwise read as an unserviceable pincode.
  if (status >= 500) return new CourierError(`Shiprocket is having trouble right now. Nothing is lost: ${next.later}.`, false);
  if (/wallet|balance|recharge/i.test(said)) {
    return new CourierError(`Your Shiprocket wallet balance is too low to pay for this shipment. Recharge the wallet in Shiprocket, then ${next.fixed}.`, true);
  }
  // Only a booking's refusal means no courier serves the address; a pincode in another call's refusal (a cancel, a
  // label) is about that call, and the owner reads it as it stands.
  if (next === NEXT.book && /servic|pincode|pin code/i.test(said)) {
    const where = pincode ? ` to pincode ${pincode}` : '';
    return new CourierError(`No Shiprocket courier delivers${where}. Ship this order another way and type its AWB under "Booked elsewhere".`, true);
  }
  return new CourierError(`Shiprocket refused: ${said || `it answered ${status}`}. Fix that in the order or in Shiprocket, then ${next.fixed}.`, true);
}
