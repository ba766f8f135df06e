// Reviews from real buyers (DESIGN.md §8.4, §8.7): what a customer writes, what the owner decides, what anyone reads.
import { z } from 'zod';
import { ROW_ID_MAX, optionalText, requiredText } from './fields';

export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEWS_PAGE_SIZE = 10;
/** The reviews a product's structured data carries, at most (the newest published). */
export const REVIEWS_IN_STRUCTURED_DATA = 5;
export const REVIEW_REQUEST_DAYS_MAX = 60;

export const REVIEW_STATUSES = ['PENDING', 'PUBLISHED', 'HIDDEN'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Why a review may be hidden. Being negative is not among them (IS 19000:2022). */
export const HIDE_REASONS = ['ABUSIVE', 'PERSONAL_DATA', 'NOT_ABOUT_PRODUCT', 'SPAM'] as const;
export type HideReason = (typeof HIDE_REASONS)[number];
export const HIDE_REASON_LABELS: Record<HideReason, string> = {
  ABUSIVE: 'Abusive or hateful',
  PERSONAL_DATA: 'Shares personal data',
  NOT_ABOUT_PRODUCT: 'Not about the product',
  SPAM: 'Spam or advertising',
};

/** What the product page says about moderation, word for word on the app and the crawlable page. */
export const MODERATION_NOTE =
  'Only customers who received this ghee can review it. We publish every review, good or bad; we hide only abuse, personal data, spam, or text not about the product.';

const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars';
export const ratingField = z.number({ error: RATING_MESSAGE }).int({ error: RATING_MESSAGE }).min(1, { error: RATING_MESSAGE }).max(5, { error: RATING_MESSAGE });

/** Body of POST /api/products/{productId}/reviews. */
export const reviewInputSchema = z.strictObject({
  rating: ratingField,
  title: optionalText(REVIEW_TITLE_MAX, 'Title').default(''),
  text: requiredText('Tell other customers what you thought of it', REVIEW_TEXT_MAX, 'Your review'),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

/** Body of PUT /api/reviews/{id}. */
export const moderationSchema = z
  .strictObject({
    status: z.enum(['PUBLISHED', 'HIDDEN'], { error: 'Status must be PUBLISHED or HIDDEN' }),
    reason: z.enum(HIDE_REASONS, { error: `Reason must be one of ${HIDE_REASONS.join(', ')}` }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'HIDDEN' && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Choose why the review is hidden' });
  });
export type Moderation = z.infer<typeof moderationSchema>;

export const replySchema = z.strictObject({ text: requiredText('Write the reply', REVIEW_REPLY_MAX, 'The reply') });

export const reviewIdParams = z.strictObject({
  id: z.coerce.number({ error: 'No such review' }).int().positive({ error: 'No such review' }).max(ROW_ID_MAX, { error: 'No such review' }),
});
export const productIdParams = z.strictObject({
  productId: z.coerce.number({ error: 'No such product' }).int().positive({ error: 'No such product' }).max(ROW_ID_MAX, { error: 'No such product' }),
});

export const publicReviewsQuery = z.strictObject({
  page: z.coerce.number({ error: 'Page must be a whole number from 1' }).int().min(1, { error: 'Page must be a whole number from 1' }).max(10_000).default(1),
  stars: z.coerce.number({ error: 'Stars must be 1 to 5' }).int().min(1, { error: 'Stars must be 1 to 5' }).max(5, { error: 'Stars must be 1 to 5' }).optional(),
});

export const adminReviewsQuery = z.strictObject({
  status: z.enum(REVIEW_STATUSES, { error: `Status must be one of ${REVIEW_STATUSES.join(', ')}` }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export interface PublicReview {
  id: number;
  rating: number;
  title: string;
  text: string;
  author: string;
  verified: true;
  createdAt: string;
  reply: { text: string; createdAt: string } | null;
}

export type Histogram = Record<'1' | '2' | '3' | '4' | '5', number>;

/** Answer of GET /api/public/products/{productId}/reviews. */
export interface ReviewPage {
  items: PublicReview[];
  total: number;
  average: number;
  histogram: Histogram;
}

/** A review as its writer and the owner see it. */
export interface Review extends PublicReview {
  productId: number;
  productName: string;
  status: ReviewStatus;
  hiddenReason: HideReason | null;
}

export interface AdminReviewList {
  items: Review[];
  total: number;
}

/** Answer of GET /api/products/{productId}/reviews/mine: whether the caller may review it, and their review. */
export interface MyReview {
  canReview: boolean;
  review: Review | null;
}

/** "Asha Verma" → "Asha V."; one word stays as it is. */
export function reviewAuthor(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  if (!first) return 'A customer';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return last ? `${first} ${[...last][0]?.toUpperCase() ?? ''}.` : first;
}

/** The average of a histogram to one decimal; 0 without reviews. */
export function averageOf(histogram: Histogram): { count: number; average: number } {
  let count = 0;
  let sum = 0;
  for (const star of [1, 2, 3, 4, 5] as const) {
    const n = histogram[String(star) as keyof Histogram];
    count += n;
    sum += n * star;
  }
  return { count, average: count === 0 ? 0 : Math.round((sum / count) * 10) / 10 };
}
