// What the crawlable product page shows of the reviews: the same first page anyone gets from the public call.
import type { ReviewPage } from '../../domain/schemas/review';
import { REVIEWS_PAGE_SIZE } from '../../domain/schemas/review';
import type { Executor } from '../db/database';
import { productFigures, publishedReviews } from './review-repository';

export async function firstReviewsPage(db: Executor, productId: number): Promise<ReviewPage | null> {
  if (!Number.isSafeInteger(productId)) return null;
  const figures = await productFigures(db, productId);
  if (!figures) return null;
  const { items, total } = await publishedReviews(db, productId, { limit: REVIEWS_PAGE_SIZE, offset: 0 });
  return { items, total, average: figures.average, histogram: figures.histogram };
}
