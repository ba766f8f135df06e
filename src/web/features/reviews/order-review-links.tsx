import { useId } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../domain/schemas/order';
import { HIDE_REASON_LABELS, type MyReview } from '../../../domain/schemas/review';
import type { Product } from '../../../domain/schemas/product';
import { useProducts } from '../products/products-api';
import { useSession } from '../session/session-store';
import { useMyReviews } from './reviews-api';

/**
 * Your Orders: a delivered order's products, each with "Review A2 Desi Cow Ghee", or, once reviewed, where that
 * review stands (shown, waiting for the shop, or hidden and why) with a link to edit it.
 */
export function OrderReviewLinks({ order }: { order: Order }) {
  const headingId = useId();
  const email = useSession()?.user.emailaddress;
  const products = useProducts();
  const delivered = order.status === 'DELIVERED';
  const names = delivered ? [...new Set(order.items.map((item) => item.name))] : [];
  const reviewable = names.flatMap((name) => (products.data ?? []).filter((p) => p.name === name));
  const mine = useMyReviews(
    reviewable.map((p) => p._id),
    email,
  );
  if (reviewable.length === 0) return null;
  return (
    <section className="mt-3">
      <h3 className="h6 mb-2" id={headingId}>
        Your reviews
      </h3>
      <ul className="list-unstyled d-grid gap-2 mb-0" aria-labelledby={headingId}>
        {reviewable.map((p, i) => (
          <ReviewLine key={p._id} product={p} mine={mine[i]} />
        ))}
      </ul>
    </section>
  );
}

function ReviewLine({ product, mine }: { product: Product; mine: { data?: MyReview; isPending: boolean } | undefined }) {
  // Until the shop has said whether there is a review, no button that may turn out to be the wrong one.
  if (!mine || (mine.isPending && !mine.data)) return <li className="small text-body-secondary">{product.name}</li>;
  const review = mine.data?.review;
  const to = `/review/${product._id}`;
  if (!review) {
    return (
      <li>
        <Link className="btn btn-sm btn-outline-amber" to={to}>
          Review {product.name}
        </Link>
      </li>
    );
  }
  return (
    <li className="small d-flex flex-wrap align-items-baseline column-gap-2">
      <span className="fw-semibold">{product.name}:</span>
      <ReviewStanding review={review} />
      <Link to={to}>
        Edit your review<span className="visually-hidden"> of {product.name}</span>
      </Link>
    </li>
  );
}

function ReviewStanding({ review }: { review: NonNullable<MyReview['review']> }) {
  if (review.status === 'PUBLISHED') return <span className="text-success">Reviewed ✓</span>;
  if (review.status === 'PENDING') return <span className="text-body-secondary">Waiting for the shop’s approval</span>;
  // The owner hides only for a listed reason (decision 057): the customer is told which, so an edit can put it right.
  const reason = review.hiddenReason ? HIDE_REASON_LABELS[review.hiddenReason] : null;
  return <span className="text-danger-emphasis">Not shown{reason ? `: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}` : ''}</span>;
}
