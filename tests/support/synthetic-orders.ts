// Many orders at once, for the order-list tests and the scale benchmark, in the rows `test-orders.ts` builds. Every
// order is a pure function of its index, so a test can recompute what a filter or sort should return without reading
// the rows back one by one.
import { randomBytes } from 'node:crypto';
import { shopTimestamp } from '../../src/domain/display';
import { ORDER_STATUSES, type OrderStatus } from '../../src/domain/order-status';
import type { PaymentMode, PaymentStatus } from '../../src/domain/constants';
import type { DB, Executor } from '../../src/server/db/database';
import { nowIso } from '../../src/server/db/database';
import { orderValues } from './test-orders';

export interface SyntheticOrderOptions {
  /** Owner of every order; by default one synthetic customer is created. */
  userId?: number;
  /** Rows per multi-row INSERT (and per transaction). */
  batchSize?: number;
  /** created_at of order 0; each next order is `stepMs` later. */
  startAt?: Date;
  stepMs?: number;
  /** Four letters or digits that make this run's order ids unique; random by default. */
  tag?: string;
}

export interface SyntheticOrder {
  orderid: string;
  receipt: string;
  username: string;
  status: OrderStatus;
  paymentmode: PaymentMode;
  payment_status: PaymentStatus;
  created_at: string;
  lines: { name: string; size_ml: number; unit_price: number; item_qty: number }[];
  total_amount: number;
}

const FIRST = ['Asha', 'Ravi', 'Meena', 'Arjun', 'Lakshmi', 'Farhan', 'Priya', 'Vikram', 'Divya', 'Suresh', 'Anita'];
const LAST = ['Verma', 'Iyer', 'Reddy', 'Khan', 'Nair', 'Patel', 'Singh', 'Das', 'Menon', 'Gupta', 'Bose', 'Rao', 'Pillai'];
const PRODUCTS = [
  { name: 'A2 Desi Cow Ghee', size_ml: 500, unit_price: 1019 },
  { name: 'Buffalo Ghee', size_ml: 1000, unit_price: 999 },
  { name: 'Cultured Cow Ghee', size_ml: 250, unit_price: 427 },
];
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DEFAULT_START = new Date('2024-01-01T00:00:00.000Z');

function base62(n: number, width: number): string {
  let out = '';
  let rest = n;
  do {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  return out.padStart(width, '0');
}

// Real order ids are random; an affine map with a multiplier prime to 62 is a bijection on [0, 62^10), so
// synthetic ids look as random (and their trigrams spread as evenly) while staying unique and recomputable.
const ID_SPACE = 62n ** 10n;
const ID_MULTIPLIER = 0x2545f4914f6cdd1dn;

function scrambledId(i: number): string {
  let rest = (BigInt(i) * ID_MULTIPLIER + 1_234_567n) % ID_SPACE;
  let out = '';
  for (let d = 0; d < 10; d += 1) {
    out = BASE62[Number(rest % 62n)] + out;
    rest /= 62n;
  }
  return out;
}

export function randomTag(): string {
  return base62(randomBytes(3).readUIntBE(0, 3) % 62 ** 4, 4);
}

/**
 * Order number `i` of a run: statuses cycle through the four values; every 10th order (i % 10 = 9) is an
 * unpaid online order, every 3rd of the rest cash on delivery, the others paid online.
 */
export function syntheticOrder(i: number, options: { tag: string; startAt?: Date; stepMs?: number }): SyntheticOrder {
  const unpaid = i % 10 === 9;
  const cod = !unpaid && i % 3 === 0;
  const product = PRODUCTS[i % PRODUCTS.length] ?? PRODUCTS[0]!;
  const lines = [{ ...product, item_qty: 1 + (i % 4) }];
  if (i % 2 === 1) lines.push({ ...(PRODUCTS[(i + 1) % PRODUCTS.length] ?? PRODUCTS[0]!), item_qty: 1 });
  const start = (options.startAt ?? DEFAULT_START).getTime();
  return {
    orderid: `order_${options.tag}${scrambledId(i)}`,
    receipt: `Receipt-${options.tag}-${i}`,
    username: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
    status: ORDER_STATUSES[i % ORDER_STATUSES.length] ?? 'PREPARATION',
    paymentmode: cod ? 'CASHONDELIVERY' : 'ONLINE',
    payment_status: unpaid ? 'PENDING' : cod ? 'COD' : 'PAID',
    created_at: shopTimestamp(new Date(start + i * (options.stepMs ?? 60_000))),
    lines,
    total_amount: lines.reduce((sum, l) => sum + l.unit_price * l.item_qty, 0),
  };
}

async function syntheticCustomer(db: Executor, tag: string): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      email: `synthetic-${tag.toLowerCase()}-${randomBytes(3).toString('hex')}@example.in`,
      username: 'Synthetic Customer',
      mobilenumber: '9876543210',
      address: '12 Temple Street',
      pincode: '560001',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Inserts `count` orders with their lines in batched multi-row INSERTs, one transaction per batch, fast
 * enough to load a million orders for a benchmark. Returns the owner and the tag to recompute any order.
 */
export async function insertSyntheticOrders(
  db: DB,
  count: number,
  options: SyntheticOrderOptions = {},
): Promise<{ userId: number; tag: string; count: number }> {
  const tag = options.tag ?? randomTag();
  const userId = options.userId ?? (await syntheticCustomer(db, tag));
  // 500 rows x 28 columns stays far below SQLite's and PostgreSQL's bound-parameter limits.
  const batchSize = Math.max(1, Math.min(options.batchSize ?? 500, 1000));
  const shape = { tag, ...(options.startAt ? { startAt: options.startAt } : {}), ...(options.stepMs ? { stepMs: options.stepMs } : {}) };
  for (let from = 0; from < count; from += batchSize) {
    const batch: SyntheticOrder[] = [];
    for (let i = from; i < Math.min(from + batchSize, count); i += 1) batch.push(syntheticOrder(i, shape));
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const inserted = await trx
        .insertInto('orders')
        .values(
          batch.map((o) =>
            orderValues({
              userId,
              orderid: o.orderid,
              receipt: o.receipt,
              username: o.username,
              emailaddress: 'synthetic@example.in',
              total: o.total_amount,
              paymentmode: o.paymentmode,
              paymentStatus: o.payment_status,
              status: o.status,
              createdAt: new Date(o.created_at),
              updatedAt: now,
            }),
          ),
        )
        .returning(['id', 'orderid'])
        .execute();
      const idOf = new Map(inserted.map((r) => [r.orderid, r.id]));
      await trx
        .insertInto('order_lines')
        .values(
          batch.flatMap((o) =>
            o.lines.map((l, position) => ({
              order_id: idOf.get(o.orderid) ?? 0,
              position,
              product_id: null,
              name: l.name,
              size_ml: l.size_ml,
              unit_price: l.unit_price,
              item_qty: l.item_qty,
              line_total: l.unit_price * l.item_qty,
            })),
          ),
        )
        .execute();
    });
  }
  return { userId, tag, count };
}
