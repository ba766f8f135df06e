import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { REVIEW_REQUEST_DAYS_MAX } from '../../../../domain/schemas/review';
import { settingsSchema, type Settings } from '../../../../domain/schemas/settings';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useSaveSettings } from '../api/settings-api';
import { PendingButton } from '../ui/pending-button';

const reviewSettingsSchema = z.object({
  reviewsNeedApproval: z.boolean(),
  reviewRequestDays: settingsSchema.shape.reviewRequestDays.unwrap(),
});
type ReviewSettingsValues = z.infer<typeof reviewSettingsSchema>;

/** Settings → Reviews: whether reviews wait for the owner, and when the review-request mail goes. */
export function ReviewSettingsForm({ settings }: { settings: Settings }) {
  const id = useId();
  const save = useSaveSettings();
  const form = useForm<ReviewSettingsValues>({
    resolver: zodResolver(reviewSettingsSchema),
    defaultValues: { reviewsNeedApproval: settings.reviewsNeedApproval ?? true, reviewRequestDays: settings.reviewRequestDays ?? 3 },
  });
  const error = form.formState.errors.reviewRequestDays?.message;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { ...settings, ...values },
      {
        onSuccess: (saved) => {
          form.reset({ reviewsNeedApproval: saved?.reviewsNeedApproval ?? values.reviewsNeedApproval, reviewRequestDays: saved?.reviewRequestDays ?? values.reviewRequestDays });
          toast.success('Review settings saved.');
        },
        onError: (err) => {
          if (showServerFieldErrors(err, values, form.setError) === 0) toast.error(err.message);
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="detail-heading">Reviews</h3>
      <div className="form-check form-switch mb-3">
        <input id={`${id}-a`} className="form-check-input" type="checkbox" role="switch" aria-describedby={`${id}-a-help`} {...form.register('reviewsNeedApproval')} />
        <label htmlFor={`${id}-a`} className="form-check-label">New reviews wait for my approval</label>
        <div id={`${id}-a-help`} className="form-text">Publish every honest review, good or bad; hide only abuse, personal data, spam or text not about the product.</div>
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-d`} className="form-label">Ask for a review this many days after delivery</label>
        <input
          id={`${id}-d`}
          type="number"
          inputMode="numeric"
          min={1}
          max={REVIEW_REQUEST_DAYS_MAX}
          step={1}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          {...form.register('reviewRequestDays', { valueAsNumber: true })}
        />
        {error && <div id={`${id}-err`} className="invalid-feedback">{error}</div>}
      </div>
      <PendingButton className="btn btn-amber" pending={save.isPending}>Save review settings</PendingButton>
    </form>
  );
}
