// The SQL of reviews: who may review (a DELIVERED order of theirs holds the product), the reviews themselves, and
// the figures kept on the product. Orders are only read here; ordering writes them.
import { sql, type Selectable } from 'kysely';
import {
  averageOf,
  type HideReason,
  type Histogram,
  type PublicReview,
  type Review,
  type ReviewStatus,
} from '../../domain/schemas/review';
import type { Dialect, Executor } from '../db/database';
import { nowIso } from '../db/database';
import type { ReviewsTable } from '../db/schema';

type ReviewRow = Selectable<ReviewsTable> & { product_name: string };

const reviewColumns = [
  'reviews.id',
  'reviews.product_id',
  'reviews.user_id',
  'reviews.order_id',
  'reviews.rating',
  'reviews.title',
  'reviews.body',
  'reviews.author',
  'reviews.status',
  'reviews.hidden_reason',
  'reviews.reply',
  'reviews.reply_at',
  'reviews.created_at',
  'reviews.updated_at',
  'products.name as product_name',
] as const;

function toPublic(row: Selectable<ReviewsTable>): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    text: row.body,
    author: row.author,
    verified: true,
    createdAt: row.created_at,
    reply: row.reply && row.reply_at ? { text: row.reply, createdAt: row.reply_at } : null,
  };
}

function toReview(row: ReviewRow): Review {
  return {
    ...toPublic(row),
    productId: row.product_id,
    productName: row.product_name,
    status: row.status as ReviewStatus,
    hiddenReason: (row.hidden_reason as HideReason | null) ?? null,
  };
}

/** The caller's latest DELIVERED order holding the product, or null: only a buyer may review. */
export async function deliveredOrderWith(db: Executor, userId: number, productId: number): Promise<number | null> {
  const row = await db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select('orders.id')
    .where('orders.user_id', '=', userId)
    .where('orders.status', '=', 'DELIVERED')
    .where('order_lines.product_id', '=', productId)
    .orderBy('orders.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function productName(db: Executor, productId: number): Promise<string | null> {
  const row = await db.selectFrom('products').select('name').where('id', '=', productId).executeTakeFirst();
  return row?.name ?? null;
}

export async function customerName(db: Executor, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username ?? '';
}

/**
 * Takes the product's row lock (PostgreSQL) before any of its reviews change, so two changes to its reviews run one
 * after the other and each recount sees the other's committed rows. SQLite runs one write transaction at a time.
 */
export async function lockProduct(db: Executor, dialect: Dialect, productId: number): Promise<boolean> {
  const query = db.selectFrom('products').select('id').where('id', '=', productId);
  const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return !!row;
}

export async function findReview(db: Executor, id: number): Promise<Review | null> {
  const row = await db
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .select(reviewColumns)
    .where('reviews.id', '=', id)
    .executeTakeFirst();
  return row ? toReview(row) : null;
}

export async function findOwnReview(db: Executor, userId: number, productId: number): Promise<Review | null> {
  const row = await db
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .select(reviewColumns)
    .where('reviews.user_id', '=', userId)
    .where('reviews.product_id', '=', productId)
    .executeTakeFirst();
  return row ? toReview(row) : null;
}

export interface ReviewWrite {
  productId: number;
  userId: number;
  orderId: number;
  rating: number;
  title: string;
  text: string;
  author: string;
  status: ReviewStatus;
}

/** Writes the customer's one review of the product; a second one replaces the first (and its reply). */
export async function upsertReview(db: Executor, review: ReviewWrite): Promise<number> {
  const now = nowIso();
  const values = {
    order_id: review.orderId,
    rating: review.rating,
    title: review.title,
    body: review.text,
    author: review.author,
    status: review.status,
    hidden_reason: null,
    reply: null,
    reply_at: null,
    created_at: now,
    updated_at: now,
  };
  const row = await db
    .insertInto('reviews')
    .values({ product_id: review.productId, user_id: review.userId, ...values })
    .onConflict((oc) => oc.columns(['product_id', 'user_id']).doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setReviewStatus(db: Executor, id: number, status: ReviewStatus, reason: HideReason | null): Promise<void> {
  await db.updateTable('reviews').set({ status, hidden_reason: reason, updated_at: nowIso() }).where('id', '=', id).execute();
}

export async function setReviewReply(db: Executor, id: number, text: string): Promise<void> {
  const now = nowIso();
  await db.updateTable('reviews').set({ reply: text, reply_at: now, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Counts the product's published reviews per star and stores the count, the average and the histogram on the
 * product (call it under lockProduct, in the transaction of any change to what is published). It stamps
 * reviews_updated_at too, which gives the catalogue (and so the crawlable page) a new edition.
 */
export async function storeProductFigures(db: Executor, productId: number): Promise<{ count: number; average: number }> {
  const rows = await db
    .selectFrom('reviews')
    .select(['rating', (eb) => eb.fn.countAll<number>().as('n')])
    .where('product_id', '=', productId)
    .where('status', '=', 'PUBLISHED')
    .groupBy('rating')
    .execute();
  const histogram: Histogram = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const r of rows) histogram[String(r.rating) as keyof Histogram] = Number(r.n);
  const figures = averageOf(histogram);
  await db
    .updateTable('products')
    .set({
      ratings: figures.count,
      rating_star: figures.average,
      stars_1: histogram['1'],
      stars_2: histogram['2'],
      stars_3: histogram['3'],
      stars_4: histogram['4'],
      stars_5: histogram['5'],
      reviews_updated_at: nowIso(),
    })
    .where('id', '=', productId)
    .execute();
  return figures;
}

/** Stamps a change to a published review that leaves the figures as they are (a reply). */
export async function stampProductReviews(db: Executor, productId: number): Promise<void> {
  await db.updateTable('products').set({ reviews_updated_at: nowIso() }).where('id', '=', productId).execute();
}

/** The stored figures of a product: its count, average and histogram of published reviews. */
export async function productFigures(db: Executor, productId: number): Promise<{ total: number; average: number; histogram: Histogram } | null> {
  const row = await db
    .selectFrom('products')
    .select(['ratings', 'rating_star', 'stars_1', 'stars_2', 'stars_3', 'stars_4', 'stars_5'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    total: row.ratings,
    average: Number(row.rating_star),
    histogram: { '1': row.stars_1, '2': row.stars_2, '3': row.stars_3, '4': row.stars_4, '5': row.stars_5 },
  };
}

/** One page of the product's published reviews, newest first, of one star count or all. */
export async function publishedReviews(
  db: Executor,
  productId: number,
  options: { stars?: number | undefined; limit: number; offset: number },
): Promise<{ items: PublicReview[]; total: number }> {
  let base = db.selectFrom('reviews').where('product_id', '=', productId).where('status', '=', 'PUBLISHED');
  if (options.stars !== undefined) base = base.where('rating', '=', options.stars);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toPublic), total: Number(count.n) };
}

/** Reviews for the owner: of one status, or all with the pending ones first; newest first. */
export async function reviewsForAdmin(
  db: Executor,
  options: { status?: ReviewStatus | undefined; limit: number; offset: number },
): Promise<{ items: Review[]; total: number }> {
  let base = db.selectFrom('reviews').innerJoin('products', 'products.id', 'reviews.product_id');
  if (options.status) base = base.where('reviews.status', '=', options.status);
  const [rows, count] = await Promise.all([
    base
      .select(reviewColumns)
      .orderBy(sql`case when reviews.status = 'PENDING' then 0 else 1 end`)
      .orderBy('reviews.created_at', 'desc')
      .orderBy('reviews.id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toReview), total: Number(count.n) };
}
