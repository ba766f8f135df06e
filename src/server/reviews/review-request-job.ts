// The review-request mail: `reviewRequestDays` after delivery, once per order, through the mail outbox, linking
// straight to each product's review form.
import type { FastifyBaseLogger } from 'fastify';
import { orderNumber } from '../../domain/display';
import type { DB } from '../db/database';
import { nowIso } from '../db/database';
import { enqueueMail } from '../mail/outbox';
import { getSettings } from '../settings/settings-repository';
import { claimRequest, orderedProducts, ordersToAsk, type OrderToAsk } from './review-request-repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;
export const REVIEW_REQUEST_INTERVAL_MS = 60 * 60 * 1000;

/** The web app's review form of one product. */
export function reviewFormLink(publicUrl: string, productId: number): string {
  return `${publicUrl}/review/${productId}`;
}

export function reviewRequestMail(order: Pick<OrderToAsk, 'id' | 'username'>, products: { id: number; name: string }[], publicUrl: string) {
  const first = order.username.trim().split(/\s+/)[0] || 'there';
  const lines = products.map((p) => `- ${p.name}: ${reviewFormLink(publicUrl, p.id)}`);
  return {
    subject: 'How was your ghee? Tell other customers',
    text: [
      `Hello ${first},`,
      '',
      `Your order ${orderNumber(order.id)} reached you a few days ago. Would you tell other customers what you thought of it?`,
      'A review takes a minute; every honest review is published, good or bad.',
      '',
      ...lines,
      '',
      'Thank you for buying from us.',
    ].join('\n'),
  };
}

/** Queues the mails that are due; answers how many. Safe to run in several processes at once (one row per order). */
export async function sendDueReviewRequests(db: DB, publicUrl: string, now = new Date()): Promise<number> {
  const settings = await getSettings(db);
  const days = settings.reviewRequestDays ?? 3;
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
  let queued = 0;
  for (;;) {
    const orders = await ordersToAsk(db, before, BATCH);
    for (const order of orders) {
      const sent = await db.transaction().execute(async (trx) => {
        if (!(await claimRequest(trx, order.id, nowIso()))) return false;
        const products = await orderedProducts(trx, order.id);
        // An order whose products have all left the shop is marked asked, with nothing to review.
        if (products.length === 0) return false;
        await enqueueMail(trx, { kind: 'review-request', to: order.emailaddress, ...reviewRequestMail(order, products, publicUrl) });
        return true;
      });
      if (sent) queued += 1;
    }
    if (orders.length < BATCH) return queued;
  }
}

/** Runs the job every hour while the shop is up; answers the function that stops it. */
export function startReviewRequests(db: DB, publicUrl: string, log: FastifyBaseLogger): () => void {
  const run = () => {
    sendDueReviewRequests(db, publicUrl).then(
      (n) => n > 0 && log.info({ queued: n }, 'review-request mails queued'),
      (err: unknown) => log.error({ err }, 'queuing review-request mails failed; tried again in an hour'),
    );
  };
  const timer = setInterval(run, REVIEW_REQUEST_INTERVAL_MS);
  timer.unref();
  const first = setTimeout(run, 60_000);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
