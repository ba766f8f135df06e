import { useId, useState } from 'react';
import { Link } from 'react-router';
import { shopTimestamp } from '../../../domain/display';
import { MODERATION_NOTE, REVIEWS_PAGE_SIZE, type Histogram, type PublicReview } from '../../../domain/schemas/review';
import type { Product } from '../../../domain/schemas/product';
import { StarRating, formatAverage } from '../../components/star-rating';
import { StarIcon } from '../../components/icons';
import { Pagination } from '../admin/orders/pagination';
import { usePublicReviews } from './reviews-api';

const STARS = [5, 4, 3, 2, 1] as const;
const reviewDate = (iso: string) => shopTimestamp(new Date(iso)).slice(0, 10);

function Stars({ rating }: { rating: number }) {
  return (
    <span className="star-rating" role="img" aria-label={`${rating} out of 5 stars`}>
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon key={i} filled={i < rating} size={16} />
      ))}
    </span>
  );
}

function HistogramBars({ histogram, total, stars, onStars }: { histogram: Histogram; total: number; stars: number | null; onStars: (s: number | null) => void }) {
  return (
    <ul className="list-unstyled review-histogram mb-0" aria-label="Reviews by stars">
      {STARS.map((s) => {
        const n = histogram[String(s) as keyof Histogram];
        const share = total > 0 ? Math.round((n / total) * 100) : 0;
        return (
          <li key={s} className="d-flex align-items-center gap-2 small">
            <button
              type="button"
              className="btn btn-link btn-sm p-0 review-histogram-label"
              aria-pressed={stars === s}
              disabled={n === 0}
              onClick={() => onStars(stars === s ? null : s)}
            >
              {s} star{s === 1 ? '' : 's'}
            </button>
            <span className="review-histogram-bar" aria-hidden="true">
              <span style={{ width: `${share}%` }} />
            </span>
            <span className="text-body-secondary review-histogram-count">{n}</span>
          </li>
        );
      })}
    </ul>
  );
}

function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <li className="review-item">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <Stars rating={review.rating} />
        {review.title ? <h3 className="h6 mb-0 review-title">{review.title}</h3> : null}
      </div>
      <p className="small text-body-secondary mb-1">
        {review.author} · <span className="badge text-bg-success review-verified">Verified buyer</span> · {reviewDate(review.createdAt)}
      </p>
      <p className="mb-2 review-text">{review.text}</p>
      {review.reply ? (
        <div className="review-reply small">
          <p className="fw-semibold mb-1">Reply from the shop</p>
          <p className="mb-0 review-text">{review.reply.text}</p>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The product's reviews (DESIGN.md §8.4): the average, a histogram that filters by stars, the reviews newest
 * first with paging, and how they are moderated. Also the crawlable page's HTML (its first page is rendered there).
 */
export function ReviewsSection({ product }: { product: Product }) {
  const id = useId();
  const [page, setPage] = useState(1);
  const [stars, setStars] = useState<number | null>(null);
  const reviews = usePublicReviews(product._id, page, stars);
  const data = reviews.data;
  const total = data ? Object.values(data.histogram).reduce((a, b) => a + b, 0) : product.ratings;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / REVIEWS_PAGE_SIZE));

  return (
    <section className="reviews-section mt-5" aria-labelledby={`${id}-title`} data-testid="reviews-section">
      <h2 id={`${id}-title`} className="h4 mb-3">
        Customer reviews
      </h2>
      <div className="row g-4">
        <div className="col-md-4">
          {total > 0 && data ? (
            <>
              <p className="display-6 mb-0">
                {formatAverage(data.average)}
                <span className="fs-6 text-body-secondary"> out of 5</span>
              </p>
              <StarRating stars={data.average} count={total} />
              <div className="mt-3">
                <HistogramBars
                  histogram={data.histogram}
                  total={total}
                  stars={stars}
                  onStars={(s) => {
                    setStars(s);
                    setPage(1);
                  }}
                />
              </div>
            </>
          ) : (
            <p className="mb-2">No reviews yet</p>
          )}
          <p className="small text-body-secondary mt-3 mb-2">{MODERATION_NOTE}</p>
          <Link className="btn btn-outline-amber btn-sm" to={`/review/${product._id}`}>
            Write a review
          </Link>
        </div>
        <div className="col-md-8">
          {stars ? (
            <p className="small mb-2" role="status">
              Showing {stars}-star reviews.{' '}
              <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => setStars(null)}>
                Show all
              </button>
            </p>
          ) : null}
          {reviews.isError ? <p className="text-danger small">The reviews could not be loaded. Please reload the page.</p> : null}
          {data && data.items.length > 0 ? (
            <ol className="list-unstyled review-list mb-3" aria-label="Reviews, newest first">
              {data.items.map((r) => (
                <ReviewItem key={r.id} review={r} />
              ))}
            </ol>
          ) : null}
          <Pagination page={page} pages={pages} onPage={setPage} label="Review pages" />
        </div>
      </div>
    </section>
  );
}
