import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { formatRupees } from '../../../../domain/display';
import { REASON_MAX_LENGTH, refundFormSchema } from '../../../../domain/refunds';
import { useRefundOrder } from '../api/refunds-api';
import { useAutoClearErrors } from '../ui/use-auto-clear-errors';

interface RefundFields {
  amount: number;
  reason: string;
}

/** The reason a refund of a returned parcel starts with; the refund list and the owner's records show it. */
const RETURNED_REFUND_REASON = 'Returned to us by the courier';
const DELIVERY_KEPT_REASON = 'Delivery fee kept back: the courier charged us both ways';

/**
 * "Refund the payment" on a parcel the courier returned to us, paid online. Its bottles and invoice were settled by the
 * return, so this gives back money only: all that is left at first; the owner may keep back part (the delivery fee,
 * say, when the courier charged both ways) and says why, since the customer's refund mail shows that reason. The
 * parent keys it by what is left, so a new default follows a refund.
 */
export function OrderReturnRefundForm({ orderid, left, deliveryFee, invoiced }: { orderid: string; left: number; deliveryFee: number; invoiced: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const refund = useRefundOrder(orderid);
  const schema = useMemo(() => refundFormSchema(left), [left]);
  const form = useForm<RefundFields>({ resolver: zodResolver(schema), defaultValues: { amount: left, reason: RETURNED_REFUND_REASON } });
  const { errors } = form.formState;
  useAutoClearErrors(form);
  const amount = useWatch({ control: form.control, name: 'amount' });
  const kept = Number.isInteger(amount) && amount > 0 && amount < left ? left - amount : 0;

  const onSubmit = form.handleSubmit((body) =>
    refund.mutate(body, {
      onSuccess: () => {
        toast.success(`A refund of ${formatRupees(body.amount)} is on its way to the customer.`);
        setOpen(false);
      },
    }),
  );
  const keepDeliveryFee = () => {
    form.setValue('amount', left - deliveryFee, { shouldValidate: true });
    form.setValue('reason', DELIVERY_KEPT_REASON);
  };

  if (left <= 0) return <p className="small text-muted-strong mb-0">Everything paid for this order has been refunded.</p>;
  if (!open) {
    return (
      <button type="button" className="btn btn-amber" onClick={() => setOpen(true)}>
        Refund the payment
      </button>
    );
  }
  const invalid = (name: keyof RefundFields) => (errors[name] ? ' is-invalid' : '');
  return (
    <form className="order-action-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`} className="detail-subheading mt-0">Refund the payment</h5>
      <p className="small text-muted-strong mb-2">
        {formatRupees(left)} paid online is not refunded yet. It goes back to how the customer paid. The order stays
        returned and no bottles go back into stock again{invoiced ? ': the return’s credit note reversed the whole invoice, so no other is issued' : ''}.
      </p>
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
            aria-describedby={`${id}-amount-error ${id}-kept`}
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
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`${id}-reason-error`}
            {...form.register('reason')}
          />
          <div id={`${id}-reason-error`} className="invalid-feedback d-block">{errors.reason?.message}</div>
        </div>
      </div>
      <p id={`${id}-kept`} className="small mt-1 mb-0" aria-live="polite">
        {kept > 0 ? `You keep ${formatRupees(kept)} back. The refund mail tells the customer the reason.` : ''}
      </p>
      {deliveryFee > 0 && deliveryFee < left && (
        <button type="button" className="btn btn-link btn-sm px-0" onClick={keepDeliveryFee}>
          Keep back the delivery fee ({formatRupees(deliveryFee)})
        </button>
      )}
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
