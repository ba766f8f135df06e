import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ORDER_LIMIT_LABELS, orderLimitsSchema, type OrderLimits } from '../../../../domain/order-limits';
import { LoadError } from '../../../components/load-error';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useOrderLimits, useSaveOrderLimits } from '../api/order-limits-api';
import { LoadingDots } from '../ui/loading-dots';
import { PendingButton } from '../ui/pending-button';

const FIELDS = Object.keys(ORDER_LIMIT_LABELS) as (keyof OrderLimits)[];

/** Settings → Order limits: how much one account or one network may order or hold at once (0 turns one off). */
export function OrderLimitsSection() {
  const limits = useOrderLimits();
  if (limits.isPending) return <LoadingDots label="Loading order limits" />;
  if (limits.isError) {
    return (
      <LoadError className="mb-0" onRetry={() => void limits.refetch()}>
        The order limits could not be loaded: {limits.error.message}
      </LoadError>
    );
  }
  return <OrderLimitsForm limits={limits.data} />;
}

function OrderLimitsForm({ limits }: { limits: OrderLimits }) {
  const id = useId();
  const save = useSaveOrderLimits();
  const form = useForm<OrderLimits>({ resolver: zodResolver(orderLimitsSchema), defaultValues: limits });
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast.success('Order limits saved.');
      },
      onError: (err) => {
        if (showServerFieldErrors(err, values, form.setError) === 0) toast.error(err.message);
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="detail-heading">Order limits</h3>
      <p className="form-text mt-0">
        Stop one account or one network from holding all the stock or flooding you with orders. A customer past a limit is told
        what to do. 0 turns a limit off.
      </p>
      {FIELDS.map((field) => {
        const error = form.formState.errors[field]?.message;
        return (
          <div className="mb-2" key={field}>
            <label htmlFor={`${id}-${field}`} className="form-label mb-1">{ORDER_LIMIT_LABELS[field]}</label>
            <input
              id={`${id}-${field}`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className={`form-control${error ? ' is-invalid' : ''}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${field}-err` : undefined}
              {...form.register(field, { valueAsNumber: true })}
            />
            {error && <div id={`${id}-${field}-err`} className="invalid-feedback">{error}</div>}
          </div>
        );
      })}
      <PendingButton className="btn btn-amber mt-2" pending={save.isPending}>Save order limits</PendingButton>
    </form>
  );
}
