// Bench data: 1,000 published reviews on the first product, written straight into the shop's database while the
// shop is stopped, with the product's figures stored as the shop stores them. The catalogue and the crawlable
// product page are then measured with a product that has many reviews: their figures are read, never counted.
import { openDatabase } from '../../src/server/db/database';
import { nowIso } from '../../src/server/db/database';
import { storeProductFigures } from '../../src/server/reviews/review-repository';

export const BENCH_REVIEWS = 1000;
const BATCH = 100;

export async function seedPublishedReviews(where: { dataDir: string; pgUrl?: string }, count = BENCH_REVIEWS): Promise<number> {
  const handle = openDatabase({ url: where.pgUrl, dataDir: where.dataDir });
  try {
    const { db } = handle;
    const product = await db.selectFrom('products').select('id').orderBy('position').orderBy('id').executeTakeFirstOrThrow();
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    for (let from = 0; from < count; from += BATCH) {
      const n = Math.min(BATCH, count - from);
      await db.transaction().execute(async (trx) => {
        const now = nowIso();
        const users = await trx
          .insertInto('users')
          .values(
            Array.from({ length: n }, (_, i) => ({
              email: `bench-reviewer-${from + i}@example.test`,
              username: `Reviewer ${from + i}`,
              mobilenumber: '9876543210',
              address: '12 Temple Street',
              pincode: '560001',
              district: 'Bengaluru Urban',
              state: 'Karnataka',
              password_hash: null,
              password_changed_at: null,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute();
        await trx
          .insertInto('reviews')
          .values(
            users.map((u, i) => {
              const at = new Date(start + (from + i) * 60_000).toISOString();
              return {
                product_id: product.id,
                user_id: u.id,
                order_id: 0,
                rating: ((from + i) % 5) + 1,
                title: `Batch ${from + i}`,
                body: 'Grainy, golden and fresh; it smells of home. The jar arrived well packed and sealed.',
                author: `Reviewer ${from + i}`,
                status: 'PUBLISHED',
                hidden_reason: null,
                reply: null,
                reply_at: null,
                created_at: at,
                updated_at: at,
              };
            }),
          )
          .execute();
      });
    }
    await db.transaction().execute((trx) => storeProductFigures(trx, product.id));
    return count;
  } finally {
    await handle.close();
  }
}
