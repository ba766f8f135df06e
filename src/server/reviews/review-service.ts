// The rules of reviews (DESIGN.md §8.4): only a buyer reviews, once per product (a new one replaces it and waits
// again); the owner publishes, hides for a listed reason, or replies, each with an audit row; the product's count,
// average and histogram are stored with every change to what is published, under the product's lock.
import {
  REVIEWS_PAGE_SIZE,
  reviewAuthor,
  type AdminReviewList,
  type Moderation,
  type MyReview,
  type Review,
  type ReviewPage,
  type ReviewStatus,
} from '../../domain/schemas/review';
import { writeAudit } from '../audit/audit-log';
import type { DB, Dialect } from '../db/database';
import { HttpError, notFound } from '../http/errors';
import { getSettings } from '../settings/settings-repository';
import {
  customerName,
  deliveredOrderWith,
  findOwnReview,
  findReview,
  lockProduct,
  productFigures,
  productName,
  publishedReviews,
  reviewsForAdmin,
  setReviewReply,
  setReviewStatus,
  stampProductReviews,
  storeProductFigures,
  upsertReview,
} from './review-repository';

export interface ReviewServiceDeps {
  db: DB;
  dialect: Dialect;
  /** Called after a committed change to what is published: the product list carries the figures. */
  onPublishedChange: () => void;
}

export const notABuyer = () =>
  new HttpError(403, 'NOT_A_BUYER', 'Only customers who received this product can review it. Once your order is delivered, you can write one.');
const noSuchProduct = () => notFound('No such product. It may have been removed from the shop.');
const noSuchReview = () => notFound('No such review. It may have been removed with its product.');

export interface ReviewSubmission {
  rating: number;
  title: string;
  text: string;
}

export function createReviewService(deps: ReviewServiceDeps) {
  const { db, dialect } = deps;

  /** A customer's review: written PENDING, or PUBLISHED when the shop does not moderate first (unless it was hidden). */
  async function submit(userId: number, productId: number, input: ReviewSubmission): Promise<Review> {
    if (!(await productName(db, productId))) throw noSuchProduct();
    const orderId = await deliveredOrderWith(db, userId, productId);
    if (orderId === null) throw notABuyer();
    const [settings, name] = await Promise.all([getSettings(db), customerName(db, userId)]);
    const { review, shownChanged } = await db.transaction().execute(async (trx) => {
      if (!(await lockProduct(trx, dialect, productId))) throw noSuchProduct();
      const before = await findOwnReview(trx, userId, productId);
      // A review the owner hid waits for the owner again, even where reviews are published at once: sent again as it
      // was, it would otherwise undo the owner's decision.
      const status: ReviewStatus = settings.reviewsNeedApproval === false && before?.status !== 'HIDDEN' ? 'PUBLISHED' : 'PENDING';
      const id = await upsertReview(trx, { productId, userId, orderId, ...input, author: reviewAuthor(name), status });
      const changed = before?.status === 'PUBLISHED' || status === 'PUBLISHED';
      if (changed) await storeProductFigures(trx, productId);
      return { review: await findReview(trx, id), shownChanged: changed };
    });
    if (shownChanged) deps.onPublishedChange();
    if (!review) throw noSuchReview();
    return review;
  }

  /** Publishes or hides a review (with its reason); a review is never hidden for its rating. */
  async function moderate(actorUserId: number, id: number, decision: Moderation): Promise<Review> {
    const review = await db.transaction().execute(async (trx) => {
      const found = await findReview(trx, id);
      if (!found) throw noSuchReview();
      await lockProduct(trx, dialect, found.productId);
      // Read again under the lock: an edit or another admin may have changed it while this one waited.
      const current = (await findReview(trx, id)) ?? found;
      const reason = decision.status === 'HIDDEN' ? (decision.reason ?? null) : null;
      await setReviewStatus(trx, id, decision.status, reason);
      if (current.status === 'PUBLISHED' || decision.status === 'PUBLISHED') await storeProductFigures(trx, current.productId);
      await writeAudit(trx, {
        actorUserId,
        action: decision.status === 'PUBLISHED' ? 'review.publish' : 'review.hide',
        target: String(id),
        details: { productId: current.productId, from: current.status, to: decision.status, ...(reason ? { reason } : {}) },
      });
      return findReview(trx, id);
    });
    deps.onPublishedChange();
    if (!review) throw noSuchReview();
    return review;
  }

  /** The shop's public reply under a review (replacing an earlier one). */
  async function reply(actorUserId: number, id: number, text: string): Promise<Review> {
    const review = await db.transaction().execute(async (trx) => {
      const found = await findReview(trx, id);
      if (!found) throw noSuchReview();
      await lockProduct(trx, dialect, found.productId);
      await setReviewReply(trx, id, text);
      if (found.status === 'PUBLISHED') await stampProductReviews(trx, found.productId);
      await writeAudit(trx, { actorUserId, action: 'review.reply', target: String(id), details: { productId: found.productId, length: text.length } });
      return findReview(trx, id);
    });
    if (review?.status === 'PUBLISHED') deps.onPublishedChange();
    if (!review) throw noSuchReview();
    return review;
  }

  /** What anyone reads: a page of published reviews, newest first, with the stored average and histogram. */
  async function publicPage(productId: number, page: number, stars?: number): Promise<ReviewPage> {
    const figures = await productFigures(db, productId);
    if (!figures) throw noSuchProduct();
    const { items, total } = await publishedReviews(db, productId, { stars, limit: REVIEWS_PAGE_SIZE, offset: (page - 1) * REVIEWS_PAGE_SIZE });
    return { items, total, average: figures.average, histogram: figures.histogram };
  }

  async function mine(userId: number, productId: number): Promise<MyReview> {
    if (!(await productName(db, productId))) throw noSuchProduct();
    const [orderId, review] = await Promise.all([deliveredOrderWith(db, userId, productId), findOwnReview(db, userId, productId)]);
    return { canReview: orderId !== null, review };
  }

  async function adminList(status: ReviewStatus | undefined, page: number): Promise<AdminReviewList> {
    return reviewsForAdmin(db, { status, limit: REVIEWS_PAGE_SIZE, offset: (page - 1) * REVIEWS_PAGE_SIZE });
  }

  return { submit, moderate, reply, publicPage, mine, adminList };
}

export type ReviewService = ReturnType<typeof createReviewService>;
