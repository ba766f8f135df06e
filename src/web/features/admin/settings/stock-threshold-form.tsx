import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { settingsSchema, type Settings } from '../../../../domain/schemas/settings';
import { DEFAULT_LOW_STOCK_THRESHOLD, LOW_STOCK_THRESHOLD_MAX } from '../../../../domain/stock';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useSaveSettings } from '../api/settings-api';
import { PendingButton } from '../ui/pending-button';

const thresholdSchema = z.object({ lowStockThreshold: settingsSchema.shape.lowStockThreshold.unwrap() });
type ThresholdValues = z.infer<typeof thresholdSchema>;

/**
 * Settings → Stock: the count at which a size is "low" (the Stock tab marks it, one mail goes to the shop).
 * PUT /api/settings replaces the row whole, so the mail fields go along as last saved.
 */
export function StockThresholdForm({ settings }: { settings: Settings }) {
  const id = useId();
  const save = useSaveSettings();
  const form = useForm<ThresholdValues>({
    resolver: zodResolver(thresholdSchema),
    defaultValues: { lowStockThreshold: settings.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD },
  });
  const error = form.formState.errors.lowStockThreshold?.message;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { ...settings, ...values },
      {
        onSuccess: (saved) => {
          form.reset({ lowStockThreshold: saved?.lowStockThreshold ?? values.lowStockThreshold });
          toast.success('Low-stock threshold saved.');
        },
        onError: (err) => {
          if (showServerFieldErrors(err, values, form.setError) === 0) toast.error(err.message);
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="detail-heading">Stock</h3>
      <div className="mb-3">
        <label htmlFor={`${id}-t`} className="form-label">Low-stock threshold (bottles)</label>
        <input
          id={`${id}-t`}
          type="number"
          inputMode="numeric"
          min={0}
          max={LOW_STOCK_THRESHOLD_MAX}
          step={1}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help${error ? ` ${id}-err` : ''}`}
          {...form.register('lowStockThreshold', { valueAsNumber: true })}
        />
        {error && <div id={`${id}-err`} className="invalid-feedback">{error}</div>}
        <div id={`${id}-help`} className="form-text">
          A counted size at or under this many bottles is marked low in the Stock tab, and the shop gets one e-mail when it gets there.
          0 warns only when a size sells out.
        </div>
      </div>
      <PendingButton className="btn btn-amber" pending={save.isPending}>Save threshold</PendingButton>
    </form>
  );
}
