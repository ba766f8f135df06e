import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { shopTimestamp } from '../../../../domain/display';
import {
  HIDE_REASONS,
  HIDE_REASON_LABELS,
  REVIEW_REPLY_MAX,
  REVIEWS_PAGE_SIZE,
  type HideReason,
  type Review,
  type ReviewStatus,
} from '../../../../domain/schemas/review';
import { LoadError } from '../../../components/load-error';
import { useAdminReviews, useModerateReview, useReplyToReview } from '../api/reviews-api';
import { Pagination } from '../orders/pagination';
import { LoadingDots } from '../ui/loading-dots';

const STATUS_LABELS: Record<ReviewStatus, string> = { PENDING: 'Waiting', PUBLISHED: 'Published', HIDDEN: 'Hidden' };
const STATUS_CLASS: Record<ReviewStatus, string> = { PENDING: 'status-preparation', PUBLISHED: 'status-delivered', HIDDEN: 'status-neutral' };
const when = (iso: string) => shopTimestamp(new Date(iso)).slice(0, 16).replace('T', ' ');

interface ReviewRowProps {
  review: Review;
  /** The filter the list shows ('' for all): a review moderated out of it says it is only kept in view. */
  shown: ReviewStatus | '';
  onChanged: (review: Review) => void;
}

function ReviewRow({ review, shown, onChanged }: ReviewRowProps) {
  const id = useId();
  const moderate = useModerateReview();
  const reply = useReplyToReview();
  const [reason, setReason] = useState<HideReason>('ABUSIVE');
  const [replyText, setReplyText] = useState(review.reply?.text ?? '');
  const busy = moderate.isPending || reply.isPending;
  const fail = (err: Error) => toast.error(err.message);
  const label = `${review.author}'s review of ${review.productName}`;
  // The button pressed goes away with the status it set: the keyboard moves on to what comes next, the reply box
  // after Publish (a published review is the one a reply is for), Publish after Hide (to take it back).
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const publishButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'reply' | 'publish' | null>(null);
  const setFocusNext = (next: 'reply' | 'publish') => {
    focusNext.current = next;
  };
  useEffect(() => {
    if (!focusNext.current) return;
    (focusNext.current === 'reply' ? replyBox : publishButton).current?.focus();
    focusNext.current = null;
  }, [review.status]);
  const movedOut = shown !== '' && review.status !== shown;

  return (
    <li className="detail-card mb-3">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <h3 id={`${id}-h`} className="h6 mb-1">
          {review.productName}: {review.rating} of 5 stars{review.title ? ` · ${review.title}` : ''}
        </h3>
        <span className={`status-badge ${STATUS_CLASS[review.status]}`}>
          {STATUS_LABELS[review.status]}
          {review.hiddenReason ? `: ${HIDE_REASON_LABELS[review.hiddenReason]}` : ''}
        </span>
      </div>
      <p className="small text-muted-strong mb-1">
        {review.author} · verified buyer · {when(review.createdAt)}
      </p>
      <p className="mb-2 review-text">{review.text}</p>
      {movedOut ? (
        <p className="small text-muted-strong fst-italic mb-2">
          Now {STATUS_LABELS[review.status].toLowerCase()}: it leaves this list when you change the filter or reload.
        </p>
      ) : null}
      <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
        {review.status !== 'PUBLISHED' && (
          <button
            ref={publishButton}
            type="button"
            className="btn btn-sm btn-amber"
            disabled={busy}
            aria-label={`Publish ${label}`}
            onClick={() =>
              moderate.mutate(
                { id: review.id, status: 'PUBLISHED' },
                {
                  onSuccess: (changed) => {
                    onChanged(changed);
                    setFocusNext('reply');
                    toast.success('Review published.');
                  },
                  onError: fail,
                },
              )
            }
          >
            Publish
          </button>
        )}
        {review.status !== 'HIDDEN' && (
          <>
            <div>
              <label htmlFor={`${id}-reason`} className="form-label small mb-1">Reason to hide</label>
              <select id={`${id}-reason`} className="form-select form-select-sm" value={reason} onChange={(e) => setReason(e.target.value as HideReason)}>
                {HIDE_REASONS.map((r) => (
                  <option key={r} value={r}>{HIDE_REASON_LABELS[r]}</option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              disabled={busy}
              aria-label={`Hide ${label}`}
              onClick={() =>
                moderate.mutate(
                  { id: review.id, status: 'HIDDEN', reason },
                  {
                    onSuccess: (changed) => {
                      onChanged(changed);
                      setFocusNext('publish');
                      toast.info('Review hidden.');
                    },
                    onError: fail,
                  },
                )
              }
            >
              Hide
            </button>
          </>
        )}
      </div>
      <form
        className="review-reply-form"
        onSubmit={(e) => {
          e.preventDefault();
          reply.mutate(
            { id: review.id, text: replyText },
            {
              onSuccess: (changed) => {
                onChanged(changed);
                toast.success('Reply saved.');
              },
              onError: fail,
            },
          );
        }}
      >
        <label htmlFor={`${id}-reply`} className="form-label small mb-1">Public reply from the shop</label>
        <textarea ref={replyBox} id={`${id}-reply`} className="form-control form-control-sm mb-2" rows={2} maxLength={REVIEW_REPLY_MAX} value={replyText} onChange={(e) => setReplyText(e.target.value)} />
        <button type="submit" className="btn btn-sm btn-outline-amber" disabled={busy || replyText.trim() === ''} aria-label={`Save reply to ${label}`}>
          Save reply
        </button>
      </form>
    </li>
  );
}

/** A review moderated on this page of the list, and where it stood, so it keeps its place once it leaves the filter. */
interface Kept {
  review: Review;
  at: number;
}

/** The server's page, with the reviews moderated here put back where they were if they no longer match the filter. */
function withKept(items: readonly Review[], kept: ReadonlyMap<number, Kept>): Review[] {
  const list = [...items];
  const listed = new Set(items.map((r) => r.id));
  for (const { review, at } of [...kept.values()].sort((a, b) => a.at - b.at)) {
    if (!listed.has(review.id)) list.splice(Math.min(at, list.length), 0, review);
  }
  return list;
}

/**
 * Admin → Reviews: waiting reviews first; publish, hide with a reason, reply publicly. A review published (or
 * hidden) from the list stays where it was, with its reply box, until the filter or the page changes.
 */
export function ReviewsTab({ active }: { active: boolean }) {
  const id = useId();
  const [status, setStatus] = useState<ReviewStatus | ''>('PENDING');
  const [page, setPage] = useState(1);
  const [kept, setKept] = useState<ReadonlyMap<number, Kept>>(new Map());
  const reviews = useAdminReviews(active, status, page);
  const pages = Math.max(1, Math.ceil((reviews.data?.total ?? 0) / REVIEWS_PAGE_SIZE));
  const shown = reviews.data ? withKept(reviews.data.items, kept) : [];
  const keep = (review: Review) =>
    setKept((before) => {
      const at = before.get(review.id)?.at ?? shown.findIndex((r) => r.id === review.id);
      return new Map(before).set(review.id, { review, at: at < 0 ? 0 : at });
    });
  const turnPage = (next: number) => {
    setPage(next);
    setKept(new Map());
  };
  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-3">
        <p className="text-muted-strong small mb-0">
          Reviews come only from customers whose order was delivered. Publish every honest review, good or bad; hide only abuse,
          personal data, spam or text not about the product.
        </p>
        <div>
          <label htmlFor={id} className="form-label small fw-semibold mb-1">Show</label>
          <select
            id={id}
            className="form-select form-select-sm"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ReviewStatus | '');
              turnPage(1);
            }}
          >
            <option value="PENDING">Waiting for approval</option>
            <option value="PUBLISHED">Published</option>
            <option value="HIDDEN">Hidden</option>
            <option value="">All reviews (waiting first)</option>
          </select>
        </div>
      </div>
      {reviews.isPending && <LoadingDots label="Loading reviews" />}
      {reviews.isError && <LoadError onRetry={() => void reviews.refetch()}>The reviews could not be loaded: {reviews.error.message}</LoadError>}
      {reviews.data && shown.length === 0 && <p className="text-muted-strong">No reviews here.</p>}
      {shown.length > 0 && (
        <ul className="list-unstyled mb-3" aria-label="Reviews">
          {shown.map((r) => (
            <ReviewRow key={r.id} review={r} shown={status} onChanged={keep} />
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} onPage={turnPage} label="Review pages" />
    </div>
  );
}
