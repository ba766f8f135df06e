import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { MODERATION_NOTE, REVIEW_TEXT_MAX, REVIEW_TITLE_MAX, reviewInputSchema, type Review } from '../../../domain/schemas/review';
import { LoadError } from '../../components/load-error';
import { LoginRequired } from '../../components/login-required';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { showServerFieldErrors } from '../../lib/form-errors';
import { productPath } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { useProducts } from '../products/products-api';
import { useSession } from '../session/session-store';
import { useMyReview, useWriteReview } from './reviews-api';

// The form keeps the rating as text (radio values) and the schema's own rules for the rest.
const formSchema = reviewInputSchema.extend({ rating: z.coerce.number().pipe(reviewInputSchema.shape.rating) });
type FormValues = z.input<typeof formSchema>;

/** /review/{productId}: a buyer writes (or rewrites) their review of one product; the review-request mail links here. */
export function ReviewFormPage() {
  const { productId = '' } = useParams();
  const session = useSession();
  const products = useProducts();
  const product = products.data?.find((p) => p._id === productId);
  usePageTitle(product ? `Review ${product.name}` : 'Write a review');
  const mine = useMyReview(productId, !!session && !!product);

  if (!session) return <LoginRequired title="Write a review" />;
  if (products.isPending || (product && (mine.isPending || (mine.isFetching && !mine.data?.canReview)))) return <Spinner label="Loading…" />;
  if (!product) {
    return (
      <section className="container py-5 text-center page-narrow">
        <h1 className="h2">We could not find that ghee</h1>
        <Link className="btn btn-amber" to="/products">Continue Shopping</Link>
      </section>
    );
  }
  // Someone who cannot review is told why in the alert; the moderation note would open with the same sentence.
  const canWrite = !(mine.data && !mine.data.canReview);
  return (
    <section className="container py-4 py-md-5 page-narrow">
      <h1 className="h2 mb-1">Review {product.name}</h1>
      {canWrite ? <p className="text-body-secondary small mb-4">{MODERATION_NOTE}</p> : null}
      {mine.isError ? (
        <LoadError onRetry={() => void mine.refetch()}>We could not check your orders just now. Please try again in a moment.</LoadError>
      ) : !canWrite ? (
        <div className="alert alert-info mt-3" role="status">
          Only customers who received this ghee can review it. Once your order is delivered, you can write one here.
        </div>
      ) : (
        <ReviewForm productId={productId} productName={product.name} existing={mine.data?.review ?? null} />
      )}
      <Link to={productPath(product.slug)} className="btn btn-link px-0">Back to {product.name}</Link>
    </section>
  );
}

function ReviewForm({ productId, productName, existing }: { productId: string; productName: string; existing: Review | null }) {
  const id = useId();
  const write = useWriteReview(productId);
  const [saved, setSaved] = useState<Review | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { rating: existing ? String(existing.rating) : undefined, title: existing?.title ?? '', text: existing?.text ?? '' },
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (errors.rating) document.getElementById(`${id}-r5`)?.focus();
  }, [errors.rating, id]);

  const onSubmit = form.handleSubmit((values) =>
    write.mutate(formSchema.parse(values), {
      onSuccess: setSaved,
      onError: (err) => {
        if (showServerFieldErrors(err, values, form.setError) === 0) {
          form.setError('root', { message: err instanceof ApiError ? err.message : 'Your review could not be sent. Please try again.' });
        }
      },
    }),
  );

  if (saved) {
    return (
      <div className="alert alert-success" role="status">
        {saved.status === 'PUBLISHED'
          ? `Thank you! Your review of ${productName} is published.`
          : `Thank you! Your review of ${productName} will appear once the shop has read it.`}
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Your review of ${productName}`}>
      {existing ? (
        <p className="small">You reviewed this before. Sending again replaces that review; it is read by the shop again before it shows.</p>
      ) : null}
      <fieldset className="mb-3" aria-describedby={errors.rating ? `${id}-rating-err` : undefined}>
        <legend className="form-label fs-6">Your rating</legend>
        <div className="d-flex flex-wrap gap-2 review-rating-choice">
          {[5, 4, 3, 2, 1].map((n) => (
            <div key={n}>
              <input className="btn-check" type="radio" id={`${id}-r${n}`} value={String(n)} {...form.register('rating')} />
              <label className="btn btn-outline-amber" htmlFor={`${id}-r${n}`}>
                {n} {n === 1 ? 'star' : 'stars'}
              </label>
            </div>
          ))}
        </div>
        {errors.rating ? <div id={`${id}-rating-err`} className="text-danger small mt-1">{errors.rating.message}</div> : null}
      </fieldset>
      <div className="mb-3">
        <label htmlFor={`${id}-title`} className="form-label">Title (optional)</label>
        <input id={`${id}-title`} className={`form-control${errors.title ? ' is-invalid' : ''}`} maxLength={REVIEW_TITLE_MAX} {...form.register('title')} />
        {errors.title ? <div className="invalid-feedback">{errors.title.message}</div> : null}
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-text`} className="form-label">Your review</label>
        <textarea
          id={`${id}-text`}
          rows={6}
          maxLength={REVIEW_TEXT_MAX}
          className={`form-control${errors.text ? ' is-invalid' : ''}`}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`${id}-text-help${errors.text ? ` ${id}-text-err` : ''}`}
          {...form.register('text')}
        />
        {errors.text ? <div id={`${id}-text-err`} className="invalid-feedback">{errors.text.message}</div> : null}
        <div id={`${id}-text-help`} className="form-text">Up to {REVIEW_TEXT_MAX.toLocaleString('en-IN')} characters. Your first name and last initial are shown with it.</div>
      </div>
      {errors.root ? <p className="text-danger" role="alert">{errors.root.message}</p> : null}
      <button type="submit" className="btn btn-amber" disabled={write.isPending}>Send review</button>
    </form>
  );
}
