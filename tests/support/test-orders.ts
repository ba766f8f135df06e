// The one builder of test orders. Two ways in: `placeOrder` and friends go through the API, as a customer's browser
// does, for tests of the order's life; `insertOrder` writes an order of any shape straight into the tables, for
// tests of what reads orders (lists, mails, invoices, reports, reviews) that need one to exist without placing it.
import { randomBytes } from 'node:crypto';
import { orderNumber, shopTimestamp } from '../../src/domain/display';
import type { OrderStatus } from '../../src/domain/order-status';
import type { PaymentMode, PaymentStatus } from '../../src/domain/constants';
import type { CreateOrderBody } from '../../src/domain/schemas/order';
import { nowIso, type Executor } from '../../src/server/db/database';
import type { Database, NewOrder } from '../../src/server/db/schema';
import type { NewPlacement } from '../../src/server/ordering/order-batch-writer';
import { SANDBOX_KEY_ID } from '../../src/server/payments/sandbox/sandbox-gateway';
import { sandboxWebhooksSettled } from '../../src/server/payments/sandbox/sandbox-routes';
import { readMailbox, type ParsedMail } from './mailbox';
import type { TestShop, TestUser } from './test-shop';

export const SUCCESS_CARD = { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' };
export const DECLINED_CARD = { ...SUCCESS_CARD, number: '4000 0000 0000 0002' };

let receipts = 0;

function nextReceipt(): string {
  receipts += 1;
  return `Receipt-${Date.now() % 1_000_000}-${receipts}`;
}

/**
 * A valid order body for the seeded catalogue: 2 x A2 Desi Cow Ghee 500 ml (1199 less 15% = 1019) and
 * 1 x Buffalo Ghee 1000 ml (999, no offer): 3037 in all, paid online unless `paymentmode` says otherwise.
 */
export function orderBody(overrides: Partial<CreateOrderBody> = {}): CreateOrderBody {
  return {
    username: 'Asha Verma',
    mobilenumber: '9876543210',
    emailaddress: 'asha@example.in',
    address: '12 Temple Street',
    pincode: '560001',
    state: 'Karnataka',
    district: 'Bengaluru Urban',
    items: [
      { name: 'A2 Desi Cow Ghee', quantity: 500, itemQty: 2, finalPrice: 1019 },
      { name: 'Buffalo Ghee', quantity: 1000, itemQty: 1, finalPrice: 999 },
    ],
    totalAmount: 3037,
    receipt: nextReceipt(),
    note: 'Please ring twice',
    createdAt: new Date().toISOString(),
    paymentmode: 'ONLINE',
    ...overrides,
  };
}

/** Places an online order through the API (unpaid until `sandboxPay` and `confirm`). */
export async function createOrder(shop: TestShop, user: TestUser, body: CreateOrderBody = orderBody()) {
  return shop.app.inject({ method: 'POST', url: '/api/checkout/createorder', headers: user.auth, payload: body });
}

/** Places a cash-on-delivery order through the API. */
export async function codOrder(shop: TestShop, user: TestUser, body: CreateOrderBody = orderBody({ paymentmode: 'CASHONDELIVERY' })) {
  return shop.app.inject({ method: 'POST', url: '/api/checkout/codorder', headers: user.auth, payload: body });
}

/** Places a cash-on-delivery order through the API; answers its id. */
export async function placedCodOrderId(shop: TestShop, user: TestUser, body: CreateOrderBody = orderBody({ paymentmode: 'CASHONDELIVERY' })): Promise<string> {
  const placed = await codOrder(shop, user, body);
  if (placed.statusCode !== 200) throw new Error(`placing the COD order answered ${placed.statusCode}: ${placed.body}`);
  return placed.json().orderid as string;
}

/** Pays a gateway order in the sandbox, as its dialog does. */
export async function sandboxPay(shop: TestShop, orderId: string, card = SUCCESS_CARD) {
  return shop.app.inject({
    method: 'POST',
    url: '/sandbox/pay',
    payload: { order_id: orderId, key_id: SANDBOX_KEY_ID, card },
  });
}

/** Hands the dialog's answer back to the shop, as the browser does after a payment. */
export async function confirm(shop: TestShop, user: TestUser, payload: { orderid: string; paymentid: string; paymentsignature: string }) {
  return shop.app.inject({ method: 'PUT', url: '/api/checkout/updateorder', headers: user.auth, payload });
}

/** Pays an online order in the sandbox and hands the dialog's answer back, as the browser does: the confirm call's answer. */
export async function payAndConfirm(shop: TestShop, user: TestUser, orderid: string, card = SUCCESS_CARD) {
  const pay = (await sandboxPay(shop, orderid, card)).json();
  return confirm(shop, user, { orderid, paymentid: pay.razorpay_payment_id, paymentsignature: pay.razorpay_signature });
}

/** Places an online order through the API and pays it; answers its id once the sandbox's webhooks have settled. */
export async function placePaidOnlineOrder(shop: TestShop, user: TestUser, body: CreateOrderBody = orderBody(), card = SUCCESS_CARD): Promise<string> {
  const placed = await createOrder(shop, user, body);
  if (placed.statusCode !== 200) throw new Error(`placing the order answered ${placed.statusCode}: ${placed.body}`);
  const orderid = placed.json().orderid as string;
  const confirmed = await payAndConfirm(shop, user, orderid, card);
  if (confirmed.statusCode !== 200) throw new Error(`confirming ${orderid} answered ${confirmed.statusCode}: ${confirmed.body}`);
  await sandboxWebhooksSettled(shop.app.ctx);
  return orderid;
}

export async function countRows(shop: TestShop, table: keyof Database): Promise<number> {
  const row = await shop.app.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waits for the sandbox's webhooks, delivers the outbox, and returns every mail written so far. */
export async function settledMailbox(shop: TestShop): Promise<ParsedMail[]> {
  await sandboxWebhooksSettled(shop.app.ctx);
  await shop.app.ctx.outbox.drain();
  return readMailbox(shop.dataDir);
}

export async function orderRow(shop: TestShop, orderid: string) {
  return shop.app.ctx.db.selectFrom('orders').selectAll().where('orderid', '=', orderid).executeTakeFirstOrThrow();
}

/** The mails whose subject names this order by the number people read (GS-1043), as the default mails do. */
export async function mailsAboutOrder(shop: TestShop, orderid: string): Promise<ParsedMail[]> {
  const named = new RegExp(`\\b${orderNumber((await orderRow(shop, orderid)).id)}\\b`);
  return (await settledMailbox(shop)).filter((m) => named.test(m.subject));
}

/** One line of a written order; with `productId` and no `name`, the product's own name. */
export interface TestLine {
  name?: string;
  size: number;
  qty: number;
  price: number;
  productId?: number;
  /** The line took its bottles from a tracked size (what the group-commit writer takes and gives back). */
  stockTaken?: boolean;
}

/** Two lines that mails and invoices show: 2 x Classic Cow Ghee 500 ml at 550 and 1 x A2 Desi Ghee 250 ml at 420. */
export const TWO_LINES: TestLine[] = [
  { name: 'Classic Cow Ghee', size: 500, qty: 2, price: 550 },
  { name: 'A2 Desi Ghee', size: 250, qty: 1, price: 420 },
];

/** What an order written straight into the tables looks like; everything but its owner has a default. */
export interface TestOrder {
  userId: number;
  orderid?: string;
  receipt?: string;
  username?: string;
  emailaddress?: string;
  address?: string;
  note?: string;
  /** Without lines: one line of Classic Cow Ghee 500 ml at the total (550 unless given). */
  lines?: TestLine[];
  total?: number;
  status?: OrderStatus;
  /** Cash on delivery unless ONLINE; an online order is PAID unless `paymentStatus` says otherwise. */
  paymentmode?: PaymentMode;
  paymentStatus?: PaymentStatus;
  /** Rupees refunded so far. */
  refunded?: number;
  /** Rupees of `refunded` the gateway has processed; none unless given. */
  refundProcessed?: number;
  couponCode?: string;
  discount?: number;
  /** A business buyer. */
  gstin?: string;
  businessName?: string;
  /** Stamped in shop time, as placement stamps it; now by default. */
  createdAt?: Date;
  /** ISO time of the last change; the creation time by default. */
  updatedAt?: string;
}

export interface WrittenOrder {
  id: number;
  orderid: string;
  emailaddress: string;
  total: number;
}

function linesOf(o: TestOrder): TestLine[] {
  return o.lines ?? [{ name: 'Classic Cow Ghee', size: 500, qty: 1, price: o.total ?? 550 }];
}

function randomOrderId(): string {
  return `order_${randomBytes(7).toString('hex').toUpperCase()}`;
}

/** The row of `orders` that `insertOrder` writes, for a builder that writes many at once. */
export function orderValues(o: TestOrder & { orderid: string; total: number; emailaddress: string }): NewOrder {
  const mode = o.paymentmode ?? 'CASHONDELIVERY';
  const paymentStatus = o.paymentStatus ?? (mode === 'ONLINE' ? 'PAID' : 'COD');
  const stamp = shopTimestamp(o.createdAt ?? new Date());
  const cancelled = o.status === 'CANCELLED';
  return {
    orderid: o.orderid,
    user_id: o.userId,
    receipt: o.receipt ?? nextReceipt(),
    username: o.username ?? 'Asha Verma',
    emailaddress: o.emailaddress,
    mobilenumber: '9876543210',
    address: o.address ?? '12 Temple Street',
    pincode: '560001',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
    note: o.note ?? '',
    total_amount: o.total,
    paymentmode: mode,
    payment_status: paymentStatus,
    paymentid: paymentStatus === 'PAID' ? o.orderid.replace('order_', 'pay_') : '',
    status: o.status ?? 'PREPARATION',
    gateway_order_id: mode === 'ONLINE' ? o.orderid : null,
    verified_at: null,
    paid_at: paymentStatus === 'PAID' ? stamp : null,
    client_created_at: null,
    refunded_amount: o.refunded ?? 0,
    // Written only when given: migration tests insert orders into schemas from before that column (0035).
    ...(o.refundProcessed === undefined ? {} : { refund_processed_amount: o.refundProcessed }),
    coupon_code: o.couponCode ?? null,
    discount: o.discount ?? 0,
    gstin: o.gstin ?? '',
    business_name: o.businessName ?? '',
    ...(cancelled ? { cancelled_at: stamp, cancelled_by: 'ADMIN', cancel_reason: 'Other' } : {}),
    created_at: stamp,
    updated_at: o.updatedAt ?? (o.createdAt ? stamp : nowIso()),
  };
}

/** Writes one order and its lines straight into the tables (no stock, coupon, mail or invoice). */
export async function insertOrder(db: Executor, o: TestOrder): Promise<WrittenOrder> {
  const lines = linesOf(o);
  const total = o.total ?? lines.reduce((sum, l) => sum + l.qty * l.price, 0);
  const orderid = o.orderid ?? randomOrderId();
  const emailaddress = o.emailaddress ?? `buyer-${randomBytes(3).toString('hex')}@example.in`;
  const row = await db
    .insertInto('orders')
    .values(orderValues({ ...o, orderid, total, emailaddress }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const named = await Promise.all(lines.map(async (l) => ({ ...l, name: l.name ?? (await productName(db, l.productId)) })));
  await db
    .insertInto('order_lines')
    .values(
      named.map((l, position) => ({
        order_id: row.id,
        position,
        product_id: l.productId ?? null,
        name: l.name,
        size_ml: l.size,
        unit_price: l.price,
        item_qty: l.qty,
        line_total: l.qty * l.price,
      })),
    )
    .execute();
  return { id: row.id, orderid, emailaddress, total };
}

async function productName(db: Executor, productId: number | undefined): Promise<string> {
  if (productId === undefined) return 'Classic Cow Ghee';
  const product = await db.selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow();
  return product.name;
}

/**
 * An order as the group-commit writer takes it, for the tests of the writer itself: cash on delivery, its placed mail
 * queued with it unless `queueMail` is false, and the bottles in `stock` taken in the same transaction.
 */
export function testPlacement(
  o: TestOrder & { orderid: string; emailaddress: string; whatsappOptIn?: boolean },
  writer: Pick<NewPlacement, 'stock'> & { queueMail?: boolean } = {},
): NewPlacement {
  const lines = linesOf(o);
  const total = o.total ?? lines.reduce((sum, l) => sum + l.qty * l.price, 0);
  return {
    order: { ...orderValues({ ...o, total }), ...(o.whatsappOptIn === undefined ? {} : { whatsapp_opt_in: o.whatsappOptIn ? 1 : 0 }) },
    lines: lines.map((l, position) => ({
      position,
      product_id: l.productId ?? null,
      name: l.name ?? 'Classic Cow Ghee',
      size_ml: l.size,
      unit_price: l.price,
      item_qty: l.qty,
      line_total: l.qty * l.price,
      ...(l.stockTaken ? { stock_taken: 1 } : {}),
    })),
    queueMail: writer.queueMail ?? true,
    ...(writer.stock ? { stock: writer.stock } : {}),
  };
}
