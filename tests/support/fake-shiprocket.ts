// A stand-in for Shiprocket's external API v1 on a local port, answering in its documented shapes, with switches for
// its refusals (an unserviceable pincode, a wallet too low) and for expiring every token it gave out.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_SHIPROCKET_LOGIN = { email: 'api-user@ghee.example', password: 'shiprocket-password' };

interface FakeOrder {
  channelOrderId: string;
  orderId: number;
  shipmentId: number;
  pincode: string;
  awb: string;
  cancelled: boolean;
}

export interface FakeShiprocket {
  baseUrl: string;
  logins: number;
  adhocCreated: number;
  awbsAssigned: number;
  pickups: number;
  cancelledAwbs: string[];
  unserviceablePincodes: Set<string>;
  walletLow: boolean;
  /** The courier name it answers with an AWB. */
  courierName: string;
  /** When set, cancelling a shipment is refused with this message (as for a parcel already handed over). */
  cancelRefusal: string | null;
  /** Run once, before the next AWB is assigned: what happens elsewhere while the shop waits for the courier. */
  beforeAwb: (() => Promise<void>) | null;
  /** Scans the track call answers per AWB: [Shiprocket status id, "YYYY-MM-DD HH:MM:SS" India time, location]. */
  scans: Map<string, [number, string, string][]>;
  orders: Map<string, FakeOrder>;
  expireTokens(): void;
  close(): Promise<void>;
}

const LABELS: Record<number, string> = { 42: 'PICKED UP', 18: 'IN TRANSIT', 17: 'OUT FOR DELIVERY', 7: 'DELIVERED', 9: 'RTO INITIATED', 10: 'RTO DELIVERED' };

export async function startFakeShiprocket(): Promise<FakeShiprocket> {
  const tokens = new Set<string>();
  let next = 1000;
  const fake: FakeShiprocket = {
    baseUrl: '',
    logins: 0,
    adhocCreated: 0,
    awbsAssigned: 0,
    pickups: 0,
    cancelledAwbs: [],
    unserviceablePincodes: new Set(),
    walletLow: false,
    courierName: 'Delhivery Surface',
    cancelRefusal: null,
    beforeAwb: null,
    scans: new Map(),
    orders: new Map(),
    expireTokens: () => tokens.clear(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const byShipment = (id: unknown) => [...fake.orders.values()].find((o) => o.shipmentId === Number(Array.isArray(id) ? id[0] : id));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/auth/login') {
      if (body.email !== FAKE_SHIPROCKET_LOGIN.email || body.password !== FAKE_SHIPROCKET_LOGIN.password) {
        return answer(400, { message: 'Invalid email and password combination', status_code: 400 });
      }
      fake.logins += 1;
      const token = `token-${fake.logins}`;
      tokens.add(token);
      return answer(200, { id: 1, email: body.email, token });
    }
    if (url.pathname.startsWith('/labels/')) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end('%PDF-1.4 the courier’s own label');
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return answer(401, { message: 'Token has expired', status_code: 401 });

    if (req.method === 'POST' && url.pathname === '/orders/create/adhoc') {
      const channelOrderId = String(body.order_id ?? '');
      if (!channelOrderId || !body.billing_pincode || !Array.isArray(body.order_items)) {
        return answer(422, { message: 'Oops! Invalid Data.', errors: { order_id: ['The order id field is required.'] }, status_code: 422 });
      }
      let order = fake.orders.get(channelOrderId);
      if (!order || order.cancelled) {
        next += 1;
        order = { channelOrderId, orderId: next, shipmentId: next + 5000, pincode: String(body.billing_pincode), awb: '', cancelled: false };
        fake.orders.set(channelOrderId, order);
        fake.adhocCreated += 1;
      }
      return answer(200, { order_id: order.orderId, shipment_id: order.shipmentId, status: 'NEW', status_code: 1, awb_code: order.awb, courier_company_id: order.awb ? 12 : '', courier_name: order.awb ? fake.courierName : '' });
    }
    if (req.method === 'POST' && url.pathname === '/courier/assign/awb') {
      const meanwhile = fake.beforeAwb;
      fake.beforeAwb = null;
      await meanwhile?.();
      const order = byShipment(body.shipment_id);
      if (!order) return answer(400, { message: 'Shipment id not found', status_code: 400 });
      if (fake.walletLow) return answer(400, { message: 'Insufficient wallet balance. Please recharge your wallet to continue.', status_code: 350 });
      if (fake.unserviceablePincodes.has(order.pincode)) {
        return answer(200, { awb_assign_status: 0, response: { data: { awb_assign_error: 'Selected courier is not serviceable for this pincode.' } } });
      }
      if (!order.awb) {
        order.awb = `7${String(order.shipmentId).padStart(11, '0')}`;
        fake.awbsAssigned += 1;
      }
      return answer(200, { awb_assign_status: 1, response: { data: { awb_code: order.awb, courier_company_id: 12, courier_name: fake.courierName, shipment_id: order.shipmentId } } });
    }
    if (req.method === 'POST' && url.pathname === '/courier/generate/pickup') {
      fake.pickups += 1;
      return answer(200, { pickup_status: 1, response: { pickup_scheduled_date: '2026-11-28 10:00:00', pickup_token_number: 'Reference No: 1', status: 3 } });
    }
    if (req.method === 'POST' && url.pathname === '/courier/generate/label') {
      const order = byShipment(body.shipment_id);
      return answer(200, { label_created: 1, label_url: `${fake.baseUrl}/labels/${order?.shipmentId ?? 0}.pdf`, response: 'Label has been created and uploaded successfully!' });
    }
    const track = /^\/courier\/track\/awb\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && track) {
      const awb = decodeURIComponent(track[1]!);
      const activities = [...(fake.scans.get(awb) ?? [])].reverse().map(([id, date, location]) => ({ date, status: 'X', activity: LABELS[id], location, 'sr-status': String(id), 'sr-status-label': LABELS[id] }));
      return answer(200, { tracking_data: { track_status: 1, shipment_status: activities[0]?.['sr-status'] ?? 6, shipment_track: [{ awb_code: awb }], shipment_track_activities: activities } });
    }
    if (req.method === 'POST' && url.pathname === '/orders/cancel/shipment/awbs') {
      const awbs = Array.isArray(body.awbs) ? body.awbs.map(String) : [];
      if (fake.cancelRefusal) return answer(400, { message: fake.cancelRefusal, status_code: 400 });
      fake.cancelledAwbs.push(...awbs);
      for (const order of fake.orders.values()) if (awbs.includes(order.awb)) order.cancelled = true;
      return answer(200, { message: 'Bulk Shipment cancellation is in progress. Please wait for 24 hours.' });
    }
    return answer(404, { message: 'Not found', status_code: 404 });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
