import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { formatRupees } from '../../../../domain/display';
import { REASON_MAX_LENGTH, refundFormSchema } from '../../../../domain/refunds';
import type { OrderLine } from '../../../../domain/schemas/order';
import { useRefundOrder } from '../api/refunds-api';
import { OrderLineRefundForm } from './order-line-refund-form';
import { useAutoClearErrors } from '../ui/use-auto-clear-errors';

interface RefundFields {
  amount: number;
  reason: string;
}

/**
 * "Refund" on a delivered order paid online: an amount in rupees (what is left unrefunded at first, never more;
 * the server checks that again) and a reason. The parent keys it by what is left, so a new default follows a refund.
 */
export function OrderRefundForm({
  orderid,
  items,
  charges,
  left,
}: {
  orderid: string;
  items: readonly OrderLine[];
  charges: { subtotal: number; discount: number };
  left: number;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [byLines, setByLines] = useState(false);
  const refund = useRefundOrder(orderid);
  const schema = useMemo(() => refundFormSchema(left), [left]);
  const form = useForm<RefundFields>({ resolver: zodResolver(schema), defaultValues: { amount: left, reason: '' } });
  const { errors } = form.formState;
  useAutoClearErrors(form);
  const amount = useWatch({ control: form.control, name: 'amount' });

  const onSubmit = form.handleSubmit((body) =>
    refund.mutate(body, {
      onSuccess: () => {
        toast.success(`A refund of ${formatRupees(body.amount)} is on its way to the customer.`);
        setOpen(false);
      },
    }),
  );

  if (left <= 0) return <p className="small text-muted-strong mb-0">Everything paid for this order has been refunded.</p>;
  if (!open) {
    return (
      <button type="button" className="btn btn-outline-amber" onClick={() => setOpen(true)}>
        Refund
      </button>
    );
  }
  const invalid = (name: keyof RefundFields) => (errors[name] ? ' is-invalid' : '');
  const heading = (
    <>
      <h5 id={`${id}-title`} className="detail-subheading mt-0">Refund this order</h5>
      <p className="small text-muted-strong mb-2">Up to {formatRupees(left)} is left to refund. It goes back to how the customer paid.</p>
      <div className="btn-group btn-group-sm mb-2" role="radiogroup" aria-label="Refund by">
        <input type="radio" className="btn-check" id={`${id}-by-value`} name={`${id}-by`} checked={!byLines} onChange={() => setByLines(false)} />
        <label className="btn btn-outline-amber" htmlFor={`${id}-by-value`}>By amount</label>
        <input type="radio" className="btn-check" id={`${id}-by-lines`} name={`${id}-by`} checked={byLines} onChange={() => setByLines(true)} />
        <label className="btn btn-outline-amber" htmlFor={`${id}-by-lines`}>By bottles</label>
      </div>
    </>
  );
  if (byLines) {
    return (
      <section className="order-action-form" aria-labelledby={`${id}-title`}>
        {heading}
        <OrderLineRefundForm orderid={orderid} items={items} charges={charges} onDone={() => setOpen(false)} />
      </section>
    );
  }
  return (
    <form className="order-action-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      {heading}
      <div className="row g-2">
        <div className="col-sm-4">
          <label htmlFor={`${id}-amount`} className="form-label">Amount (Rs.)</label>
          <input
            id={`${id}-amount`}
            type="number"
            inputMode="numeric"
            min={1}
            max={left}
            step={1}
            className={`form-control${invalid('amount')}`}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={`${id}-amount-error`}
            {...form.register('amount', { valueAsNumber: true })}
          />
          <div id={`${id}-amount-error`} className="invalid-feedback d-block">{errors.amount?.message}</div>
        </div>
        <div className="col-sm-8">
          <label htmlFor={`${id}-reason`} className="form-label">Reason</label>
          <input
            id={`${id}-reason`}
            className={`form-control${invalid('reason')}`}
            maxLength={REASON_MAX_LENGTH}
            placeholder="e.g. one bottle arrived broken"
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`${id}-reason-error`}
            {...form.register('reason')}
          />
          <div id={`${id}-reason-error`} className="invalid-feedback d-block">{errors.reason?.message}</div>
        </div>
      </div>
      <div role="alert">
        {refund.isError && <p className="text-danger small mt-2 mb-0">The refund was not made: {refund.error.message}</p>}
      </div>
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button type="submit" className="btn btn-amber" disabled={refund.isPending}>
          {refund.isPending ? 'Refunding…' : Number.isInteger(amount) && amount > 0 ? `Refund ${formatRupees(amount)}` : 'Refund'}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </form>
  );
}
